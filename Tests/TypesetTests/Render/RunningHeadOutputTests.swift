import Foundation
import TypesetKit
import XCTest

/// The running heads as a PDF reader sees them.
final class RunningHeadOutputTests: XCTestCase {
    func testAPDFsHeadsAndTitle() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("<meta title=\"Night Watch\" header=\"{title}\" footer=\"{page} of {pages}\">\n"
                  + RunningHeadLayoutTests.longText, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let output = directory.appendingPathComponent("doc.pdf").path
        let report = try Rendering.typeset(inputPath: input.path, outputPath: output, options: options)
        XCTAssertEqual(report.diagnostics, [])
        let pages = try PopplerWordBoxes.pages(of: output)
        XCTAssertEqual(pages.count, report.pageCount)
        XCTAssertGreaterThanOrEqual(pages.count, 3)
        let margin = options.page.margins.top
        let bottom = options.page.size.height - options.page.margins.bottom
        for (index, words) in pages.enumerated() {
            let top = words.filter { $0.yMax < margin }.map(\.text)
            XCTAssertEqual(top, index == 0 ? [] : ["Night", "Watch"], "page \(index + 1)")
            let foot = words.filter { $0.yMin > bottom }.map(\.text)
            XCTAssertEqual(foot, ["\(index + 1)", "of", "\(pages.count)"], "page \(index + 1)")
        }
        if let info = TestSupport.runTool("/usr/bin/pdfinfo", [output]) {
            XCTAssertTrue(info.contains("Title:           Night Watch"), info)
        }
    }

    /// The heads are the text layer's, read where they stand (issue 35): every reader reads
    /// the header before the page's text and the footer after it, each once, and no face is
    /// embedded twice (Cairo drew the heads in a subset of its own, laid over the page last).
    func testEveryReaderReadsTheHeadsOnceWhereTheyStandInTheLayersFonts() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("<meta title=\"Night Watch\" header=\"{title}\" footer=\"{page} of {pages}\">\nThe keepers walk the wall.\n", to: input)
        let options = Self.headsOnEveryPage
        let output = directory.appendingPathComponent("doc.pdf").path
        let report = try Rendering.typeset(inputPath: input.path, outputPath: output, options: options)
        XCTAssertEqual(report.diagnostics, [])
        let readers = FiveReaders.texts(ofFirstPageOf: output)
        guard readers.contains(where: { $0.text != nil }) else { throw XCTSkip("no PDF reader is installed") }
        let page = "Night Watch The keepers walk the wall. 1 of 1"
        for case let (reader, text?) in readers {
            let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            // pdfminer.six orders the boxes it makes by their places alone, whatever the
            // content order (awaiting-fixes.txt, [layout]): it must read each word once.
            if reader == "pdfminer.six" {
                XCTAssertEqual(words.split(separator: " ").sorted(), page.split(separator: " ").sorted(), "\(reader) read: \(text)")
            } else {
                XCTAssertEqual(words, page, "\(reader) read: \(text)")
            }
        }
        guard let fonts = TestSupport.runTool("/usr/bin/pdffonts", [output]) else { throw XCTSkip("pdffonts is not installed") }
        // A subset's name is its face's after a tag of six letters and a plus.
        let faces = fonts.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ")[0].split(separator: "+").last.map(String.init) ?? "" }
        XCTAssertEqual(faces.count, Set(faces).count, fonts)
    }

    /// With the layout JSON, whose pages are set with their heads on them, a PDF's heads are
    /// still written after its last page, each band a pagination artifact laid before or after
    /// its page's body (`RunningHeadsMovedAfterTheLastPage`): the PDF is the one written without
    /// it, byte for byte. (They were drawn after the body, and readers read "1 of 1" before it.)
    func testAPDFBesideTheLayoutJSONIsThePDFWrittenWithoutIt() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("<meta title=\"Night Watch\" header=\"{title}\" footer=\"{page} of {pages}\">\nThe keepers walk the wall.\n<pagebreak>\nThe lamp is lit.\n", to: input)
        var options = Self.headsOnEveryPage
        let alone = directory.appendingPathComponent("alone.pdf").path
        XCTAssertEqual(try Rendering.typeset(inputPath: input.path, outputPath: alone, options: options).diagnostics, [])
        options.layoutJSONPath = directory.appendingPathComponent("layout.json").path
        let beside = directory.appendingPathComponent("beside.pdf").path
        XCTAssertEqual(try Rendering.typeset(inputPath: input.path, outputPath: beside, options: options).diagnostics, [])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: beside)), try Data(contentsOf: URL(fileURLWithPath: alone)))
    }

    /// The bundled fonts, and the header on the first page too (each test's document is a page or two).
    private static var headsOnEveryPage: TypesetOptions {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.headerOnFirstPage = true
        return options
    }
}
