// swift-tools-version:6.0
import PackageDescription

// Data flows one way: formats → atlas model → slicing / rendering → CLI and server (two programs side by side)
// → the web viewer in Viewer/, a client of the server's API and of Shaders/.
// Lower modules never import higher ones.
let package = Package(
    name: "BrainTutor",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "braintutor", targets: ["braintutor"]),
        // `braintutor serve` runs this program; apart so that a render's build skips the HTTP stack.
        .executable(name: "braintutor-server", targets: ["braintutor-server"]),
        // Speed figures (`braintutor-bench formats|render`): apart, so users' builds carry no bench code.
        .executable(name: "braintutor-bench", targets: ["braintutor-bench"]),
        .library(name: "BrainFormats", targets: ["BrainFormats"]),
        .library(name: "BrainAtlas", targets: ["BrainAtlas"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Already in the graph through Hummingbird; named for the HTTP/1 connection rules.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
    ],
    targets: [
        // C libraries, through module maps (pkg-config finds the flags).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        // Headers only, like the GL libraries below: BrainImage dlopen()s libpng and FreeType on first
        // use, so commands that write no picture never load them. No pkgConfig here, as it would link them.
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", providers: [.apt(["libpng-dev"])]),
        // Text for labels, legends and orientation letters (DejaVu Sans from the system).
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", providers: [.apt(["libfreetype-dev"])]),
        // Headers only: libOSMesa is dlopen()ed at run time so that commands that
        // never draw do not pay for loading Mesa (and LLVM).
        .systemLibrary(name: "COSMesa", path: "Sources/COSMesa",
                       providers: [.apt(["libosmesa6-dev"])]),
        // Headers only, likewise: libEGL and libGLESv2, the backend where Mesa has no OSMesa.
        .systemLibrary(name: "CEGL", path: "Sources/CEGL",
                       providers: [.apt(["libegl-dev", "libgles-dev"])]),

        .target(name: "BrainFormats", dependencies: ["CZlib"]),
        // FreeType's headers live in a freetype2/ folder that pkg-config would otherwise name.
        .target(name: "BrainImage", dependencies: ["CPNG", "CZlib", "CFreeType"],
                swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/freetype2", "-Xcc", "-I/opt/homebrew/include/freetype2"])]),
        .target(name: "BrainAtlas", dependencies: ["BrainFormats"]),
        .target(name: "AtlasBuild", dependencies: ["BrainAtlas", "BrainFormats"]),
        .target(name: "BrainSlice", dependencies: ["BrainAtlas", "BrainFormats", "BrainImage", "BrainMaps"]),
        .target(name: "BrainRender", dependencies: ["BrainAtlas", "BrainFormats", "BrainImage", "BrainMaps", "COSMesa", "CEGL"]),
        .target(name: "BrainMaps", dependencies: ["BrainAtlas", "BrainFormats", "BrainImage"]),
        // `report`: a map's cluster table, surface views and peak slices as one HTML page.
        .target(name: "BrainReport", dependencies: ["BrainMaps", "BrainRender", "BrainSlice", "BrainAtlas", "BrainFormats", "BrainImage"]),
        // The quiz and its worksheets: questions drawn from what the renderer shows.
        .target(name: "BrainQuiz", dependencies: ["BrainRender", "BrainAtlas", "BrainFormats", "BrainImage"]),
        .target(name: "BrainServer", dependencies: [
            "BrainRender", "BrainQuiz", "BrainSlice", "BrainAtlas", "BrainFormats", "BrainMaps",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        // What the command-line programs share: the field-table options, GL and data options, output and error wording.
        .target(name: "CommandLineSupport", dependencies: [
            "BrainFormats", "BrainAtlas", "BrainSlice", "BrainRender", "BrainQuiz",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "braintutor", dependencies: [
            "BrainFormats", "BrainImage", "BrainAtlas", "AtlasBuild", "BrainSlice", "BrainRender", "BrainQuiz", "BrainMaps", "BrainReport",
            "CommandLineSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "braintutor-bench", dependencies: [
            "BrainFormats", "BrainImage", "BrainAtlas", "BrainRender", "CommandLineSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "braintutor-server", dependencies: [
            "BrainServer", "BrainRender", "CommandLineSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        .testTarget(name: "BrainFormatsTests", dependencies: ["BrainFormats"]),
        .testTarget(name: "BrainImageTests", dependencies: ["BrainImage"]),
        .testTarget(name: "BrainAtlasTests", dependencies: ["BrainAtlas", "BrainFormats"]),
        .testTarget(name: "AtlasBuildTests", dependencies: ["AtlasBuild", "BrainAtlas", "BrainFormats"]),
        .testTarget(name: "BrainMapsTests", dependencies: ["BrainMaps", "BrainAtlas", "BrainFormats"]),
        .testTarget(name: "BrainSliceTests", dependencies: ["BrainSlice", "BrainAtlas", "BrainFormats", "BrainImage", "BrainMaps"]),
        .testTarget(name: "BrainRenderTests", dependencies: ["BrainRender", "BrainAtlas", "BrainFormats", "BrainImage", "BrainMaps"]),
        .testTarget(name: "BenchToolTests", dependencies: ["braintutor-bench", "BrainFormats"]),
        .testTarget(name: "BrainReportTests", dependencies: ["BrainReport", "BrainMaps", "BrainSlice", "BrainAtlas", "BrainFormats"]),
        .testTarget(name: "BrainQuizTests", dependencies: ["BrainQuiz", "BrainRender", "BrainAtlas", "BrainFormats", "BrainImage"]),
        .testTarget(name: "BrainServerTests", dependencies: [
            "BrainServer", "BrainQuiz", "BrainAtlas", "BrainFormats", "BrainImage", "BrainRender", "BrainSlice",
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Runs the built `braintutor` (and a server) as a user would: the CLI's table of inputs.
        .testTarget(name: "CommandLineTests", dependencies: [
            "BrainServer", .product(name: "Logging", package: "swift-log"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
