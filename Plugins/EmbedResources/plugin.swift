import Foundation
import PackagePlugin

/// Compiles the package's top-level `Templates/*.mustache`, `Locales/*.json` and `Data/*.json` into a Swift source
/// file of the target, so a `pm-render` binary works when copied anywhere, with no resource bundle beside it.
///
/// The tool lists the folders itself when it runs, and the folders are inputs of the command as well as every file
/// in them: an edited file, and a file added or removed (which changes its folder), make the next build embed again,
/// even when SwiftPM reuses the commands this plugin returned earlier.
@main
struct EmbedResources: BuildToolPlugin {
    /// Each folder, the files it contributes, the enum that holds them, and whether they are word tables (JSON read
    /// at build time and embedded as Swift values) rather than texts.
    static let folders = [
        ("Templates", ".mustache", "EmbeddedTemplates", false), ("Locales", ".json", "EmbeddedLocales", false),
        ("Data", ".json", "EmbeddedData", true),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        var arguments = [output.path(percentEncoded: false)]
        var inputs: [URL] = []
        for (name, suffix, enumName, tables) in Self.folders {
            let folder = root.appending(path: name)
            arguments.append("\(enumName)=\(folder.path(percentEncoded: false))=\(suffix)" + (tables ? "=tables" : ""))
            inputs += [folder] + files(in: folder, ending: suffix)
        }
        return [
            .buildCommand(
                displayName: "Embedding Templates/, Locales/ and Data/",
                executable: try context.tool(named: "EmbedResourcesTool").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    private func files(in folder: URL, ending suffix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { folder.appending(path: $0) }
    }
}
