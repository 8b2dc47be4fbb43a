import Foundation
import Templating
import Testing

/// The official Mustache spec, every case of every section but lambdas (the JSON files come from
/// `scripts/fetch-mustache-spec`; `MUSTACHE_SPEC_DIR` names another folder).
@Suite("Mustache spec")
struct MustacheSpecTests {
    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    static let folder: URL = {
        if let folder = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"] {
            return URL(fileURLWithPath: folder)
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "test-output/mustache-spec")
    }()

    struct SpecFile: Decodable {
        let tests: [SpecCase]
    }

    struct SpecCase: Decodable, Sendable, CustomTestStringConvertible {
        var file = ""
        let name: String
        let data: JSONData
        let template: String
        let expected: String
        let partials: [String: String]?

        enum CodingKeys: String, CodingKey {
            case name, data, template, expected, partials
        }

        var testDescription: String { "\(file): \(name)" }
    }

    /// Every case, or the reason there are none (a case of its own, so that the test fails).
    enum Entry: Sendable, CustomTestStringConvertible {
        case spec(SpecCase)
        case unavailable(String)

        var testDescription: String {
            switch self {
            case .spec(let spec): spec.testDescription
            case .unavailable: "the spec files"
            }
        }
    }

    static let entries: [Entry] = {
        var entries: [Entry] = []
        for file in files {
            let url = folder.appending(path: "\(file).json")
            guard let data = try? Data(contentsOf: url) else {
                return [
                    .unavailable(
                        "cannot read \(url.path): run scripts/fetch-mustache-spec (or set MUSTACHE_SPEC_DIR)")
                ]
            }
            do {
                for var spec in try JSONDecoder().decode(SpecFile.self, from: data).tests {
                    spec.file = file
                    entries.append(.spec(spec))
                }
            } catch {
                return [.unavailable("cannot decode \(url.path): \(error)")]
            }
        }
        return entries
    }()

    static let templateName = "(spec template)"

    @Test("the spec case renders as expected", arguments: entries)
    func specCase(_ entry: Entry) throws {
        guard case .spec(let spec) = entry else {
            if case .unavailable(let reason) = entry { Issue.record(Comment(rawValue: reason)) }
            return
        }
        var sources = [TemplateSource(name: Self.templateName, path: "template", text: spec.template)]
        for (name, text) in spec.partials ?? [:] {
            sources.append(TemplateSource(name: name, path: name, text: text))
        }
        let set = try TemplateSet(sources)
        let output = try set.render(Self.templateName, spec.data.templateValue)
        #expect(String(decoding: output, as: UTF8.self) == spec.expected, "\(spec.template.debugDescription)")
    }

    @Test("every section of the spec is there")
    func complete() {
        var counts: [String: Int] = [:]
        for case .spec(let spec) in Self.entries { counts[spec.file, default: 0] += 1 }
        #expect(counts.keys.sorted() == Self.files, "run scripts/fetch-mustache-spec (or set MUSTACHE_SPEC_DIR)")
        #expect(counts.values.allSatisfy { $0 >= 10 }, "\(counts)")
    }
}
