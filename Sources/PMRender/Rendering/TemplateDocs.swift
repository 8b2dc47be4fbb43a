import Templating

/// The reference of every key templates can use, generated from the view models' declarations (the one place the
/// keys are written): docs/TEMPLATES.md holds it between `<!-- keys:begin -->` and `<!-- keys:end -->`, and a test
/// keeps it current (`PM_RENDER_RECORD=1 swift test` rewrites it).
public enum TemplateDocs {
    public static func markdown() -> String {
        var out = ""
        var seen: Set<String> = []
        for root in PageTemplates.roots {
            out += "### `\(root.template).mustache`: \(root.model.name)\n\n"
            for schema in TemplateSchema.reachable(from: root.model.type) {
                let name = schema.model.name
                if schema.model == root.model {
                    out += table(schema)
                } else if seen.insert(name).inserted {
                    out += "#### \(name)\n\n" + table(schema)
                }
            }
        }
        return out
    }

    private static func table(_ schema: TemplateSchema) -> String {
        var out = "| key | kind | meaning |\n|---|---|---|\n"
        for field in schema.fields {
            let doc = field.doc.replacingOccurrences(of: "|", with: "\\|")
            out += "| `\(field.name)` | \(field.kind) | \(doc) |\n"
        }
        return out + "\n"
    }
}
