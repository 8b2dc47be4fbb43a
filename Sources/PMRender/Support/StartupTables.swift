import Templating

/// The tables pm-render builds once, at their first use: the lane names (`Data/lane-names.json`), and for pages the
/// built-in templates, the keys of the page's view models and the English words; and Yams' first document. They
/// take a few milliseconds, a good part of a small board's whole run; the CLI has `prepare(pages:)` build them on
/// another core while swift-argument-parser reads the command line (a reader that needs one before it is ready
/// waits for it: each is built once).
public enum StartupTables {
    /// Builds the tables now: those every board needs, and with `pages` those of the rendered pages. They come in
    /// the order a render needs them: the templates as soon as the command line is read, the front matter's reader
    /// and the lane names while the board is read, the view models' keys when its pages are made.
    public static func prepare(pages: Bool) {
        if pages { _ = PageTemplates.builtIn() }
        FrontMatter.prepare()
        LaneStates.prepare()
        guard pages else { return }
        for root in PageTemplates.roots where PageTemplates.required.contains(root.template) {
            _ = TemplateSchema.reachable(from: root.model.type)
        }
        _ = Localization.load("en")
    }
}
