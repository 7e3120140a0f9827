import Foundation
import XCTest

/// The checks the command line makes of its options and the warnings it gives about them:
/// `--lang` by the markup's rule, `--font` warned about once, `--text-scale` on all text and
/// `--min-ppi` on the pictures.
final class CommandLineCheckTests: XCTestCase {
    func testAMalformedLangIsAUsageErrorByTheMarkupsRule() throws {
        let directory = try makeTemporaryDirectory()
        let rule = "must be a BCP 47 language tag such as en, en-GB or de-CH, not \"xx-invalid-!!\""
        // The markup refuses the tag in <font lang>…
        try write("<font lang=\"xx-invalid-!!\">Words.</font>\n", to: directory.appendingPathComponent("tag.txt"))
        let tag = try typeset(["tag.txt"], in: directory)
        XCTAssertEqual(tag.status, 1, tag.stderr)
        XCTAssertTrue(tag.stderr.contains("error: lang " + rule), tag.stderr)
        // …and the command line refuses it with the same words, before typesetting anything.
        try write("Words.\n", to: directory.appendingPathComponent("doc.txt"))
        let bad = try typeset(["doc.txt", "--lang", "xx-invalid-!!"], in: directory)
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("--lang " + rule), bad.stderr)
        XCTAssertEqual(try contentsOfDirectory(directory).filter { $0.hasSuffix(".pdf") }, [], "nothing is typeset")
        for good in ["fr", "de-CH-1996", "zh-Hant"] {
            let result = try typeset(["doc.txt", "--lang", good], in: directory)
            XCTAssertEqual(result.status, 0, "\(good): \(result.stderr)")
        }
    }

    func testParagraphLangChoosesTheHyphenationPatterns() throws {
        let directory = try makeTemporaryDirectory()
        let sentence = "Die Donaudampfschifffahrtsgesellschaftskapitänsmütze liegt auf dem Tisch neben der Zeitung.\n"
        try write("<p lang=\"de\">" + sentence, to: directory.appendingPathComponent("de.txt"))
        try write(sentence, to: directory.appendingPathComponent("plain.txt"))
        /// Where the first line of a 135 pt column ends, in UTF-16 units of the text.
        func firstLineEnd(_ name: String) throws -> Int {
            // xx has no hyphenation patterns: only <p lang> can bring German ones.
            let result = try typeset(["\(name).txt", "--lang", "xx", "--columns", "1", "--margin", "230", "--layout-json", "\(name).json"], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("\(name).json"))) as? [String: Any]
            let page = (json?["pages"] as? [[String: Any]])?.first
            let line = ((page?["frames"] as? [[String: Any]])?.first?["lines"] as? [[String: Any]])?.first
            return (line?["stringRange"] as? [Int])?.last ?? -1
        }
        XCTAssertEqual(try firstLineEnd("plain"), 4, "unhyphenated, the long word cannot start on the first line")
        XCTAssertGreaterThan(try firstLineEnd("de"), 4, "hyphenated by the German patterns, part of it can")
    }

    func testAMissingFontIsReportedOnceAndStrictSaysItRefusedTheStandIn() throws {
        let directory = try makeTemporaryDirectory()
        try write("Plain and <b>bold</b> and <i>italic</i> words.\n", to: directory.appendingPathComponent("doc.txt"))
        let lenient = try typeset(["doc.txt", "--font", "No Such Font"], in: directory)
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        XCTAssertEqual(lenient.stderr.components(separatedBy: "No Such Font").count - 1, 1, lenient.stderr)
        XCTAssertTrue(lenient.stderr.contains("warning: font \"No Such Font\" not found; using \"TeX Gyre Pagella\" instead"), lenient.stderr)
        XCTAssertFalse(lenient.stderr.contains("doc.txt:1:"), "the <b> names no font: \(lenient.stderr)")

        let strict = try typeset(["doc.txt", "--font", "No Such Font", "-o", "strict.pdf", "--strict"], in: directory)
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("error: font \"No Such Font\" not found; the stand-in \"TeX Gyre Pagella\" is refused "
                                             + "(`typesetter fonts` lists the families there are) [--strict]"), strict.stderr)
        XCTAssertFalse(strict.stderr.contains("instead"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("strict.pdf").path))
    }

    func testTextScaleScalesUntaggedBodyText() throws {
        let directory = try makeTemporaryDirectory()
        // Untagged text only: before, --text-scale left it alone.
        try write(String(repeating: "Plain body words fill the page. ", count: 400) + "\n", to: directory.appendingPathComponent("doc.txt"))
        func pageCount(_ scale: String) throws -> Int {
            let result = try typeset(["doc.txt", "-o", "\(scale).pdf", "--text-scale", scale, "--layout-json", "\(scale).json"], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("\(scale).json"))) as? [String: Any]
            return (json?["pages"] as? [Any])?.count ?? 0
        }
        let one = try pageCount("1"), larger = try pageCount("1.5")
        XCTAssertGreaterThan(larger, one, "a larger reader's size takes more pages")
        let layout = try String(contentsOf: directory.appendingPathComponent("1.5.json"), encoding: .utf8)
        XCTAssertTrue(layout.contains("\"size\":16.5"), "11 pt body text at 1.5 is 16.5 pt")
        XCTAssertFalse(layout.contains("\"size\":11,"), "no text is left at 11 pt")
    }

    func testAPictureBelowTheMinimumResolutionWarnsAtItsImg() throws {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(atPath: TestSupport.imagePath("rgb8.png"), toPath: directory.appendingPathComponent("a.png").path)
        // 240×160 pixels over 480×320 points, 6⅔ × 4⅜ inches: 36 ppi.
        try write("A picture.\n<img src=\"a.png\" width=\"480\">\n", to: directory.appendingPathComponent("big.txt"))
        let big = try typeset(["big.txt", "--columns", "1"], in: directory)
        XCTAssertEqual(big.status, 0, big.stderr)
        XCTAssertTrue(big.stderr.contains("big.txt:2:11: warning: picture of 240×160 px is shown at 36 ppi (below 150) at 480×320 pt and prints blurred;"
                                          + " use one of at least 1000×667 px or show it smaller"), big.stderr)
        // After fitting: in two columns of 232 pt it is scaled down, and sharper (74 ppi).
        let fitted = try typeset(["big.txt"], in: directory)
        XCTAssertTrue(fitted.stderr.contains("is shown at 74 ppi (below 150) at 232×155 pt"), fitted.stderr)
        // The limit is settable, and 0 turns the check off.
        XCTAssertFalse(try typeset(["big.txt", "--columns", "1", "--min-ppi", "30"], in: directory).stderr.contains("ppi"))
        XCTAssertFalse(try typeset(["big.txt", "--columns", "1", "--min-ppi", "0"], in: directory).stderr.contains("ppi"))
        let negative = try typeset(["big.txt", "--min-ppi=-1"], in: directory)
        XCTAssertEqual(negative.status, 2, negative.stderr)
        XCTAssertTrue(negative.stderr.contains("--min-ppi must be at least 0"), negative.stderr)
        // 240 pixels over 100 points is 173 ppi: sharp enough.
        try write("<img src=\"a.png\" width=\"100\">\n", to: directory.appendingPathComponent("small.txt"))
        let small = try typeset(["small.txt"], in: directory)
        XCTAssertEqual(small.status, 0, small.stderr)
        XCTAssertFalse(small.stderr.contains("ppi"), small.stderr)
        // Under --strict the warning fails the document, as every warning does.
        XCTAssertEqual(try typeset(["big.txt", "--strict"], in: directory).status, 1)
    }
}
