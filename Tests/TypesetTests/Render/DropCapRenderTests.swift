import Foundation
import Pages
import TypesetKit
import XCTest

/// Drop caps on the page: the initial's ink in its colour, where the layout put it, and the
/// PDF's text reading the first word whole ("The", not "T he") as poppler extracts it.
final class DropCapRenderTests: XCTestCase {
    private static let text = """
    The zombie does not knock. It waits, patient, behind the door, until the house forgets it is there; \
    then it comes in with the morning post, and in the first weeks nobody understood this.
    """

    /// Typesets `markup` on a small one-column page as `format`, with the layout JSON beside it.
    private func typeset(_ markup: String, format: OutputFormat) throws -> (report: TypesetReport, json: [String: Any]) {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write(markup, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.format = format
        options.page = PageTemplate(size: Size(width: 300, height: 400), margins: Margins(all: 20), columns: 1, gutter: 0)
        options.layoutJSONPath = directory.appendingPathComponent("doc.json").path
        let output = directory.appendingPathComponent(format == .png ? "doc.png" : "doc.pdf").path
        let report = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output)
        let data = try Data(contentsOf: URL(fileURLWithPath: try XCTUnwrap(options.layoutJSONPath)))
        return (report, try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any]))
    }

    private func extractedText(_ markup: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else { throw XCTSkip("pdftotext is not installed") }
        let (report, _) = try typeset(markup, format: .pdf)
        return try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", [report.outputPaths[0], "-"]))
    }

    /// The initials the layout JSON lists, in order.
    private func initials(_ json: [String: Any]) -> [[String: Any]] {
        let pages = json["pages"] as? [[String: Any]] ?? []
        return pages.flatMap { ($0["frames"] as? [[String: Any]] ?? []) }
            .flatMap { ($0["lines"] as? [[String: Any]] ?? []) }
            .compactMap { $0["initial"] as? [String: Any] }
    }

    func testTheFirstWordExtractsWhole() throws {
        let text = try extractedText("<p dropcap=\"3\">\(Self.text)\n")
        XCTAssertTrue(text.hasPrefix("The zombie does"), text)
        XCTAssertFalse(text.contains("he zombie") && !text.contains("The zombie"), text)
        XCTAssertEqual(text.components(separatedBy: "T").count - 1, 1, "the T once, not twice: \(text)")
    }

    /// Every reader of the matrix reads the first word once, whole, and after the page's text
    /// before it: the initial's letters are read with the line's first letter, and its glyphs
    /// as a space (ToUnicode entries and `/ActualText`), here an initial of two ("“N"). Its
    /// text was empty: pdfium then read the glyphs by their names, joined to the word
    /// ("“N“Nobody,”"), and MuPDF, pypdf and pdfminer.six read "“N" before it.
    func testTheFirstWordIsReadOnceByEveryReader() throws {
        let (report, _) = try typeset("<p>A heading line.\n<p dropcap=\"2\">“Nobody,” said Mrs Aldous, “winds a clock for the clock’s sake.” She said it the way other people say grace.\n",
                                      format: .pdf)
        let readers = FiveReaders.texts(ofFirstPageOf: report.outputPaths[0])
        guard readers.contains(where: { $0.text != nil }) else { throw XCTSkip("no PDF reader is installed") }
        for case let (reader, text?) in readers {
            let words = text.split(whereSeparator: \.isWhitespace)
            XCTAssertEqual(Array(words.prefix(5)), ["A", "heading", "line.", "“Nobody,”", "said"], "\(reader) read: \(text)")
        }
    }

    /// (A quotation mark before the initial's letter: `testTheFirstWordIsReadOnceByEveryReader`.)
    func testASpaceAfterTheInitialExtractsAsWritten() throws {
        let spaced = try extractedText("<p dropcap=\"2\">A man came to the door in the morning with the post, and nobody opened it for him.\n")
        XCTAssertTrue(spaced.hasPrefix("A man came"), spaced)
    }

    func testAParagraphOfTheInitialAloneStillExtracts() throws {
        let text = try extractedText("<p dropcap=\"2\">I\n</p>Then the body text goes on below it, as any paragraph after a short one does.\n")
        XCTAssertTrue(text.hasPrefix("I"), text)
        XCTAssertTrue(text.contains("Then the body"), text)
    }

    func testARightToLeftInitialExtractsWithItsWord() throws {
        let hebrew = "שלום לכל הקוראים! המדריך לשרידות מסביר איך לבנות מחסה, איך לאגור מזון ואיך לשמור על קור רוח."
        let text = try extractedText("<p dir=\"rtl\" dropcap=\"3\">\(hebrew)\n")
        XCTAssertTrue(text.contains("שלום"), text)
        XCTAssertEqual(text.components(separatedBy: "ש").count, hebrew.components(separatedBy: "ש").count,
                       "the initial's letter once, in its word: \(text)")
    }

    func testTheInitialsInkIsDrawnInItsColourWhereTheLayoutPutIt() throws {
        let (report, json) = try typeset("<p dropcap=\"3\" dropcap-color=\"#ff0000\">\(Self.text)\n", format: .png)
        XCTAssertEqual(report.diagnostics, [])
        let initial = try XCTUnwrap(initials(json).first)
        XCTAssertEqual(initial["text"] as? String, "T")
        XCTAssertEqual(initial["stringRange"] as? [Int], [0, 1])
        let font = try XCTUnwrap(initial["font"] as? [String: Any])
        XCTAssertEqual(font["family"] as? String, "TeX Gyre Pagella")
        let rect = try XCTUnwrap(initial["rect"] as? [String: Double])
        let (x, y, width, height) = (rect["x"]!, rect["y"]!, rect["width"]!, rect["height"]!)
        XCTAssertEqual(x, 20, accuracy: 0.01)
        let pixels = try Pixels(pngAt: report.outputPaths[0])
        let isRed: (Double, Double, Double) -> Bool = { r, g, b in r > 0.8 && g < 0.3 && b < 0.3 }
        var inside = 0, outside = 0
        for row in 0 ..< pixels.height {
            for column in 0 ..< pixels.width {
                let (r, g, b) = pixels.rgb(x: column, y: row)
                guard isRed(r, g, b) else { continue }
                let within = Double(column) + 0.5 >= x - 1 && Double(column) + 0.5 <= x + width + 1
                    && Double(row) + 0.5 >= y - 1 && Double(row) + 0.5 <= y + height + 1
                if within { inside += 1 } else { outside += 1 }
            }
        }
        XCTAssertGreaterThan(inside, Int(width * height / 8), "the T's ink fills part of its box")
        XCTAssertEqual(outside, 0, "and no red lies outside it")
    }

    func testAMissingFaceIsAWarningAtItsValueAndTheStandInSetsTheInitial() throws {
        let (report, json) = try typeset("<p dropcap=\"2\" dropcap-face=\"No Such Face\">\(Self.text)\n", format: .pdf)
        XCTAssertEqual(report.diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(report.diagnostics.first?.message,
                       "font face \"No Such Face\" not found; using \"TeX Gyre Pagella\" instead (`typesetter fonts` lists the families there are)")
        XCTAssertEqual(report.diagnostics.first?.location?.line, 1)
        XCTAssertEqual(report.diagnostics.first?.location?.column, 30)
        XCTAssertEqual((initials(json).first?["font"] as? [String: Any])?["family"] as? String, "TeX Gyre Pagella")
    }

    func testTheDocumentedExampleRendersWithItsTwoInitials() throws {
        let example = MarkupExample.named("dropcap").markup
        let (report, json) = try typeset(example, format: .png)
        XCTAssertEqual(report.diagnostics, [])
        let found = initials(json)
        XCTAssertEqual(found.map { $0["text"] as? String }, ["T", "“A"])
        XCTAssertEqual((found.last?["font"] as? [String: Any])?["family"] as? String, "Liberation Sans")
        let pixels = try Pixels(pngAt: report.outputPaths[0])
        XCTAssertGreaterThan(pixels.count { r, g, b in r > 0.4 && g < 0.1 && b < 0.1 }, 50, "the dark red initial")
        let text = try extractedText(example)
        XCTAssertTrue(text.hasPrefix("The zombie"), text)
        XCTAssertTrue(text.contains("“Always check"), text)
    }
}
