import Foundation
import Render
import TypesetKit
import XCTest

/// The sheet the print shop gets, read back with qpdf and rendered with poppler: every page's
/// TrimBox is the page, its BleedBox the page and the bleed, its MediaBox holds both and the
/// crop marks, whose ink lies in the corners beyond the bleed; the dates are in the PDF
/// standard's form, and the same input still gives the same bytes.
final class PrintSheetPDFTests: XCTestCase {
    private let a4 = (width: 595.276, height: 841.89)
    /// 3 mm in points.
    private let bleed = 3 * 72 / 25.4
    private let markup = """
        <p style="headline">Notes from the Lighthouse</p>
        The keepers wrote every night; read them at <a href="https://example.org/keepers">the archive</a>.

        """

    private func typeset(sheet: PrintSheet, creationDate: Int = 1_000_000_000, into name: String = "doc.pdf",
                         in directory: URL? = nil) throws -> String {
        let folder = try directory ?? makeTemporaryDirectory()
        let input = folder.appendingPathComponent("doc.txt")
        try write(markup, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.sheet = sheet
        options.metadata.creationDate = creationDate
        let output = folder.appendingPathComponent(name).path
        _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output)
        return output
    }

    private func assertBox(_ box: [Double]?, _ expected: [Double], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let box, box.count == 4 else { return XCTFail("\(what): no box", file: file, line: line) }
        for (found, wanted) in zip(box, expected) {
            XCTAssertEqual(found, wanted, accuracy: 0.01, "\(what): \(box) is not \(expected)", file: file, line: line)
        }
    }

    func testWithoutABleedEveryBoxIsTheA4Page() throws {
        let pdf = try QPDFJSON(pdfAt: typeset(sheet: PrintSheet()))
        for key in ["/MediaBox", "/BleedBox", "/TrimBox"] {
            assertBox(pdf.box(key, page: 0), [0, 0, a4.width, a4.height], key)
        }
    }

    func testABleedOf3mmEnlargesTheSheetRoundAnA4Trim() throws {
        let pdf = try QPDFJSON(pdfAt: typeset(sheet: PrintSheet(bleed: bleed)))
        assertBox(pdf.box("/TrimBox", page: 0), [bleed, bleed, bleed + a4.width, bleed + a4.height], "TrimBox")
        let sheet = [0, 0, a4.width + 2 * bleed, a4.height + 2 * bleed]
        assertBox(pdf.box("/BleedBox", page: 0), sheet, "BleedBox")
        assertBox(pdf.box("/MediaBox", page: 0), sheet, "MediaBox")
        XCTAssertEqual(sheet[2] - sheet[0], 612.28, accuracy: 0.01)
    }

    /// The marks begin 3 mm from the trim (at the bleed's edge) and are 5 mm long: 8 mm of room.
    func testCropMarksAddTheirRoomOutsideTheBleed() throws {
        let pdf = try QPDFJSON(pdfAt: typeset(sheet: PrintSheet(bleed: bleed, cropMarks: true)))
        let margin = 8 * 72 / 25.4
        assertBox(pdf.box("/TrimBox", page: 0), [margin, margin, margin + a4.width, margin + a4.height], "TrimBox")
        assertBox(pdf.box("/BleedBox", page: 0), [margin - bleed, margin - bleed, margin + a4.width + bleed, margin + a4.height + bleed], "BleedBox")
        assertBox(pdf.box("/MediaBox", page: 0), [0, 0, a4.width + 2 * margin, a4.height + 2 * margin], "MediaBox")
    }

    /// Rendered at the MediaBox, the marked sheet has ink beyond the bleed in each of its four
    /// corners and none between the bleed and the trim; the sheet with a bleed and no marks
    /// has no ink outside the trim at all.
    func testCropMarksAreInkInTheCornersBeyondTheBleedAndOnlyThere() throws {
        let directory = try makeTemporaryDirectory()
        let marked = try rasterize(typeset(sheet: PrintSheet(bleed: bleed, cropMarks: true), into: "marked.pdf", in: directory), in: directory)
        let margin = 8 * 72 / 25.4
        let scale = dpi / 72
        let trim = (left: margin * scale, top: margin * scale, right: (margin + a4.width) * scale, bottom: (margin + a4.height) * scale)
        let bleedPixels = bleed * scale
        var inkPerCorner = [0, 0, 0, 0]
        var inkInBleed = 0
        for y in 0 ..< marked.height {
            for x in 0 ..< marked.width where marked.luminance(x: x, y: y) < 0.8 {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let insideTrim = px > trim.left && px < trim.right && py > trim.top && py < trim.bottom
                let insideBleed = px > trim.left - bleedPixels && px < trim.right + bleedPixels
                    && py > trim.top - bleedPixels && py < trim.bottom + bleedPixels
                if insideBleed, !insideTrim { inkInBleed += 1 }
                if !insideBleed { inkPerCorner[(px < Double(marked.width) / 2 ? 0 : 1) + (py < Double(marked.height) / 2 ? 0 : 2)] += 1 }
            }
        }
        XCTAssertEqual(inkInBleed, 0, "no mark inside the bleed")
        // Two marks a corner, each 5 mm (28 px at 144 dpi) long.
        for (corner, ink) in inkPerCorner.enumerated() { XCTAssertGreaterThan(ink, 40, "corner \(corner)") }

        let unmarked = try rasterize(typeset(sheet: PrintSheet(bleed: bleed), into: "unmarked.pdf", in: directory), in: directory)
        XCTAssertEqual(Double(unmarked.width), (a4.width + 2 * bleed) * scale, accuracy: 1)
        var inkOutsideTrim = 0
        for y in 0 ..< unmarked.height {
            for x in 0 ..< unmarked.width where unmarked.luminance(x: x, y: y) < 0.8 {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                if px < bleedPixels || px > Double(unmarked.width) - bleedPixels || py < bleedPixels || py > Double(unmarked.height) - bleedPixels {
                    inkOutsideTrim += 1
                }
            }
        }
        XCTAssertEqual(inkOutsideTrim, 0, "no marks without crop marks")
    }

    private let dpi = 144.0

    private func rasterize(_ pdf: String, in directory: URL) throws -> Pixels {
        let base = directory.appendingPathComponent(URL(fileURLWithPath: pdf).deletingPathExtension().lastPathComponent).path
        guard TestSupport.runTool("/usr/bin/pdftoppm", ["-r", "\(Int(dpi))", "-png", "-singlefile", pdf, base]) != nil else {
            throw XCTSkip("pdftoppm is not installed")
        }
        return try Pixels(pngAt: base + ".png")
    }

    func testTheDatesAreInTheFormThePDFStandardRequires() throws {
        let pdf = try QPDFJSON(pdfAt: typeset(sheet: PrintSheet(), creationDate: 1_000_000_000))
        XCTAssertEqual(pdf.info["/CreationDate"], "D:20010909014640Z00'00'")
        XCTAssertEqual(pdf.info["/ModDate"], "D:20010909014640Z00'00'")
        let epoch = try QPDFJSON(pdfAt: typeset(sheet: PrintSheet(), creationDate: 0))
        XCTAssertEqual(epoch.info["/CreationDate"], "D:19700101000000Z00'00'")
    }

    /// qpdf's file identifier is made from the content: the finished file is the same bytes
    /// every time, as `SOURCE_DATE_EPOCH` promises.
    func testTheSameInputGivesTheSameBytes() throws {
        let directory = try makeTemporaryDirectory()
        let sheet = PrintSheet(bleed: bleed, cropMarks: true)
        let first = try Data(contentsOf: URL(fileURLWithPath: typeset(sheet: sheet, into: "first.pdf", in: directory)))
        let second = try Data(contentsOf: URL(fileURLWithPath: typeset(sheet: sheet, into: "second.pdf", in: directory)))
        XCTAssertEqual(first, second)
        XCTAssertNil(PDFCheck.problems(inPDFAt: directory.appendingPathComponent("first.pdf").path))
        // Nothing but the inputs and the two PDFs: the draft Cairo wrote is gone.
        XCTAssertEqual(try contentsOfDirectory(directory), ["doc.txt", "first.pdf", "second.pdf"])
    }

    /// A link's rectangle and a bookmark's destination move with the page onto the sheet
    /// (Cairo places them on the sheet, not through the drawing's translation).
    func testLinksAndBookmarksMoveWithThePageOntoTheSheet() throws {
        let plain = try QPDFJSON(pdfAt: typeset(sheet: PrintSheet()))
        let path = try typeset(sheet: PrintSheet(bleed: bleed, cropMarks: true))
        let sheet = try QPDFJSON(pdfAt: path)
        let margin = 8 * 72 / 25.4
        let plainRect = try XCTUnwrap(plain.linkRects(page: 0).first), sheetRect = try XCTUnwrap(sheet.linkRects(page: 0).first)
        // Cairo rounds a link's rectangle to whole points on the sheet.
        for (found, wanted) in zip(sheetRect, plainRect) { XCTAssertEqual(found, wanted + margin, accuracy: 1) }
        let plainTarget = try XCTUnwrap(plain.outlineTargets.first), sheetTarget = try XCTUnwrap(sheet.outlineTargets.first)
        XCTAssertEqual(sheetTarget.x, plainTarget.x + margin, accuracy: 0.01)
        XCTAssertEqual(sheetTarget.y, plainTarget.y + margin, accuracy: 0.01)
    }
}
