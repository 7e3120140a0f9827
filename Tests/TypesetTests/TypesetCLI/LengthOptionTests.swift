import Foundation
import XCTest

/// Lengths, page sizes and the ranges of numeric options, on the command line: each option
/// takes the units of `Length`, and each bad value is a usage error (exit status 2) that says
/// what was wrong and what is allowed.
final class LengthOptionTests: XCTestCase {
    private let mm = 72 / 25.4

    /// The first page's size and its columns' rectangles (x, y, width, height), from the
    /// layout JSON, rounded as it is to hundredths of a point.
    private struct FirstPage: Equatable {
        var width: Double
        var height: Double
        var columns: [[Double]]
    }

    private func firstPage(_ arguments: [String], in directory: URL, file: StaticString = #filePath, line: UInt = #line) throws -> FirstPage? {
        let result = try typeset(["doc.txt", "-o", "doc.pdf", "--layout-json", "doc.json"] + arguments, in: directory)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)", file: file, line: line)
        guard result.status == 0 else { return nil }
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("doc.json"))) as? [String: Any])
        let page = try XCTUnwrap((json["pages"] as? [[String: Any]])?.first)
        let size = try XCTUnwrap(page["size"] as? [String: Double])
        let frames = try XCTUnwrap(page["frames"] as? [[String: Any]])
        let columns = try frames.map { frame in
            let rect = try XCTUnwrap(frame["rect"] as? [String: Double])
            return [rect["x"]!, rect["y"]!, rect["width"]!, rect["height"]!]
        }
        return FirstPage(width: size["width"]!, height: size["height"]!, columns: columns)
    }

    private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    private func document(in directory: URL) throws {
        try write(String(repeating: "Words enough to fill two columns of a page and more. ", count: 120), to: directory.appendingPathComponent("doc.txt"))
    }

    func testLengthOptionsTakeUnits() throws {
        let directory = try makeTemporaryDirectory()
        try document(in: directory)
        // Each: the options, and the first column's x and width on an A4 page (595.28 pt wide).
        let cases: [([String], x: Double, width: Double)] = [
            (["--margin", "2cm", "--columns", "1"], 20 * mm, 595.2756 - 40 * mm),
            (["--margin", "1in", "--columns", "1"], 72, 595.2756 - 144),
            (["--margin", "6pc", "--columns", "1"], 72, 595.2756 - 144),
            (["--margin", "72pt", "--columns", "1"], 72, 595.2756 - 144),
            (["--margin", "72", "--columns", "1"], 72, 595.2756 - 144),
            (["--margin", "0.5in", "--gutter", "1cm"], 36, (595.2756 - 72 - 10 * mm) / 2),
            (["--facing", "--margin", "1in", "--inner-margin", "15mm", "--outer-margin", "1.5cm", "--columns", "1"], 15 * mm, 595.2756 - 30 * mm),
        ]
        for (arguments, x, width) in cases {
            let page = try XCTUnwrap(try firstPage(arguments, in: directory))
            XCTAssertEqual(page.columns.first?[0], rounded(x), "\(arguments)")
            XCTAssertEqual(page.columns.first?[2], rounded(width), "\(arguments)")
        }
        // A baseline grid, a size and a spacing in millimetres set as the same lengths in points.
        for (metric, points) in [(["--baseline-grid", "5mm"], ["--baseline-grid", "\(5 * mm)"]), (["--font-size", "4mm"], ["--font-size", "\(4 * mm)"]),
                                 (["--paragraph-spacing", "0.25cm"], ["--paragraph-spacing", "\(2.5 * mm)"])] {
            _ = try firstPage(metric, in: directory)
            let inUnits = try Data(contentsOf: directory.appendingPathComponent("doc.json"))
            _ = try firstPage(points, in: directory)
            XCTAssertEqual(inUnits, try Data(contentsOf: directory.appendingPathComponent("doc.json")), "\(metric)")
        }
    }

    func testPageSizesByNameAndWithUnits() throws {
        let directory = try makeTemporaryDirectory()
        try document(in: directory)
        let cases: [(String, Double, Double)] = [
            ("a4", 595.28, 841.89), ("A4", 595.28, 841.89), ("a3", 297 * mm, 420 * mm), ("a5", 148 * mm, 210 * mm),
            ("b5", 176 * mm, 250 * mm), ("letter", 612, 792), ("Letter", 612, 792), ("legal", 612, 1008), ("tabloid", 792, 1224),
            ("magazine", 603, 783), ("digest", 387, 603),
            // The rest of ISO 216's A and B series, and letter's half and tabloid on its side.
            ("a0", 841 * mm, 1189 * mm), ("A1", 594 * mm, 841 * mm), ("a2", 420 * mm, 594 * mm), ("a6", 105 * mm, 148 * mm),
            ("b0", 1000 * mm, 1414 * mm), ("b1", 707 * mm, 1000 * mm), ("b2", 500 * mm, 707 * mm), ("b3", 353 * mm, 500 * mm),
            ("B4", 250 * mm, 353 * mm), ("b6", 125 * mm, 176 * mm), ("half-letter", 396, 612), ("ledger", 1224, 792), ("210mmx297mm", 210 * mm, 297 * mm), ("8.5x11in", 612, 792),
            ("21cm×29.7cm", 210 * mm, 297 * mm), ("500x700", 500, 700), ("6inx9in", 432, 648), ("100mmx8in", 100 * mm, 576),
        ]
        for (size, width, height) in cases {
            let page = try XCTUnwrap(try firstPage(["--page-size", size], in: directory))
            XCTAssertEqual(page.width, rounded(width), size)
            XCTAssertEqual(page.height, rounded(height), size)
        }
    }

    /// Bad values: exit status 2, nothing written, and a message that names the option, the
    /// value and what would be accepted.
    func testBadValuesAreUsageErrorsThatSayTheRange() throws {
        let directory = try makeTemporaryDirectory()
        try write("Hello.", to: directory.appendingPathComponent("doc.txt"))
        let cases: [([String], [String])] = [
            (["--columns", "-1"], ["--columns must be 1 to 100, not -1"]),
            (["--columns", "0"], ["--columns must be 1 to 100, not 0"]),
            (["--columns", "101"], ["--columns must be 1 to 100, not 101"]),
            (["--columns", "40"], ["40 columns 18 pt apart", "holds at most 16 columns"]),
            (["--margin", "-5"], ["--margin must be 0 to 14400 pt, not -5"]),
            (["--margin", "-5mm"], ["--margin must be 0 to 14400 pt, not -5mm (-14.17 pt)"]),
            (["--margin", "400"], ["margins leave no room"]),
            (["--margin", "2px"], ["--margin \"2px\" has an unknown unit \"px\"", "pt, mm, cm, in or pc"]),
            (["--margin", "1e3"], ["--margin \"1e3\" has an exponent"]),
            (["--margin", "--facing"], ["--margin \"--facing\" is not a length"]),
            (["--gutter", "-1"], ["--gutter must be 0 to 14400 pt, not -1"]),
            (["--gutter", "wide"], ["--gutter \"wide\" is not a length"]),
            (["--facing", "--inner-margin", "-2cm"], ["--inner-margin must be 0 to 14400 pt, not -2cm (-56.69 pt)"]),
            (["--facing", "--outer-margin", "3furlongs"], ["--outer-margin \"3furlongs\" has an unknown unit \"furlongs\""]),
            (["--font-size", "0"], ["--font-size must be 0.01 to 1000 pt, not 0"]),
            (["--font-size", "2m"], ["unknown unit \"m\""]),
            (["--font-size", "1in1"], ["unknown unit \"in1\""]),
            (["--font-size", "99999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
              + "9999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
              + "9999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"], ["too large"]),
            (["--baseline-grid", "0"], ["--baseline-grid must be 0.01 to 14400 pt, not 0"]),
            (["--baseline-grid", "500"], ["--baseline-grid 500 is too large for this page: at most 182.13 pt", "at least 4 grid lines"]),
            (["--baseline-grid", "7cm"], ["--baseline-grid 7cm (198.43 pt) is too large"]),
            (["--paragraph-spacing", "5000"], ["--paragraph-spacing 5000 is too large for this page: at most 182.13 pt", "a quarter"]),
            (["--paragraph-spacing", "-1"], ["--paragraph-spacing must be 0 to 14400 pt, not -1"]),
            (["--page-size", "10x10"], ["--page-size \"10x10\" is 10 × 10 pt", "72 pt (1 in) to 14400 pt (200 in)"]),
            (["--page-size", "300inx10in"], ["21600 × 720 pt", "to 14400 pt"]),
            (["--page-size", "-5x300"], ["-5 × 300 pt"]),
            (["--page-size", "tiny"], ["\"tiny\" is not a page size", "a0, a1, a2, a3, a4, a5, a6, b0, b1, b2, b3, b4, b5, b6, letter, half-letter, legal, tabloid, ledger, magazine, digest"]),
            (["--page-size", "210cmx297ft"], ["unknown unit \"ft\""]), (["--page-size", "210mmx297mmx"], ["is not a page size"]),
            (["--page-size", "a4x"], ["is not a page size"]),
            (["--page-size", "210mmx297"], ["\"210mmx297\": the width has a unit and the height none"]),
            (["--jobs", "-3"], ["--jobs must be 1 or more, not -3"]),
            (["--jobs", "0"], ["--jobs must be 1 or more, not 0"]),
            (["--dpi", "0"], ["--dpi must be 9 to 2400, not 0"]),
            (["--dpi", "-72", "--format", "png"], ["--dpi must be 9 to 2400, not -72"]),
            (["--dpi", "5000", "--format", "png"], ["--dpi must be 9 to 2400, not 5000"]),
            (["--dpi", "150", "--strict"], ["--dpi sets the resolution of PNG output"]),
            (["--text-scale", "-1"], ["--text-scale must be 0.01 to 10, not -1"]),
        ]
        for (arguments, mentions) in cases {
            let result = try typeset(["doc.txt"] + arguments, in: directory)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            for mention in mentions {
                XCTAssertTrue(result.stderr.contains(mention), "\(arguments) should say \(mention): \(result.stderr)")
            }
            XCTAssertFalse(result.stderr.contains("Missing value"), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try contentsOfDirectory(directory), ["doc.txt"], "\(arguments)")
        }
    }

    /// The same ranges for `typeset compare`, which takes the same page options.
    func testCompareSaysTheRangeToo() throws {
        let directory = try makeTemporaryDirectory()
        try write("Hello.", to: directory.appendingPathComponent("doc.txt"))
        let cases: [([String], String)] = [
            (["--jobs", "-3"], "--jobs must be 1 or more, not -3"), (["--dpi", "-1"], "--dpi must be 9 to 600, not -1"),
            (["--margin", "-1cm"], "--margin must be 0 to 14400 pt, not -1cm"), (["--columns", "-2"], "--columns must be 1 to 100, not -2"),
            (["--max-diff-pixels", "-1"], "--max-diff-pixels must be 0 or more, not -1"),
            (["--max-channel-delta", "-8"], "--max-channel-delta must be 0 to 255, not -8"),
            (["--max-diff-ratio", "-0.5"], "--max-diff-ratio must be 0 to 1, not -0.5"),
        ]
        for (arguments, mention) in cases {
            let result = try typeset(["compare", "--golden", "goldens", "--update", "doc.txt"] + arguments, in: directory)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(mention), "\(arguments): \(result.stderr)")
        }
    }

    /// `--dpi` with PDF output changes nothing: a warning, the PDF written as without it.
    func testDPIWithPDFIsAWarning() throws {
        let directory = try makeTemporaryDirectory()
        try write("Hello.", to: directory.appendingPathComponent("doc.txt"))
        let plain = try typeset(["doc.txt", "-o", "plain.pdf"], in: directory)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(plain.stderr, "")
        let result = try typeset(["doc.txt", "-o", "dpi.pdf", "--dpi", "300"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: --dpi sets the resolution of PNG output"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("plain.pdf")), try Data(contentsOf: directory.appendingPathComponent("dpi.pdf")))
        let png = try typeset(["doc.txt", "-o", "page.png", "--format", "png", "--dpi", "36"], in: directory)
        XCTAssertEqual(png.status, 0, png.stderr)
        XCTAssertEqual(png.stderr, "", "no warning when the output has pixels")
    }

    /// `--columns` and `<section columns>` share one limit.
    func testColumnsAndSectionColumnsShareTheirLimit() throws {
        let directory = try makeTemporaryDirectory()
        try write("<section columns=\"101\">x</section>", to: directory.appendingPathComponent("doc.txt"))
        let section = try typeset(["doc.txt", "--page-size", "14400x14400"], in: directory)
        XCTAssertEqual(section.status, 1)
        XCTAssertTrue(section.stderr.contains("columns 101 is too large (at most 100)"), section.stderr)
        let option = try typeset(["doc.txt", "--page-size", "14400x14400", "--columns", "101"], in: directory)
        XCTAssertTrue(option.stderr.contains("--columns must be 1 to 100"), option.stderr)
        try write("<section columns=\"100\">x</section>", to: directory.appendingPathComponent("doc.txt"))
        let most = try typeset(["doc.txt", "--page-size", "14400x14400", "--columns", "100", "--gutter", "1mm", "-o", "most.pdf"], in: directory)
        XCTAssertEqual(most.status, 0, most.stderr)
    }
}
