import Diagnostics
import Foundation
import Markup
import Text
import XCTest

/// Properties that hold for every input, checked on thousands of generated ones.
final class MarkupPropertyTests: XCTestCase {
    /// Pieces of markup, whole and broken, to mix with random bytes.
    private static let fragments: [String] = [
        "<font", "</font>", "<font color=\"red\">", " color=", "\"", "'", "=", ">", "<", "/>", "&#x", "&#", ";", "&amp;",
        "&bogus;", "</p>", "<p align=center>", "<p style=\"headline\">", "<li>", "<li type=number>", "</li>", "<br>", "<b>",
        "</b>", "<i>", "<sup>", "</sub>", "<nobr>", "<style name=\"x\" size=\"9\"/>", "<font style=\"x\">",
        "<rule pattern=\"\\w+\" color=\"blue\"/>", "<rule pattern=\"(\"/>", "<img src=\"a.png\">", "<img src=\"rgb8.png\" width=\"9\">",
        "<!--", "-->", "<!-- c -->", "size=", "12", "-3", "1e9", "tabs=\"72 decimal ,\"", "shadow=\"1 1\"", "\n", "\r\n", "\r",
        "\t", " ", "é", "😀", "\u{2028}", "\u{0}", "word", "<blink>", "strokeColor=none", "#ff0", "rgb(1,2,3)",
    ]

    private func randomBytes(_ generator: inout SplitMix) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0 ..< Int.random(in: 0 ... 40, using: &generator) {
            // Mostly fragments: a stray byte often makes the file invalid UTF-8, refused before parsing.
            switch Int.random(in: 0 ..< 100, using: &generator) {
            case 0 ..< 4: bytes.append(UInt8.random(in: 0 ... 255, using: &generator))
            case 4 ..< 6: bytes.append(0xFF)
            default: bytes += Array(Self.fragments.randomElement(using: &generator)!.utf8)
            }
        }
        return bytes
    }

    func testRandomInputEitherParsesOrGivesLocatedDiagnosticsNeverACrash() {
        var generator = SplitMix(seed: 0x7E5E7)
        var parsed = 0, refused = 0
        for round in 0 ..< 2_000 {
            let bytes = randomBytes(&generator)
            let document: MarkupDocument
            do {
                let source = try MarkupSource(fileName: "random.txt", bytes: bytes)
                document = TestSupport.parser(baseDirectory: TestSupport.imagesDirectory.path).parse(source)
            } catch let diagnostic as Diagnostic {
                // Invalid UTF-8: refused before parsing, located.
                XCTAssertEqual(diagnostic.severity, .error, "round \(round)")
                XCTAssertNotNil(diagnostic.location, "round \(round): \(bytes)")
                refused += 1
                continue
            } catch {
                XCTFail("round \(round): unexpected \(error)")
                continue
            }
            parsed += 1
            for diagnostic in document.diagnostics {
                XCTAssertNotNil(diagnostic.location, "round \(round): \(diagnostic) in \(bytes)")
                XCTAssertNotNil(diagnostic.sourceLine, "round \(round): \(diagnostic)")
                XCTAssertGreaterThanOrEqual(diagnostic.location?.column ?? 0, 1, "round \(round)")
            }
            // The text is whole: every paragraph style run covers it, no NUL slipped through.
            XCTAssertFalse(document.text.storage.contains(0), "round \(round)")
            for attachment in document.text.attachments {
                XCTAssertEqual(document.text.storage[attachment.index], AttributedText.objectReplacementCharacter)
            }
        }
        XCTAssertGreaterThan(parsed, 500, "the mix exercises the parser, not only the UTF-8 check")
        XCTAssertGreaterThan(refused, 100)
    }

    func testTextWithoutMarkupCharactersComesOutAsItself() {
        var generator = SplitMix(seed: 42)
        let pieces = ["a", "Z", " ", "\t", "\n", "\r\n", "\r", "é", "ß", "😀", "中", "—", ">", "\"", "'", "=", "/", ";", "#", "\u{2028}", "0", "."]
        for round in 0 ..< 2_000 {
            var text = ""
            for _ in 0 ..< Int.random(in: 0 ... 60, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let expected = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            let source = try! MarkupSource(fileName: "plain.txt", bytes: Array(text.utf8))
            let document = TestSupport.parser().parse(source)
            XCTAssertEqual(document.text.string, expected, "round \(round)")
            XCTAssertFalse(document.hasErrors, "round \(round)")
            XCTAssertEqual(document.text.attributeRuns(in: 0 ..< document.text.length).count, document.text.isEmpty ? 0 : 1, "round \(round)")
        }
    }

    /// Rules change thousands of ranges in one pass (`AttributedText.modifyAttributes(in:_:)`
    /// with an array); it must agree with changing them one at a time.
    func testChangingManyRangesAtOnceEqualsChangingThemOneByOne() {
        var generator = SplitMix(seed: 7)
        for round in 0 ..< 300 {
            var text = AttributedText()
            for _ in 0 ..< Int.random(in: 1 ... 8, using: &generator) {
                let size = Double(Int.random(in: 8 ... 10, using: &generator))
                text.append(String(repeating: "x", count: Int.random(in: 1 ... 6, using: &generator)), attributes: TestSupport.defaultAttributes(size: size))
            }
            var ranges: [Range<Int>] = []
            var position = 0
            while position < text.length {
                let start = Int.random(in: position ... text.length, using: &generator)
                let end = Int.random(in: start ... min(text.length, start + 5), using: &generator)
                if end > start { ranges.append(start ..< end) }
                position = end + Int.random(in: 0 ... 2, using: &generator)
            }
            let change: (inout TextAttributes) -> Void = { $0.fontSize += 100; $0.color = .white }
            var expected = text
            for range in ranges { expected.modifyAttributes(in: range, change) }
            text.modifyAttributes(in: ranges, change)
            XCTAssertEqual(text.attributeRuns(in: 0 ..< text.length).map(\.range), expected.attributeRuns(in: 0 ..< expected.length).map(\.range), "round \(round)")
            XCTAssertEqual(text.attributeRuns(in: 0 ..< text.length).map(\.attributes), expected.attributeRuns(in: 0 ..< expected.length).map(\.attributes), "round \(round)")
        }
    }
}
