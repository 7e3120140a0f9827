import Foundation
import XCTest

/// Which format and which file names a run writes: `-o`'s extension, `--format`, standard
/// output for `-o -` and `--layout-json -`, and standard input's own name.
final class OutputNameTests: XCTestCase {
    private func noteDirectory() throws -> URL {
        let directory = try makeTemporaryDirectory()
        try write("A short note, set on one page.\n", to: directory.appendingPathComponent("note.txt"))
        return directory
    }

    private func starts(_ url: URL, with magic: [UInt8]) throws -> Bool {
        try Data(contentsOf: url).starts(with: magic)
    }

    private let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
    private let pdfSignature = Array("%PDF".utf8)

    func testTheOutputsExtensionChoosesTheFormat() throws {
        let directory = try noteDirectory()
        let png = try typeset(["note.txt", "-o", "page.png", "--dpi", "20"], in: directory)
        XCTAssertEqual(png.status, 0, png.stderr)
        XCTAssertTrue(try starts(directory.appendingPathComponent("page-001.png"), with: pngSignature))
        // In any case, as a user may type it.
        let upper = try typeset(["note.txt", "-o", "SHOUT.PDF"], in: directory)
        XCTAssertEqual(upper.status, 0, upper.stderr)
        XCTAssertTrue(try starts(directory.appendingPathComponent("SHOUT.PDF"), with: pdfSignature))
        // PNG pages are named from the output without its extension, whatever its case.
        let upperPNG = try typeset(["note.txt", "-o", "LOUD.PNG", "--dpi", "20"], in: directory)
        XCTAssertEqual(upperPNG.status, 0, upperPNG.stderr)
        XCTAssertTrue(try starts(directory.appendingPathComponent("LOUD-001.png"), with: pngSignature))
        // A name that names no format: --format decides (without it, a usage error: UsageMistakeTests).
        XCTAssertEqual(try typeset(["note.txt", "-o", "plain.out", "--format", "pdf"], in: directory).status, 0)
        XCTAssertTrue(try starts(directory.appendingPathComponent("plain.out"), with: pdfSignature))
        XCTAssertEqual(try typeset(["note.txt", "-o", "pages", "--format", "png", "--dpi", "20"], in: directory).status, 0)
        XCTAssertEqual(try contentsOfDirectory(directory), ["LOUD-001.png", "SHOUT.PDF", "note.txt", "page-001.png", "pages-001.png", "plain.out"])
    }

    func testAFormatThatContradictsTheExtensionIsAUsageError() throws {
        let directory = try noteDirectory()
        let cases: [([String], String)] = [
            (["--format", "png", "-o", "out.pdf"], "--format png contradicts -o out.pdf, a .pdf name"),
            (["--format", "pdf", "-o", "out.png"], "--format pdf contradicts -o out.png, a .png name"),
        ]
        for (arguments, message) in cases {
            let result = try typeset(["note.txt"] + arguments, in: directory)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
        // Agreeing is fine.
        XCTAssertEqual(try typeset(["note.txt", "--format", "pdf", "-o", "out.pdf"], in: directory).status, 0)
        XCTAssertEqual(try contentsOfDirectory(directory), ["note.txt", "out.pdf"])
    }

    func testLayoutJSONGoesToStandardOutput() throws {
        let directory = try noteDirectory()
        let result = try TypesetProcess.run(["note.txt", "--layout-json", "-"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "standard output is the JSON")
        XCTAssertEqual((json["pages"] as? [Any])?.count, 1)
        XCTAssertEqual(try contentsOfDirectory(directory), ["note.pdf", "note.txt"], "no file named -")

        // Standard output cannot carry the PDF and the JSON at once.
        let both = try TypesetProcess.run(["note.txt", "-o", "-", "--layout-json", "-"], in: directory)
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("-o - and --layout-json - would both write standard output"), both.stderr)
        XCTAssertTrue(both.stdout.isEmpty)

        // A document that fails writes nothing to standard output.
        try write("<font color=\"reddish\">x</font>\n", to: directory.appendingPathComponent("bad.txt"))
        let failed = try TypesetProcess.run(["bad.txt", "--layout-json", "-"], in: directory)
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stdout.isEmpty)
    }

    func testStandardInputIsWrittenAsStdinPDF() throws {
        let directory = try makeTemporaryDirectory()
        let result = try TypesetProcess.run(["-"], in: directory, standardInput: Data("From a pipe.\n".utf8))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try contentsOfDirectory(directory), ["stdin.pdf"])
    }
}
