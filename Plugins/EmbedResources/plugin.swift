import Foundation
import PackagePlugin

/// Compiles the package's top-level `Templates/*.mustache` and `Locales/*.json` into a Swift source
/// file of the target, so a `pm-render` binary works when copied anywhere, with no resource bundle
/// beside it. The file lists are read at every build, so added, edited and removed files are picked up.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let templates = files(in: root.appending(path: "Templates"), ending: ".mustache")
        let locales = files(in: root.appending(path: "Locales"), ending: ".json")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        let arguments = [output.path(percentEncoded: false), "--templates"] + templates.map { $0.path(percentEncoded: false) }
            + ["--locales"] + locales.map { $0.path(percentEncoded: false) }
        return [
            .buildCommand(
                displayName: "Embedding \(templates.count) templates and \(locales.count) locales",
                executable: try context.tool(named: "EmbedResourcesTool").url,
                arguments: arguments,
                inputFiles: templates + locales,
                outputFiles: [output]
            )
        ]
    }

    private func files(in folder: URL, ending suffix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { folder.appending(path: $0) }
    }
}
