// swift-tools-version:5.9
import PackageDescription

// One target per pipeline stage, in the order a document goes through them: Diagnostics
// (located problems) and Text (attributed text) underlie the rest; Markup parses text into
// attributed text; Fonts finds faces, Shaping and Breaking make glyphs and lines of them,
// Layout sets frames, Pages composes frames into pages, Render draws pages; TypesetKit runs
// the passes that take one document from markup to a written file, and batches of them;
// Golden compares rendered pages with approved images. Each target depends only on targets
// before it in that order; docs/pipeline.md records why each is where it is.
// The C libraries are reached through thin system-library targets (pkg-config), and ICU
// through a small C shim because its version-suffixed symbol names are invisible to Swift.

// The tests run debug builds, and in a debug build the pipeline's generic Swift code is
// unspecialised: a debug `typeset` sets the KJV's 91 pages about 15 times slower than a
// release one. The modules most of the tests' time is spent in (bench/debug-hot-modules.sh,
// on the book and on the slowest tests) are therefore optimised in debug builds too, with
// `assert` kept (`-assert-config Debug`: `-O` alone would drop the checks) and `-enable-testing`
// still passed by SwiftPM, so `@testable import` works. Release builds, the fuzzing builds
// among them, are untouched. docs/pipeline.md, "CI: the hot modules optimised in debug builds".
let optimizedInDebugBuilds: [SwiftSetting] = [
    .unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug)),
]

let package = Package(
    name: "typeset",
    products: [
        .library(name: "TypesetKit", targets: ["TypesetKit"]),
        .executable(name: "typeset", targets: ["TypesetCLI"]),
        // libFuzzer harnesses (make fuzz); built plainly, they replay the files given to them.
        .executable(name: "FuzzMarkup", targets: ["FuzzMarkup"]),
        .executable(name: "FuzzPipeline", targets: ["FuzzPipeline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CQPDF", pkgConfig: "libqpdf", providers: [.apt(["libqpdf-dev"])]),
        // A PNG's image data is checked by inflating it (Images/PNGIntegrity.swift).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The streams typeset compresses itself (Render/Deflate.swift).
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        // glibc's allocator, told to keep one arena for the process (TypesetKit/MallocArenas.swift).
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        // Marks a page's artifacts in its content stream (Render/ArtifactMarking.swift).
        .target(name: "CContentTokens"),

        // Pipeline stages
        .target(name: "Diagnostics"),
        .target(name: "Text", dependencies: ["Diagnostics"], swiftSettings: optimizedInDebugBuilds),
        .target(name: "Images", dependencies: ["CZlib"]),
        .target(name: "Markup", dependencies: ["Text", "Images", "Diagnostics", "CICU"], swiftSettings: optimizedInDebugBuilds),
        .target(name: "Fonts", dependencies: ["Text", "Diagnostics", "CFontconfig", "CFreeType", "CHarfBuzz"]),
        .target(name: "Shaping", dependencies: ["Text", "Fonts", "CHarfBuzz", "CICU"], swiftSettings: optimizedInDebugBuilds),
        .target(name: "Breaking", dependencies: ["Text", "CICU"], swiftSettings: optimizedInDebugBuilds),
        .target(name: "Layout", dependencies: ["Text", "Fonts", "Shaping", "Breaking"], swiftSettings: optimizedInDebugBuilds),
        .target(name: "Pages", dependencies: ["Diagnostics", "Text", "Markup", "Fonts", "Layout"]),
        // HarfBuzz: the fonts typeset writes its text in are subset with hb-subset (PDFEmbeddedFonts).
        .target(name: "Render", dependencies: ["Text", "Diagnostics", "Fonts", "Images", "Layout", "Pages", "CCairo", "CTurboJPEG", "CPNG", "CQPDF", "CContentTokens", "CZlib", "CDeflate", "CHarfBuzz"],
                swiftSettings: optimizedInDebugBuilds),
        .target(name: "TypesetKit", dependencies: ["Diagnostics", "Text", "Images", "Markup", "Fonts", "Shaping", "Breaking", "Layout", "Pages", "Render", "CMalloc"]),
        .target(name: "Golden", dependencies: ["Diagnostics", "Render", "TypesetKit"]),
        .executableTarget(name: "TypesetCLI", dependencies: [
            "TypesetKit",
            "Golden",
            // `--version` asks these for their versions.
            "Breaking", "CHarfBuzz", "CFreeType", "CCairo",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Fuzzing (docs/pipeline.md, "Hardening: fuzzing")
        .target(name: "FuzzTargets", dependencies: ["Diagnostics", "Text", "Markup", "Fonts", "Pages", "Render", "TypesetKit", "CQPDF"]),
        .executableTarget(name: "FuzzMarkup", dependencies: ["FuzzTargets"]),
        .executableTarget(name: "FuzzPipeline", dependencies: ["FuzzTargets"]),

        .testTarget(name: "TypesetTests", dependencies: ["TypesetKit", "Golden", "CCairo", "CContentTokens"],
                    resources: []),
    ]
)
