import Foundation
import Templating

/// The templates pages are rendered with: the built-in ones (`Templates/`, compiled into the binary) or a user's
/// folder (`--templates`), parsed, linked and checked against the view models before anything is rendered.
public struct PageTemplates: Sendable {
    let set: TemplateSet

    /// Each page template and the view model it is rendered with.
    static let roots = [
        TemplateRoot("page", PageView.self), TemplateRoot("overdue", OverduePageView.self),
        TemplateRoot("history", HistoryPageView.self), TemplateRoot("overview", OverviewPageView.self),
        TemplateRoot("metrics", MetricsPageView.self),
    ]

    /// Templates every set must have; `history`, `overview` and `metrics` only when such a page is rendered.
    static let required = ["page", "overdue"]

    /// The built-in templates. The tests lint them against the view models; at run time they are only parsed, once.
    public static func builtIn() -> PageTemplates { builtInSet }

    private static let builtInSet: PageTemplates = {
        let sources = TemplateSource.named(EmbeddedTemplates.sources, folder: "Templates")
        // It cannot fail: the test suite parses and lints the same sources.
        return PageTemplates(set: try! TemplateSet(sources))
    }()

    /// The built-in templates and what the linter says about them (for the tests).
    static func lintBuiltIn() -> [Diagnostic] {
        check(TemplateSource.named(EmbeddedTemplates.sources, folder: "Templates"), folder: "Templates").1
    }

    /// Every `*.mustache` file of `directory` (and its subfolders, named `sub/name`); it replaces the built-in set.
    public static func load(directory: String) -> (PageTemplates?, [Diagnostic]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return (nil, [Diagnostic(.unreadableTemplate("'\(directory)' is not a folder"), file: directory, at: nil)])
        }
        let (sources, issues) = TemplateSource.load(folder: directory)
        guard issues.isEmpty else { return (nil, issues.map(diagnostic)) }
        return check(sources, folder: directory)
    }

    static func check(_ sources: [TemplateSource], folder: String) -> (PageTemplates?, [Diagnostic]) {
        let names = Set(sources.map(\.name))
        var diagnostics = required.filter { !names.contains($0) }.map {
            Diagnostic(.missingTemplate($0), file: folder, at: nil)
        }
        // Only the pages the set has are checked: a set without `metrics` renders no metrics page.
        let roots = roots.filter { names.contains($0.template) }
        let (set, issues) = TemplateSet.check(sources, roots: roots)
        diagnostics += issues.map(diagnostic)
        guard let set, !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (PageTemplates(set: set), diagnostics)
    }

    /// Whether the set has a template of that name.
    public func has(_ name: String) -> Bool { set.has(name) }

    /// Renders `view` with the template `name` into `sink`. The set was checked when it was made, but a recursion
    /// through a section can still be one the data never ends (a partial including itself inside a section whose
    /// name an outer context answers again): that stops at the partial-depth limit with an error diagnostic, and
    /// what was written is incomplete.
    func render(_ view: some TemplateModel, template name: String, to sink: ByteSink) throws(RenderFailure) {
        do {
            try set.render(name, view.templateValue, to: sink)
        } catch {
            throw RenderFailure(diagnostic: diagnostic(error, page: name))
        }
    }

    /// A site file rendered with the template `name` when it is written.
    func file(_ path: String, _ view: some TemplateModel, template name: String) -> RenderedSite.File {
        RenderedSite.File(path: path) { sink throws(RenderFailure) in try render(view, template: name, to: sink) }
    }

    /// Renders `view` with the template `name`, as UTF-8.
    func render(_ view: some TemplateModel, template name: String) throws(RenderFailure) -> [UInt8] {
        let sink = ByteSink()
        try render(view, template: name, to: sink)
        return sink.bytes
    }

    /// A rendering error as a diagnostic at the template tag where it stopped (a budget: on the page's template).
    private func diagnostic(_ error: TemplateRenderError, page: String) -> Diagnostic {
        func file(_ name: String) -> String {
            set.source(named: name).map { $0.path.isEmpty ? $0.name : $0.path } ?? name
        }
        switch error {
        case .noSuchTemplate(let name):
            return Diagnostic(.missingTemplate(name), file: "templates", at: nil)
        case .partialsTooDeep(let template, let location):
            return Diagnostic(
                .templateRecursion(limit: TemplateSet.maximumPartialDepth), file: file(template),
                at: SourceLocation(line: location.line, column: location.column))
        case .outputTooLarge(let limit):
            return Diagnostic(.pageTooLarge("\(limit / (1 << 20)) MiB of output"), file: file(page), at: nil)
        case .tooManySteps(let limit):
            return Diagnostic(
                .pageTooLarge("\(limit) repetitions of sections and inclusions of partials"), file: file(page), at: nil)
        }
    }

    /// A template issue as a diagnostic, worded in the catalogue.
    static func diagnostic(_ issue: TemplateIssue) -> Diagnostic {
        let location = issue.location.map { SourceLocation(line: $0.line, column: $0.column) }
        let problem: Problem
        switch issue.kind {
        case .syntax(let kind): problem = syntaxProblem(kind)
        case .missingPartial(let name): problem = .missingPartial(name)
        case .partialCycle(let chain): problem = .partialCycle(chain)
        case .tooLarge(let limit): problem = .templateTooLarge(limit: limit)
        case .listsTooDeep(let limit): problem = .templateListsTooDeep(limit: limit)
        case .missingTemplate(let name): problem = name == "history" ? .missingHistoryTemplate : .missingTemplate(name)
        case .unknownKey(let name): problem = .unknownTemplateKey(name)
        case .unescapedText(let name): problem = .unescapedText(name)
        case .notText(let name): problem = .templateKeyNotText(name)
        case .unreadable(let code): problem = .unreadableTemplate(FileProblemWording.reason(errno: code))
        case .notUTF8: problem = .unreadableTemplate("not UTF-8 text")
        }
        return Diagnostic(problem, file: issue.path.isEmpty ? issue.template : issue.path, at: location)
    }

    private static func syntaxProblem(_ kind: TemplateSyntaxError.Kind) -> Problem {
        switch kind {
        case .unclosedSection(let name):
            return .templateSyntax("section '\(name)' is never closed (expected '{{/\(name)}}')")
        case .wrongCloseTag(let expected, let found):
            return .templateSyntax(
                expected.map { "'{{/\(found)}}' closes '\($0)': expected '{{/\($0)}}'" }
                    ?? "'{{/\(found)}}' closes no section")
        case .unclosedTag: return .templateSyntax("a tag is not finished (expected its closing delimiter)")
        case .invalidDelimiters: return .templateSyntax("invalid set-delimiter tag: expected '{{=<% %>=}}'")
        case .emptyTag: return .templateSyntax("a tag has no name")
        case .invalidName(let name): return .templateSyntax("'\(name)' is not a valid name")
        case .nestingTooDeep(let limit): return .templateNestingTooDeep(limit: limit)
        case .unsupportedTag(let text): return .unsupportedTemplateTag(text)
        }
    }
}

/// A page whose template stopped before its end; it must not be published.
public struct RenderFailure: Error, Hashable, Sendable {
    public let diagnostic: Diagnostic
}

/// The plain words for an `errno`, for messages that must not show a system's sentence.
enum FileProblemWording {
    static func reason(errno code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ENOENT: return "no such file or folder"
        case ENOTDIR: return "a part of the path is not a folder"
        case EISDIR: return "it is a folder"
        case ELOOP: return "too many symbolic links"
        case ENAMETOOLONG: return "the name is too long"
        case EMFILE, ENFILE: return "too many open files"
        case EIO: return "an input/output error"
        default: return "error \(code)"
        }
    }
}
