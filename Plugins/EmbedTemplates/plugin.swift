import Foundation
import PackagePlugin

/// Compiles the package's top-level `Templates/*.mustache` into a Swift source file of the target,
/// so a `pm-render` binary works when copied anywhere, with no resource bundle beside it.
/// The template list is read at every build, so added, edited and removed templates are picked up.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: templates.path(percentEncoded: false))) ?? []
        let inputs = names.filter { $0.hasSuffix(".mustache") }.sorted().map { templates.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) templates from Templates/",
                executable: try context.tool(named: "EmbedTemplatesTool").url,
                arguments: [output.path(percentEncoded: false)] + inputs.map { $0.path(percentEncoded: false) },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
