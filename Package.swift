// swift-tools-version:6.0
import PackageDescription

// Data flows one way: formats → atlas model → slicing / rendering → CLI and server (two programs side by side)
// → the web viewer in Viewer/, a client of the server's API and of Shaders/.
// Lower modules never import higher ones.

// `Scripts/test.sh` sets BRAINTUTOR_OPTIMIZE=1: the volume, mesh and image loops of the library
// modules run 10–50 times slower unoptimised, and the suite (a debug build, for @testable) was
// CPU-bound in them. Opt-in, because unsafe flags would stop other packages depending on this one.
let optimize = Context.environment["BRAINTUTOR_OPTIMIZE"] == "1"
// FreeType's headers live in a freetype2/ folder that pkg-config would otherwise name. Optimised
// modules inline across modules, so then every module must find them, not BrainImage alone.
let freetypeHeaders: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/freetype2", "-Xcc", "-I/opt/homebrew/include/freetype2"])]
let optimized: [SwiftSetting] = optimize ? [.unsafeFlags(["-O"], .when(configuration: .debug))] + freetypeHeaders : []
let freetypeHeadersWhenOptimized: [SwiftSetting] = optimize ? freetypeHeaders : []

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

        .target(name: "BrainFormats", dependencies: ["CZlib"], swiftSettings: optimized),
        .target(name: "BrainImage", dependencies: ["CPNG", "CZlib", "CFreeType"],
                swiftSettings: optimize ? optimized : freetypeHeaders),
        .target(name: "BrainAtlas", dependencies: ["BrainFormats"], swiftSettings: optimized),
        .target(name: "AtlasBuild", dependencies: ["BrainAtlas", "BrainFormats"], swiftSettings: optimized),
        .target(name: "BrainSlice", dependencies: ["BrainAtlas", "BrainFormats", "BrainImage", "BrainMaps"], swiftSettings: optimized),
        .target(name: "BrainRender", dependencies: ["BrainAtlas", "BrainFormats", "BrainImage", "BrainMaps", "COSMesa", "CEGL"], swiftSettings: optimized),
        .target(name: "BrainMaps", dependencies: ["BrainAtlas", "BrainFormats", "BrainImage"], swiftSettings: optimized),
        // `report`: a map's cluster table, surface views and peak slices as one HTML page.
        .target(name: "BrainReport", dependencies: ["BrainMaps", "BrainRender", "BrainSlice", "BrainAtlas", "BrainFormats", "BrainImage"], swiftSettings: optimized),
        // The quiz and its worksheets: questions drawn from what the renderer shows.
        .target(name: "BrainQuiz", dependencies: ["BrainRender", "BrainAtlas", "BrainFormats", "BrainImage"], swiftSettings: optimized),
        .target(name: "BrainServer", dependencies: [
            "BrainRender", "BrainQuiz", "BrainSlice", "BrainAtlas", "BrainFormats", "BrainMaps",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
        ], swiftSettings: freetypeHeadersWhenOptimized),
        // What the command-line programs share: the field-table options, GL and data options, output and error wording.
        .target(name: "CommandLineSupport", dependencies: [
            "BrainFormats", "BrainAtlas", "BrainSlice", "BrainRender", "BrainQuiz",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: freetypeHeadersWhenOptimized),
        .executableTarget(name: "braintutor", dependencies: [
            "BrainFormats", "BrainImage", "BrainAtlas", "AtlasBuild", "BrainSlice", "BrainRender", "BrainQuiz", "BrainMaps", "BrainReport",
            "CommandLineSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: freetypeHeadersWhenOptimized),
        .executableTarget(name: "braintutor-bench", dependencies: [
            "BrainFormats", "BrainImage", "BrainAtlas", "BrainRender", "CommandLineSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: freetypeHeadersWhenOptimized),
        .executableTarget(name: "braintutor-server", dependencies: [
            "BrainServer", "BrainRender", "CommandLineSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: freetypeHeadersWhenOptimized),

        .testTarget(name: "BrainFormatsTests", dependencies: ["BrainFormats"], swiftSettings: freetypeHeadersWhenOptimized),
        .testTarget(name: "BrainImageTests", dependencies: ["BrainImage"], swiftSettings: freetypeHeadersWhenOptimized),
        .testTarget(name: "BrainAtlasTests", dependencies: ["BrainAtlas", "BrainFormats"], swiftSettings: freetypeHeadersWhenOptimized),
        .testTarget(name: "AtlasBuildTests", dependencies: ["AtlasBuild", "BrainAtlas", "BrainFormats"], swiftSettings: freetypeHeadersWhenOptimized),
        .testTarget(name: "BrainMapsTests", dependencies: ["BrainMaps", "BrainAtlas", "BrainFormats"], swiftSettings: freetypeHeadersWhenOptimized),
        .testTarget(name: "BrainSliceTests", dependencies: ["BrainSlice", "BrainAtlas", "BrainFormats", "BrainImage", "BrainMaps"], swiftSettings: freetypeHeadersWhenOptimized),
        .testTarget(name: "BrainRenderTests", dependencies: ["BrainRender", "BrainAtlas", "BrainFormats", "BrainImage", "BrainMaps"], swiftSettings: freetypeHeadersWhenOptimized),
        .testTarget(name: "BenchToolTests", dependencies: ["braintutor-bench", "BrainFormats"], swiftSettings: freetypeHeadersWhenOptimized),
        .testTarget(name: "BrainReportTests", dependencies: ["BrainReport", "BrainMaps", "BrainSlice", "BrainAtlas", "BrainFormats"], swiftSettings: freetypeHeadersWhenOptimized),
        .testTarget(name: "BrainQuizTests", dependencies: ["BrainQuiz", "BrainRender", "BrainAtlas", "BrainFormats", "BrainImage"], swiftSettings: freetypeHeadersWhenOptimized),
        .testTarget(name: "BrainServerTests", dependencies: [
            "BrainServer", "BrainQuiz", "BrainAtlas", "BrainFormats", "BrainImage", "BrainRender", "BrainSlice",
            .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: freetypeHeadersWhenOptimized),
        // Runs the built `braintutor` (and a server) as a user would: the CLI's table of inputs.
        .testTarget(name: "CommandLineTests", dependencies: [
            "BrainServer", .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: freetypeHeadersWhenOptimized),
    ],
    swiftLanguageModes: [.v6]
)
