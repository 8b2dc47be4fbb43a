import Mustache
import Templating

/// swift-mustache's hook for pm-render's escaping, which is `Templating.HTMLEscaping` (on UTF-8
/// bytes). Goes with swift-mustache.
struct HTMLEscaping: MustacheContentType {
    /// The content type's name for swift-mustache's `CONTENT_TYPE` pragma.
    static let name = "PM_RENDER_HTML"

    /// The line `TemplateSet` puts before every template. (User templates may not have pragmas of
    /// their own, so none can turn escaping off.)
    static let pragmaLine = "{{% CONTENT_TYPE: \(name)}}\n"

    /// Registers the content type with swift-mustache (once, before any template is parsed).
    static let registered: Void = {
        MustacheContentTypes.register(HTMLEscaping(), named: name)
    }()

    func escapeText(_ text: String) -> String {
        Templating.HTMLEscaping.escape(text)
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
    static func escape(_ text: String) -> String {
        Templating.HTMLEscaping.escape(text)
    }

    /// Appends `text` escaped to `output`.
    static func append(_ text: String, to output: inout [UInt8]) {
        Templating.HTMLEscaping.append(text, to: &output)
    }
}
