import CCairo
import Diagnostics
import Fonts
import Foundation
import Layout
import Markup
import Render
import Text
import TypesetKit
import XCTest

/// Shared helpers: where the repository, its fonts and fixtures are, temporary folders,
/// parsing markup, resolving fonts, and reading rendered pixels. Nothing here fakes a stage.
enum TestSupport {
    /// The repository root: the nearest folder above this file that holds `Package.swift`.
    /// Found by walking up, not by counting folders, so that test files can move within the
    /// test tree; every test reaches the repository through this one value.
    static let repositoryRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            let parent = folder.deletingLastPathComponent()
            precondition(parent.path != folder.path, "no Package.swift in any folder above \(#filePath)")
            folder = parent
        }
        return folder
    }()

    static var fontsDirectory: String { repositoryRoot.appendingPathComponent("fonts").path }
    static var imagesDirectory: URL { repositoryRoot.appendingPathComponent("Fixtures/images") }
    static var zombiesFile: URL { repositoryRoot.appendingPathComponent("Fixtures/zombies/zombies.txt") }
    static var zombiesDirectory: URL { zombiesFile.deletingLastPathComponent() }

    static let bodyFamily = "TeX Gyre Pagella"

    static func imagePath(_ name: String) -> String {
        imagesDirectory.appendingPathComponent(name).path
    }

    static func makeFontLibrary() throws -> FontLibrary {
        try FontLibrary(fontsDirectory: fontsDirectory, bodyFamily: bodyFamily)
    }

    static func defaultAttributes(size: Double = 11) -> TextAttributes {
        TextAttributes(fontFamily: bodyFamily, fontSize: size)
    }

    static func parser(baseDirectory: String = "/", alignment: TextAlignment = .justify, size: Double = 11) -> MarkupParser {
        MarkupParser(defaults: MarkupDefaults(attributes: defaultAttributes(size: size),
                                              paragraphStyle: ParagraphStyle(alignment: alignment)),
                     baseDirectory: baseDirectory)
    }

    static func parse(_ markup: String, fileName: String = "doc.txt", baseDirectory: String = "/",
                      alignment: TextAlignment = .justify) -> MarkupDocument {
        parser(baseDirectory: baseDirectory, alignment: alignment).parse(MarkupSource(fileName: fileName, text: markup))
    }

    /// The zombie magazine parsed as the command line would (body face Pagella, 11 pt, justified).
    static func parseZombies(alignment: TextAlignment = .justify) throws -> MarkupDocument {
        let data = try Data(contentsOf: zombiesFile)
        let source = try MarkupSource(fileName: "zombies.txt", bytes: [UInt8](data))
        return parser(baseDirectory: zombiesDirectory.path, alignment: alignment).parse(source)
    }

    /// Every family the document names, resolved with the bundled fonts, and faces for the
    /// characters those lack, as the Typesetter builds its table before layout.
    static func fontTable(for document: MarkupDocument, library: FontLibrary) throws -> FontTable {
        try FontTableBuilder.table(for: document.fontRequests.map(\.descriptor), covering: document.text, library: library)
    }

    static func utf16(_ string: String) -> [UInt16] { Array(string.utf16) }

    /// Standard output of a command-line tool (pdftotext, pdfimages, qpdf, …), or nil when it
    /// is not installed or fails.
    static func runTool(_ tool: String, _ arguments: [String]) -> String? {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? output : nil
    }

    /// A reader's text (pdftotext's) with its lines joined as a reader joins them: a line that
    /// ends with a soft hyphen, where the PDF says it broke inside a word, goes on without it
    /// and without a space (`Line.wordBrokenAfter`); any other line end is a space.
    static func joiningLinesBrokenInsideWords(_ text: String) -> String {
        text.split(separator: "\n").map { $0.hasSuffix("\u{AD}") ? String($0.dropLast()) : $0 + " " }.joined()
    }
}

/// What `Rendering.typeset` wrote.
struct RenderedOutput {
    var pageCount: Int
    var outputPaths: [String]
    var diagnostics: [Diagnostic]
}

/// Typesets a file in this process with the library's own entry point; several documents in
/// one process must work (batch builds), so nothing is kept alive between calls.
enum Rendering {
    static func typeset(inputPath: String, outputPath: String, options: TypesetOptions) throws -> RenderedOutput {
        let report = try Typesetter(options: options).typeset(inputPath: inputPath, outputPath: outputPath)
        return RenderedOutput(pageCount: report.pageCount, outputPaths: report.outputPaths, diagnostics: report.diagnostics)
    }
}

extension XCTestCase {
    /// A fresh folder under the system's temporary directory, removed when the test ends; every
    /// PDF left in it is checked with `qpdf --check` first (`PDFCheck`).
    func makeTemporaryDirectory(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("typeset-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock {
            PDFCheck.assertEveryPDFClean(under: url, file: file, line: line)
            try? FileManager.default.removeItem(at: url)
        }
        return url
    }

    /// A new temporary folder holding `files` (relative paths, folders made as needed).
    func makeFolder(_ files: [String: String]) throws -> URL {
        let directory = try makeTemporaryDirectory()
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// Typesets `markup` (written to a temporary `doc.txt`, beside the test images named in
    /// `pictures`) into a PDF with the bundled fonts.
    func typesetToPDF(_ markup: String, pictures: [String] = [],
                      configure: (inout TypesetOptions) -> Void = { _ in }) throws -> (report: TypesetReport, pdfPath: String) {
        let directory = try makeTemporaryDirectory()
        for name in pictures {
            try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent(name),
                                             to: directory.appendingPathComponent(name))
        }
        let input = directory.appendingPathComponent("doc.txt")
        try write(markup, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        configure(&options)
        let output = directory.appendingPathComponent("doc.pdf").path
        return (try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output), output)
    }

    func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    func contentsOfDirectory(_ url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

/// Pixels of a PNG (or any Cairo image surface) as 0xAARRGGBB words, read through Cairo.
struct Pixels {
    var width: Int
    var height: Int
    var words: [UInt32]

    init(pngAt path: String) throws {
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw NSError(domain: "Pixels", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot load \(path)"])
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw NSError(domain: "Pixels", code: 2, userInfo: [NSLocalizedDescriptionKey: "cannot decode \(path)"])
        }
        self.init(surface: surface)
    }

    /// Copies an RGB24 or ARGB32 surface (opaque pixels assumed for ARGB32).
    init(surface: OpaquePointer) {
        cairo_surface_flush(surface)
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var words = [UInt32](repeating: 0, count: width * height)
        for row in 0 ..< height {
            let rowStart = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0 ..< width { words[row * width + column] = rowStart[column] }
        }
        self.words = words
    }

    func rgb(x: Int, y: Int) -> (r: Double, g: Double, b: Double) {
        let word = words[y * width + x]
        return (Double((word >> 16) & 0xFF) / 255, Double((word >> 8) & 0xFF) / 255, Double(word & 0xFF) / 255)
    }

    /// Rec. 709 luma on gamma-encoded values, as Fixtures/images/README.md computes it.
    func luminance(x: Int, y: Int) -> Double {
        let (r, g, b) = rgb(x: x, y: y)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    /// Mean red, green and blue of a patch.
    func meanColour(x: Range<Int>, y: Range<Int>) -> [Double] {
        var sum = [0.0, 0.0, 0.0]
        for row in y {
            for column in x {
                let (r, g, b) = rgb(x: column, y: row)
                sum[0] += r; sum[1] += g; sum[2] += b
            }
        }
        return sum.map { $0 / Double(x.count * y.count) }
    }

    func meanLuminance(x: Range<Int>, y: Range<Int>) -> Double {
        var sum = 0.0
        for row in y { for column in x { sum += luminance(x: column, y: row) } }
        return sum / Double(x.count * y.count)
    }

    /// Pixels whose colour satisfies `predicate`.
    func count(where predicate: (Double, Double, Double) -> Bool) -> Int {
        var total = 0
        for y in 0 ..< height {
            for x in 0 ..< width {
                let (r, g, b) = rgb(x: x, y: y)
                if predicate(r, g, b) { total += 1 }
            }
        }
        return total
    }
}

extension Data {
    /// Whether `needle` occurs anywhere in these bytes.
    func containsBytes(_ needle: Data) -> Bool {
        range(of: needle) != nil
    }

    func containsASCII(_ string: String) -> Bool {
        range(of: Data(string.utf8)) != nil
    }
}
