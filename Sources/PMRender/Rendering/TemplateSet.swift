import Foundation
import Mustache

/// A checked set of Mustache templates: the built-in ones compiled into the binary, or a user's
/// folder given with `--templates`. Loading reports syntax errors, missing templates and partials,
/// partial cycles and unknown keys as diagnostics instead of rendering blanks.
public struct TemplateSet: Sendable {
    /// Templates every set must have. `history` is needed only when a history page is rendered.
    public static let requiredNames = ["page", "overdue"]

    struct Source: Sendable {
        let name: String
        /// The path shown in diagnostics.
        let path: String
        let text: String
    }

    /// The templates as swift-mustache parsed them; nil for the built-in set, whose tokens were read
    /// when pm-render was built.
    let library: MustacheLibrary?
    /// The same templates compiled for speed; nil when they use something only swift-mustache
    /// renders (transforms, inheritance).
    let compiled: CompiledTemplates?
    let sources: [String: Source]

    /// The templates compiled into the binary from the top-level `Templates/` folder.
    ///
    /// The `EmbedResources` plugin parses them with swift-mustache when pm-render is built, and
    /// embeds their tokens: start-up compiles those, without parsing, reflecting or linting (that
    /// would cost a third of a small board's run). With `lint`, they are parsed, linted and compiled
    /// at run time like a `--templates` folder; the test suite does that on every run, and checks
    /// that both ways give the same tokens.
    public static func builtIn(lint: Bool = false) -> (TemplateSet?, [Diagnostic]) {
        let sources = EmbeddedTemplates.sources.map { Source(name: $0.key, path: "Templates/\($0.key).mustache", text: $0.value) }
        if !lint, let tokens = EmbeddedTemplates.tokens() {
            let byName = Dictionary(uniqueKeysWithValues: sources.map { ($0.name, $0) })
            return (TemplateSet(library: nil, compiled: CompiledTemplates(tokens: tokens), sources: byName), [])
        }
        return make(sources, lint: lint)
    }

    /// Every `*.mustache` file of `directory` (and its subfolders, named `sub/name`); it replaces
    /// the built-in set entirely.
    public static func load(directory: String) -> (TemplateSet?, [Diagnostic]) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            return (nil, [Diagnostic(.unreadableTemplate("'\(directory)' is not a folder"), file: directory, at: nil)])
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var sources: [Source] = []
        var diagnostics: [Diagnostic] = []
        let paths = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).sorted()
        for relative in paths where relative.hasSuffix(".mustache") {
            let path = base + relative
            let bytes: [UInt8]
            do {
                bytes = try BoardLoader.readBytes(path: path)
            } catch {
                diagnostics.append(Diagnostic(.unreadableTemplate(error.reason), file: path, at: nil))
                continue
            }
            guard let text = String(data: Data(bytes), encoding: .utf8) else {
                diagnostics.append(Diagnostic(.unreadableTemplate("not UTF-8 text"), file: path, at: nil))
                continue
            }
            sources.append(Source(name: String(relative.dropLast(".mustache".count)), path: path, text: text))
        }
        let (set, more) = make(sources, missingFolder: directory)
        return (diagnostics.isEmpty ? set : nil, diagnostics + more)
    }

    static func make(_ sources: [Source], missingFolder: String = "Templates", lint: Bool = true) -> (TemplateSet?, [Diagnostic]) {
        HTMLEscaping.registered
        var diagnostics: [Diagnostic] = []
        var templates: [String: MustacheTemplate] = [:]
        var byName: [String: Source] = [:]
        for source in sources.sorted(by: { $0.name < $1.name }) {
            byName[source.name] = source
            // Checked before swift-mustache parses it: its parser recurses once per nested section.
            if let problem = Tag.structuralProblem(in: source.text) {
                diagnostics.append(Diagnostic(problem.0, file: source.path, at: problem.1))
                continue
            }
            do {
                // Every template, partials included (swift-mustache resets the escaping for each
                // partial), starts by choosing pm-render's escaping: a line of its own, which renders
                // nothing; diagnostics subtract it.
                templates[source.name] = try parse(source)
            } catch let error as MustacheTemplate.ParserError {
                var problem = Problem.templateSyntax(describe(error.error))
                var location = SourceLocation(line: max(error.context.lineNumber - 1, 1), column: max(error.context.columnNumber, 1))
                // The parser notices an unclosed section at the end of the file; point at its opening tag.
                if case .expectedSectionEnd? = error.error as? MustacheTemplate.Error,
                   let open = Tag.unclosedSection(in: source.text) {
                    problem = .templateSyntax("section '\(open.name)' is never closed (expected '{{/\(open.name)}}')")
                    location = open.location
                }
                diagnostics.append(Diagnostic(problem, file: source.path, at: location))
            } catch {
                diagnostics.append(Diagnostic(.templateSyntax(String(describing: error)), file: source.path, at: nil))
            }
        }
        for name in requiredNames where byName[name] == nil {
            diagnostics.append(Diagnostic(.missingTemplate(name), file: missingFolder, at: nil))
        }
        if diagnostics.isEmpty, lint {
            diagnostics += TemplateLinter(sources: byName).lint(roots: PageSample.roots.filter { byName[$0.0] != nil })
        }
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        let compiled = try? CompiledTemplates(templates)
        return (TemplateSet(library: MustacheLibrary(templates: templates), compiled: compiled, sources: byName), diagnostics)
    }

    /// Whether the set has a template of that name.
    public func has(_ name: String) -> Bool { sources[name] != nil }

    /// Renders `value` with the named template, as UTF-8; nil when there is no such template.
    func render(_ value: some TemplateObject, template name: String) -> [UInt8]? {
        let sink = ByteSink()
        return render(value, template: name, to: sink) ? sink.bytes : nil
    }

    /// Renders `value` with the named template into `sink`; false when there is no such template.
    func render(_ value: some TemplateObject, template name: String, to sink: ByteSink) -> Bool {
        if let compiled { return compiled.render(value, template: name, to: sink) }
        guard let bytes = renderWithSwiftMustache(value, template: name) else { return false }
        sink.append(bytes)
        return true
    }

    /// Renders through swift-mustache itself: for sets the compiler leaves alone, and for tests to
    /// check the compiled templates against.
    func renderWithSwiftMustache(_ value: some TemplateObject, template name: String) -> [UInt8]? {
        let library = library ?? MustacheLibrary(templates: sources.compactMapValues { try? Self.parse($0) })
        return library.render(value, withTemplate: name).map { Array($0.utf8) }
    }

    /// Parses a template with swift-mustache.
    static func parse(_ source: Source) throws -> MustacheTemplate {
        HTMLEscaping.registered
        return try MustacheTemplate(string: HTMLEscaping.pragmaLine + source.text)
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return String(describing: error) }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with the wrong name"
        case .unfinishedName: return "a tag is not finished (expected '}}')"
        case .expectedSectionEnd: return "a section is never closed (expected '{{/name}}')"
        case .invalidSetDelimiter: return "invalid set-delimiter tag"
        case .transformAppliedToInheritanceSection: return "a transform cannot apply to an inherited section"
        case .illegalTokenInsideInheritSection: return "only blocks may stand inside an inheriting partial"
        case .textInsideInheritSection: return "text inside an inheriting partial"
        case .invalidConfigVariableSyntax: return "invalid pragma syntax"
        case .unrecognisedConfigVariable: return "unknown pragma"
        }
    }
}
