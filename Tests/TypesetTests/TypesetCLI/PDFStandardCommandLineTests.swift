import Foundation
import XCTest

/// `--pdf-standard` and `--output-intent` on the command line: names separated by commas or
/// the option repeated, an unknown name a usage error listing the standards, a profile that
/// is not a CMYK ICC profile refused before anything is typeset.
final class PDFStandardCommandLineTests: XCTestCase {
    private func noteDirectory() throws -> URL {
        let directory = try makeTemporaryDirectory()
        try write("<meta title=\"A note\">\nA short note, set on one page.\n", to: directory.appendingPathComponent("note.txt"))
        return directory
    }

    func testX4WritesAPDFX4File() throws {
        let directory = try noteDirectory()
        let result = try TypesetProcess.run(["note.txt", "--bleed", "3mm", "--crop-marks", "--pdf-standard", "x4", "-o", "note.pdf"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "", "a titled note without links: nothing to warn about")
        let pdf = try PDFObjectTree(pdfAt: directory.appendingPathComponent("note.pdf").path)
        XCTAssertEqual(PDFObjectTree.text(pdf.info["/GTS_PDFXVersion"]), "PDF/X-4")
        XCTAssertNotNil(pdf.catalog["/OutputIntents"])
    }

    /// With `SOURCE_DATE_EPOCH` (which `TypesetProcess` sets) two runs write the same bytes:
    /// the XMP's dates and identifiers come from the input, not the clock.
    func testTwoRunsWriteTheSameBytes() throws {
        let directory = try noteDirectory()
        for name in ["first.pdf", "second.pdf"] {
            let result = try TypesetProcess.run(["note.txt", "--crop-marks", "--pdf-standard", "x4", "-o", name], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let first = try Data(contentsOf: directory.appendingPathComponent("first.pdf"))
        XCTAssertEqual(first, try Data(contentsOf: directory.appendingPathComponent("second.pdf")))
        XCTAssertTrue(first.range(of: Data("<xmp:CreateDate>2001-09-09T01:46:40Z</xmp:CreateDate>".utf8)) != nil, "SOURCE_DATE_EPOCH's date")
    }

    /// `x4,ua1` and `--pdf-standard x4 --pdf-standard ua1` are the same request.
    func testNamesSeparatedByCommasOrRepeated() throws {
        let directory = try noteDirectory()
        for arguments in [["--pdf-standard", "x4,ua1"], ["--pdf-standard", "ua1", "--pdf-standard", "X4"]] {
            let result = try TypesetProcess.run(["note.txt", "-o", "note.pdf"] + arguments, in: directory)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            let pdf = try PDFObjectTree(pdfAt: directory.appendingPathComponent("note.pdf").path)
            XCTAssertEqual(PDFObjectTree.text(pdf.info["/GTS_PDFXVersion"]), "PDF/X-4", "\(arguments)")
        }
    }

    func testAnUnknownStandardIsAUsageErrorNamingTheValidOnes() throws {
        let directory = try noteDirectory()
        for value in ["x5", "x4,a2b", "x4,"] {
            let result = try TypesetProcess.run(["note.txt", "--pdf-standard", value, "-o", "note.pdf"], in: directory)
            XCTAssertEqual(result.status, 2, value)
            XCTAssertTrue(result.stderr.contains("is not a standard typeset writes; the standards are x4 (PDF/X-4), ua1 (PDF/UA-1)"), "\(value): \(result.stderr)")
        }
        XCTAssertEqual(try contentsOfDirectory(directory), ["note.txt"], "nothing written")
    }

    func testAnOutputIntentMustBeACMYKProfileForAPDFXFile() throws {
        let directory = try noteDirectory()
        try write("not a profile", to: directory.appendingPathComponent("fake.icc"))
        let cases: [([String], String)] = [
            (["--pdf-standard", "x4", "--output-intent", "fake.icc"], "fake.icc is not an ICC profile"),
            (["--pdf-standard", "x4", "--output-intent", "/usr/share/color/icc/ghostscript/srgb.icc"], "is for RGB colour; a PDF/X-4 print profile must be CMYK"),
            (["--pdf-standard", "x4", "--output-intent", "missing.icc"], "cannot read the ICC profile missing.icc"),
            // A device would never end: it is refused before it is read.
            (["--pdf-standard", "x4", "--output-intent", "/dev/zero"], "the ICC profile /dev/zero is not a regular file"),
            (["--output-intent", "fake.icc"], "give --pdf-standard x4 with it"),
        ]
        for (arguments, message) in cases {
            let result = try TypesetProcess.run(["note.txt", "-o", "note.pdf"] + arguments, in: directory)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try contentsOfDirectory(directory).sorted(), ["fake.icc", "note.txt"], "nothing written")
    }

    /// A print shop's own profile is embedded and named in the output intent.
    func testAnOutputIntentProfileIsEmbedded() throws {
        let directory = try noteDirectory()
        let profile = "/usr/share/color/icc/ghostscript/ps_cmyk.icc"
        let result = try TypesetProcess.run(["note.txt", "--pdf-standard", "x4", "--output-intent", profile, "-o", "note.pdf"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let pdf = try PDFObjectTree(pdfAt: directory.appendingPathComponent("note.pdf").path)
        let intent = try XCTUnwrap(pdf.dictionary(pdf.array(pdf.catalog["/OutputIntents"])?.first))
        XCTAssertEqual(try pdf.streamData(XCTUnwrap(intent["/DestOutputProfile"] as? String)), FileManager.default.contents(atPath: profile))
    }
}
