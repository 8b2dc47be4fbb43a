import Foundation
import PackagePlugin

/// Compiles the package's top-level `Templates/*.mustache` and `Locales/*.json` into a Swift source
/// file of the target, so a `pm-render` binary works when copied anywhere, with no resource bundle
/// beside it.
///
/// The tool lists the folders itself when it runs, and the folders are inputs of the command as well
/// as every file in them: an edited file, and a file added or removed (which changes its folder), make
/// the next build embed again, even when SwiftPM reuses the commands this plugin returned earlier.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let templates = root.appending(path: "Templates")
        let locales = root.appending(path: "Locales")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        let files = self.files(in: templates, ending: ".mustache") + self.files(in: locales, ending: ".json")
        return [
            .buildCommand(
                displayName: "Embedding Templates/ and Locales/",
                executable: try context.tool(named: "EmbedResourcesTool").url,
                arguments: [output, templates, locales].map { $0.path(percentEncoded: false) },
                inputFiles: [templates, locales] + files,
                outputFiles: [output]
            )
        ]
    }

    private func files(in folder: URL, ending suffix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { folder.appending(path: $0) }
    }
}
