import Foundation
import Testing

@testable import PMRender

@Suite("Localization")
struct LocalizationTests {
    /// `status.overdue.one` and `status.overdue.other` are one key family, `status.overdue`.
    static func families(_ catalogue: Catalogue) -> Set<String> {
        Set(
            catalogue.strings.keys.map { key in
                for suffix in [".one", ".other"] where key.hasSuffix(suffix) {
                    return String(key.dropLast(suffix.count))
                }
                return key
            })
    }

    @Test("every catalogue in Locales/ loads")
    func catalogueFilesLoad() throws {
        let folder = TestSupport.packageRoot.appending(path: "Locales")
        let files = TestSupport.files(in: folder, withExtension: "json")
        #expect(files.count >= 2)
        for file in files {
            let code = String(file.dropLast(5))
            _ = try Catalogue(locale: code, json: try TestSupport.read(folder.appending(path: file)))
            #expect(Localization.load(code) != nil, "\(file) is not compiled into the binary")
        }
        #expect(Localization.supported == files.map { String($0.dropLast(5)) })
    }

    @Test("every catalogue has exactly the keys of the English one", arguments: Localization.supported)
    func completeness(locale: String) throws {
        let english = try #require(Localization.load("en"))
        let other = try #require(Localization.load(locale))
        let missing = Self.families(english).subtracting(Self.families(other)).sorted()
        let extra = Self.families(other).subtracting(Self.families(english)).sorted()
        #expect(missing.isEmpty, "\(locale) lacks \(missing)")
        #expect(extra.isEmpty, "\(locale) has keys English does not: \(extra)")
        for family in Self.families(other) where other.strings[family] == nil {
            #expect(other.strings["\(family).other"] != nil, "\(locale): plural key \(family) needs an 'other' form")
        }
        #expect(other.lists["months.short"]?.count == 12)
        #expect(other.lists["weekdays.short"]?.count == 7)
        #expect(Set(other.lists.keys) == Set(english.lists.keys))
    }

    @Test("placeholders in a translation are those of the English text", arguments: Localization.supported)
    func placeholders(locale: String) throws {
        let english = try #require(Localization.load("en"))
        let other = try #require(Localization.load(locale))
        func names(_ text: String) -> Set<String> {
            Set(
                text.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap {
                    $0.split(separator: "}").first.map(String.init)
                })
        }
        for (key, text) in other.strings {
            let englishText =
                english.strings[key] ?? english.strings[key.replacingOccurrences(of: ".one", with: ".other")] ?? ""
            #expect(
                names(text) == names(englishText) || key.hasPrefix("date."),
                "\(locale) \(key): \(names(text)) vs \(names(englishText))")
        }
    }

    @Test(
        "dates per locale, whatever the machine's locale",
        arguments: [
            ("en", "2026-12-01", nil, "Dec 1, 2026"), ("ko", "2026-12-01", nil, "2026년 12월 1일 (화)"),
            ("en", "2026-11-25", "18:00", "Nov 25, 2026 18:00"),
            ("ko", "2028-02-29", "09:05", "2028년 2월 29일 (화) 09:05"),
        ])
    func dates(locale: String, date: String, time: String?, expected: String) throws {
        let phrases = Phrases(try #require(BoardLocale(rawValue: locale)))
        #expect(
            phrases.date(
                try #require(CalendarDate(iso: Substring(date))), time: time.flatMap { TimeOfDay(text: Substring($0)) })
                == expected)
    }

    @Test(
        "English plurals; Korean has one form",
        arguments: [
            ("en", 1, "1 day overdue"), ("en", 2, "2 days overdue"), ("ko", 1, "1일 지남"), ("ko", 3, "3일 지남"),
        ])
    func plurals(locale: String, days: Int, expected: String) throws {
        #expect(Phrases(try #require(BoardLocale(rawValue: locale))).overdueAge(days: days) == expected)
    }

    @Test(
        "placeholders are filled by name; unknown names and an unclosed brace stay as written",
        arguments: [
            ("{count} cards moved to {lane}", "3 cards moved to Done"),
            ("카드 {count}장이 {lane}(으)로 이동", "카드 3장이 Done(으)로 이동"),
            ("{lane}: {unknown} and {count}", "Done: {unknown} and 3"),
            ("총 {count}개, 여는 괄호 { 하나", "총 3개, 여는 괄호 { 하나"),
            ("no placeholder", "no placeholder"), ("{}{count}{", "{}3{"),
        ])
    func fill(template: String, expected: String) {
        #expect(Catalogue.fill(template, ["count": "3", "lane": "Done"]) == expected)
    }

    @Test("a new catalogue needs no code: plural rules and placeholders come from the file")
    func newLanguage() throws {
        let json = """
            {"name": "Français", "plural": "one-0-1", "strings": {"cards.one": "{count} carte", "cards.other": "{count} cartes",
             "date.format": "{day} {monthShort} {year}"},
             "lists": {"months.short": ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."],
                       "weekdays.short": ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."]}}
            """
        let french = try Catalogue(locale: "fr", json: json)
        #expect(french.plural("cards", count: 0) == "0 carte")
        #expect(french.plural("cards", count: 2) == "2 cartes")
        #expect(french.date(try #require(CalendarDate(iso: "2026-12-01"))) == "1 déc. 2026")
        #expect(french.text("label.board") == "⟦label.board⟧", "a missing key is visible, never blank")
    }

    @Test("a Korean page keeps the board's own lane names, and says the states in Korean")
    func koreanHeadings() throws {
        let board = TestSupport.parse("---\nlocale: ko\n---\n## To Do\n- a\n## In Progress\n## Done\n").board
        let page = PageBuilder(board: board, clock: DeadlineClock(today: CalendarDate(year: 2026, month: 1, day: 1)!))
            .page()
        #expect(page.lanes.map(\.name) == ["To Do", "In Progress", "Done"])
        #expect(page.lanes.map(\.stateName) == ["예정", "진행중", "완료"])
        #expect(page.frame.lang == "ko")
        #expect(page.lanes.first?.countLabel == "카드 1개")
    }

    @Test("no output in any locale shows an untranslated key", arguments: Localization.supported)
    func nothingUntranslated(locale: String) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for example in ["board", "ko", "obsidian"] {
            let path = "examples/\(example).md"
            let site = folder.appending(path: "\(example)-\(locale)")
            #expect(
                try TestSupport.run([path, "-o", site.path, "--today", "2026-11-22", "--locale", locale]).status == 0)
            for file in ["index.html", "overdue.html", "board.ics", "history.html"]
            where FileManager.default.fileExists(atPath: site.appending(path: file).path) {
                #expect(!(try String(contentsOf: site.appending(path: file), encoding: .utf8)).contains("⟦"), "\(file)")
            }
            for format in ["text", "markdown"] {
                let report = try TestSupport.run([
                    "overdue", path, "--today", "2026-11-22", "--within", "30", "--format", format, "--locale", locale,
                ])
                #expect(!report.stdout.contains("⟦") && !report.stdout.isEmpty)
            }
            let diff = try TestSupport.run(["diff", path, "--previous", "examples/obsidian.md", "--locale", locale])
            #expect(!diff.stdout.contains("⟦") && !diff.stdout.isEmpty)
        }
    }

    @Test(
        "golden pages and reports in both languages",
        arguments: [
            ("ko", "en"), ("board", "ko"),
        ])
    func crossLocale(example: String, locale: String) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try TestSupport.run([
            "examples/\(example).md", "-o", folder.appending(path: "site").path, "--today", "2026-11-22", "--locale",
            locale, "--no-history",
        ])
        #expect(result.status == 0)
        for (file, golden) in [
            ("index.html", "\(example)-\(locale).html"), ("overdue.html", "\(example)-\(locale)-overdue.html"),
        ] {
            try TestSupport.assertGolden(
                try String(contentsOf: folder.appending(path: "site/\(file)"), encoding: .utf8),
                TestSupport.expected.appending(path: "html/\(golden)"))
        }
        #expect(
            try String(contentsOf: folder.appending(path: "site/index.html"), encoding: .utf8).contains(
                "<html lang=\"\(locale)\">"))
    }

    @Test("Korean reports match the expected files", arguments: ["text", "markdown"])
    func koreanReports(format: String) throws {
        let result = try TestSupport.run([
            "overdue", "examples/ko.md", "examples/board.md", "--today", "2026-11-22", "--within", "3",
            "--format", format, "--locale", "ko",
        ])
        #expect(result.status == 0)
        try TestSupport.assertGolden(
            result.stdout,
            TestSupport.expected.appending(path: "reports/overdue-ko.\(format == "markdown" ? "md" : "txt")"))
    }

    @Test("an unsupported --locale is a usage error listing the supported ones")
    func unsupported() throws {
        let result = try TestSupport.run(["examples/board.md", "--locale", "fr", "-o", "/tmp/pm-render-never"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unsupported locale 'fr': supported locales are en, ko"))
    }
}
