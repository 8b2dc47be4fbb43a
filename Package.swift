// swift-tools-version:6.0
import Foundation
import PackageDescription

// pm-render's own modules reach the metadata of concrete generic types (`Option<String>`, `TemplateFields<DateView>`)
// through direct accessors rather than by demangling their names: each first demangling checks the type's generic
// requirements by a look-up that walks every protocol conformance record in the static binary (7,500 of them; 1 to 2 ms
// of CPU time in a 10-card board's run).
let ownModule: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
]

let package = Package(
    name: "pm-render",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "pm-render", targets: ["PMRenderCLI"]),
        .library(name: "PMRender", targets: ["PMRender"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        // Every process pm-render starts (git) runs through swift-subprocess (Support/ProcessRunner.swift);
        // swift-system gives its `FilePath`.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        // `AsyncChannel`: the history reads the next version while the board of this one is put together.
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.0"),
    ],
    targets: [
        // The C library, found through pkg-config. Only `PMRender/Markdown/MarkdownParser.swift` imports it.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // Small C helpers for what Swift's Glibc module does not expose (atomic folder swap, the allocator's setting, an
        // arena for cmark's tree).
        .target(name: "CPMSupport"),
        // pm-render's Mustache engine: parser, linker, schema linter, byte renderer. Knows nothing of boards.
        .target(name: "Templating", swiftSettings: ownModule),
        // Model, parser, validation and rendering. No dependency on swift-argument-parser.
        .target(
            name: "PMRender",
            dependencies: [
                "CCmark",
                "CPMSupport",
                "Templating",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            swiftSettings: ownModule,
            plugins: ["EmbedResources"]
        ),
        // The thin command-line shell.
        .executableTarget(
            name: "PMRenderCLI",
            dependencies: [
                "PMRender",
                "CPMSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // The preview server (`--serve`).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: ownModule,
            // swiftc's static-stdlib link exports the executable's own symbols (17,000 of them) to the dynamic
            // linker; nothing looks them up, but every start pays for them: the Swift runtime's start-up `dladdr`
            // walks them all, and each symbol the loader binds searches them first (about 0.5 ms of a small board's
            // run). Crash reports of the unstripped binary still have every name (its symbol table is untouched).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))]
        ),
        // Build-time tool and plugin that compile the top-level Templates/, Locales/ and Data/ folders into the
        // library, so the binary needs no resource files beside it.
        .executableTarget(name: "EmbedResourcesTool"),
        .plugin(
            name: "EmbedResources",
            capability: .buildTool(),
            dependencies: ["EmbedResourcesTool"]
        ),
        .testTarget(
            name: "TemplatingTests",
            dependencies: ["Templating"]
        ),
        .testTarget(
            name: "PMRenderTests",
            dependencies: ["PMRender", "PMRenderCLI", "Templating", "CPMSupport"],
            exclude: ["Fixtures", "Expected"]
        ),
    ]
)

// The libFuzzer target exists only for fuzz builds (`Fuzz/run`). Everything is built with AddressSanitizer and
// coverage instrumentation; libFuzzer (which supplies `main`) is linked into this target alone, so the build
// plugin's own tool still links normally.
if ProcessInfo.processInfo.environment["PM_RENDER_FUZZ"] != nil {
    package.products.append(.executable(name: "pm-render-fuzz", targets: ["PMRenderFuzz"]))
    package.targets.append(
        .executableTarget(
            name: "PMRenderFuzz",
            dependencies: ["PMRender"],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])]
        ))
}
