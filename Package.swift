// swift-tools-version:5.9
import Foundation
import PackageDescription
#if canImport(Glibc)
import Glibc
#endif

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
// among them, are untouched. docs/pipeline.md, "Speed: build and allocator settings".
let optimizedInDebugBuilds: [SwiftSetting] = [
    .unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug)),
]

// The release link of `typeset` (docs/pipeline.md, "Speed: build and allocator settings"), with
// lld, which the Swift toolchain ships:
// - the functions typical runs execute come first, side by side (Sources/TypesetCLI/
//   function-order.txt, written by bench/function-order.sh from callgrind's profiles). The
//   kernel maps code by pages and their neighbours as it runs: scattered over the binary, the
//   code a book needs kept twice as much of it resident. A function the file does not name
//   (new since) is placed after the others: an old order costs memory, never correctness.
// - relative relocations packed (DT_RELR), where the C library reads them (glibc 2.36, Debian
//   12): the loader reads 15 kB of them rather than 1.9 MB, and the binary stays
//   position-independent.
let packageDirectory = String(#filePath.dropLast("Package.swift".count))
let releaseLink: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld",
                  "-Xlinker", "--symbol-ordering-file=\(packageDirectory)Sources/TypesetCLI/function-order.txt",
                  "-Xlinker", "--no-warn-symbol-ordering",
                  "-Xlinker", "-z", "-Xlinker", cLibraryReadsPackedRelocations ? "pack-relative-relocs" : "nopack-relative-relocs"],
                 .when(platforms: [.linux], configuration: .release)),
]

// Each function of a release build in a section of its own (Linux, where the link above orders
// them): Swift puts a source file's functions in one `.text` section, which lld can only move
// whole, so the order placed files, and the functions it names spread over four times their
// size. Given to every Swift target below the package (docs/pipeline.md, "Speed: build and
// allocator settings").
let functionSections: SwiftSetting = .unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release))

/// Whether the C library the manifest runs with, the one `typeset` will run with, is glibc 2.36 or later.
var cLibraryReadsPackedRelocations: Bool {
    #if canImport(Glibc)
    // "glibc 2.36"
    var name = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count) > 0,
          let number = String(cString: name).split(separator: " ").last else { return false }
    let version = number.split(separator: ".").compactMap { Int($0) }
    return version.count >= 2 && (version[0], version[1]) >= (2, 36)
    #else
    return false
    #endif
}

// The ThreadSanitizer pass of `make test` runs a few test classes, the tests of threaded code
// (the Makefile's TSAN_TESTS). Built whole under the sanitizer, the test target's other files
// cost that pass a third of its CPU to run none of them, so the Makefile names the sources that
// pass needs in TYPESET_TEST_SOURCES (paths under Tests/TypesetTests, between spaces), set for
// its scratch folder (.build-tsan) alone; unset, the test target is every file of its folder.
let testSources = ProcessInfo.processInfo.environment["TYPESET_TEST_SOURCES"].map { $0.split(separator: " ").map(String.init) }

let package = Package(
    name: "typeset",
    products: [
        .library(name: "TypesetKit", targets: ["TypesetKit"]),
        .executable(name: "typeset", targets: ["TypesetCLI"]),
        // libFuzzer harnesses (make fuzz); built plainly, they replay the files given to them.
        .executable(name: "FuzzMarkup", targets: ["FuzzMarkup"]),
        .executable(name: "FuzzPipeline", targets: ["FuzzPipeline"]),
        .executable(name: "FuzzPictures", targets: ["FuzzPictures"]),
        // The layout fuzzer's long run (make fuzz-layout): generated documents, checked pages.
        .executable(name: "FuzzLayout", targets: ["FuzzLayout"]),
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
        // qpdf reads a PDF picture's page for the finishing step to copy (Render/PDFPageForm.swift):
        // its header only, the library opened with dlopen when a document places a PDF picture
        // (Images/QPDFLibrary.swift). The fuzzing targets link it.
        .systemLibrary(name: "CQPDF", path: "Sources/CQPDF", providers: [.apt(["libqpdf-dev"])]),
        // A PNG's image data is checked by inflating it (Images/PNGIntegrity.swift).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // SVG and PDF pictures, parsed (Images/VectorFile.swift) and drawn into Cairo as vectors
        // (Render/VectorPictureDrawing.swift) by librsvg and poppler-glib, which are not linked:
        // opened with dlopen when a document has such a picture (Images/VectorRenderers.swift),
        // their functions' types declared here.
        .systemLibrary(name: "CVectorRenderers", path: "Sources/CVectorRenderers"),
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
        .target(name: "Images", dependencies: ["CZlib", "CVectorRenderers", "CQPDF"]),
        .target(name: "Markup", dependencies: ["Text", "Images", "Diagnostics", "CICU"], swiftSettings: optimizedInDebugBuilds),
        .target(name: "Fonts", dependencies: ["Text", "Diagnostics", "CFontconfig", "CFreeType", "CHarfBuzz"]),
        .target(name: "Shaping", dependencies: ["Text", "Fonts", "CHarfBuzz", "CICU"], swiftSettings: optimizedInDebugBuilds),
        .target(name: "Breaking", dependencies: ["Diagnostics", "Text", "CICU"], swiftSettings: optimizedInDebugBuilds),
        .target(name: "Layout", dependencies: ["Text", "Fonts", "Shaping", "Breaking"], swiftSettings: optimizedInDebugBuilds),
        .target(name: "Pages", dependencies: ["Diagnostics", "Text", "Markup", "Fonts", "Layout"]),
        // HarfBuzz: the fonts typeset writes its text in are subset with hb-subset (PDFEmbeddedFonts).
        .target(name: "Render", dependencies: ["Text", "Diagnostics", "Fonts", "Images", "Layout", "Pages", "CCairo", "CTurboJPEG", "CPNG", "CContentTokens", "CZlib", "CDeflate", "CHarfBuzz", "CVectorRenderers", "CQPDF"],
                swiftSettings: optimizedInDebugBuilds),
        // What was drawn on each page checked for overprinting, holes and lost words (the page checker).
        .target(name: "PageCheck", dependencies: ["Text", "Fonts", "Layout", "Pages", "Render"], swiftSettings: optimizedInDebugBuilds),
        .target(name: "TypesetKit", dependencies: ["Diagnostics", "Text", "Images", "Markup", "Fonts", "Shaping", "Breaking", "Layout", "Pages", "Render", "PageCheck", "CMalloc"]),
        .target(name: "Golden", dependencies: ["Diagnostics", "Render", "TypesetKit"]),
        .executableTarget(name: "TypesetCLI", dependencies: [
            "TypesetKit",
            "Golden",
            // `--version` asks these for their versions.
            "Breaking", "CHarfBuzz", "CFreeType", "CCairo",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], exclude: ["function-order.txt"], linkerSettings: releaseLink),

        // Fuzzing (docs/pipeline.md, "Hardening: fuzzing")
        .target(name: "FuzzTargets", dependencies: ["Diagnostics", "Text", "Markup", "Fonts", "Pages", "Render", "TypesetKit", "CQPDF"],
                linkerSettings: [.linkedLibrary("qpdf")]),
        .executableTarget(name: "FuzzMarkup", dependencies: ["FuzzTargets"]),
        .executableTarget(name: "FuzzPipeline", dependencies: ["FuzzTargets"]),
        .executableTarget(name: "FuzzPictures", dependencies: ["FuzzTargets"]),
        // The layout fuzzer (docs/pipeline.md, "Hardening: the layout fuzzer"): documents generated
        // from the markup's grammar, their pages checked, failures shrunk.
        .target(name: "LayoutFuzzing", dependencies: ["Diagnostics", "Pages", "Render", "TypesetKit"]),
        .executableTarget(name: "FuzzLayout", dependencies: ["LayoutFuzzing"]),

        .testTarget(name: "TypesetTests", dependencies: ["TypesetKit", "Golden", "PageCheck", "CCairo", "CContentTokens", "LayoutFuzzing"],
                    sources: testSources, resources: []),
    ]
)

for target in package.targets where [.regular, .executable].contains(target.type) && !["CICU", "CContentTokens"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [functionSections]
}
