import Foundation
import XCTest

/// `--bleed`, `--crop-marks` and `--show-bleed` on the command line: the PDF written to a file
/// or to standard output carries the boxes, a bad bleed is a usage error, and PNG pages are
/// the trimmed page unless `--show-bleed` asks for the whole sheet.
final class PrintSheetCommandLineTests: XCTestCase {
    private let a4 = (width: 595.276, height: 841.89)
    private let mm = 72 / 25.4

    private func noteDirectory() throws -> URL {
        let directory = try makeTemporaryDirectory()
        try write("A short note, set on one page.\n", to: directory.appendingPathComponent("note.txt"))
        return directory
    }

    func testBleedAndCropMarksReachAPDFOnStandardOutput() throws {
        let directory = try noteDirectory()
        let result = try TypesetProcess.run(["note.txt", "--bleed", "3mm", "--crop-marks", "-o", "-"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(PDFCheck.isPDF(result.stdout))
        let copy = directory.appendingPathComponent("copy.pdf")
        try result.stdout.write(to: copy)
        let pdf = try QPDFJSON(pdfAt: copy.path)
        let trim = try XCTUnwrap(pdf.box("/TrimBox", page: 0)), media = try XCTUnwrap(pdf.box("/MediaBox", page: 0))
        XCTAssertEqual(trim[2] - trim[0], a4.width, accuracy: 0.01)
        XCTAssertEqual(trim[3] - trim[1], a4.height, accuracy: 0.01)
        XCTAssertEqual(media[2] - media[0], a4.width + 16 * mm, accuracy: 0.01, "8 mm each side: the bleed and the marks")
        XCTAssertEqual(pdf.info["/CreationDate"], "D:20010909014640Z00'00'", "SOURCE_DATE_EPOCH")
    }

    func testABleedThatIsNotALengthOrTooLargeIsAUsageError() throws {
        let directory = try noteDirectory()
        for (value, message) in [("3parsecs", "--bleed \"3parsecs\""), ("2in", "--bleed must be 0 to 72 pt, not 2in (144 pt)"), ("-1mm", "--bleed must be 0 to 72 pt")] {
            let result = try TypesetProcess.run(["note.txt", "--bleed", value, "-o", "note.pdf"], in: directory)
            XCTAssertEqual(result.status, 2, value)
            XCTAssertTrue(result.stderr.contains(message), "\(value): \(result.stderr)")
        }
        XCTAssertEqual(try contentsOfDirectory(directory), ["note.txt"], "nothing written")
    }

    func testPNGPagesAreTheTrimmedPageUnlessTheBleedIsShown() throws {
        let directory = try noteDirectory()
        let sheet = ["note.txt", "--format", "png", "--bleed", "3mm", "--crop-marks"]
        var result = try TypesetProcess.run(sheet + ["-o", "trimmed.png"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let trimmed = try Pixels(pngAt: directory.appendingPathComponent("trimmed-001.png").path)
        XCTAssertEqual(Double(trimmed.width), a4.width, accuracy: 1)
        XCTAssertEqual(Double(trimmed.height), a4.height, accuracy: 1)
        result = try TypesetProcess.run(sheet + ["--show-bleed", "-o", "shown.png"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let shown = try Pixels(pngAt: directory.appendingPathComponent("shown-001.png").path)
        XCTAssertEqual(Double(shown.width), a4.width + 16 * mm, accuracy: 1)
        XCTAssertEqual(Double(shown.height), a4.height + 16 * mm, accuracy: 1)
        // The marks are ink in the shown sheet's top-left corner, beyond the bleed.
        XCTAssertLessThan(shown.meanLuminance(x: Int(8 * mm) - 1 ..< Int(8 * mm) + 2, y: 0 ..< Int(5 * mm)), 0.95)
        XCTAssertEqual(trimmed.meanLuminance(x: 0 ..< 20, y: 0 ..< 20), 1, accuracy: 0.001, "no mark on the trimmed page")
    }

    /// The layout JSON reports the sheet's boxes only when there is a sheet round the page.
    func testTheLayoutJSONReportsTheSheetsBoxes() throws {
        let directory = try noteDirectory()
        func sheet(_ arguments: [String]) throws -> [String: [String: Double]]? {
            let result = try TypesetProcess.run(["note.txt", "-o", "note.pdf", "--layout-json", "note.json"] + arguments, in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("note.json"))) as? [String: Any])
            let page = try XCTUnwrap((json["pages"] as? [[String: Any]])?.first)
            return page["sheet"] as? [String: [String: Double]]
        }
        XCTAssertNil(try sheet([]), "no sheet round a plain page")
        let boxes = try XCTUnwrap(sheet(["--bleed", "3mm", "--crop-marks"]))
        let margin = (8 * mm * 100).rounded() / 100
        XCTAssertEqual(boxes["trimBox"], ["x": margin, "y": margin, "width": 595.28, "height": 841.89])
        XCTAssertEqual(try XCTUnwrap(boxes["bleedBox"]?["x"]), margin - 3 * mm, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(boxes["mediaBox"]?["width"]), a4.width + 16 * mm, accuracy: 0.01)
    }
}
