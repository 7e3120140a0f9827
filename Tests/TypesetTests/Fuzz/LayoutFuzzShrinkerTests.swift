import Foundation
import LayoutFuzzing
import XCTest

/// The shrinker keeps what a failure needs and nothing else, and keeps it failing the same way.
final class LayoutFuzzShrinkerTests: XCTestCase {
    /// A fault that needs two lines, one attribute of one of them and the grid: everything else goes.
    func testShrinkingKeepsOnlyWhatTheFailureNeeds() {
        var options = FuzzOptions(columns: 3, baselineGrid: 12, bleed: 9)
        options.fontSize = 9.5
        let lines = (0 ..< 30).map { "Paragraph \($0) <i>with</i> words in it." }
            + ["<p line-height=\"12pt\" align=\"left\" indent=\"8\">Fixed leading and <b>bold</b> words</p>",
               "<figure float=\"top\" width=\"120\">"] + (0 ..< 10).map { "More \($0)." }
        var shrinker = Shrinker(budget: 2_000) { document in
            document.options.baselineGrid != nil && document.lines.contains { $0.contains("line-height=\"12pt\"") }
                && document.lines.contains { $0.contains("<figure") }
        }
        let shrunk = shrinker.shrink(FuzzDocument(lines: lines, options: options))
        XCTAssertEqual(shrunk.lines.count, 2, shrunk.markup)
        XCTAssertEqual(shrunk.lines[0], "<p line-height=\"12pt\">", shrunk.markup)
        XCTAssertEqual(shrunk.lines[1], "<figure>", shrunk.markup)
        XCTAssertLessThan(shrinker.tries, 400)
        XCTAssertEqual(shrunk.options.baselineGrid, 12)
        XCTAssertEqual(shrunk.options.columns, 1)
        XCTAssertEqual(shrunk.options.bleed, 0)
        XCTAssertEqual(shrunk.options.fontSize, 11)
    }

    func testTheBudgetBoundsTheTries() {
        var shrinker = Shrinker(budget: 10) { _ in true }
        _ = shrinker.shrink(FuzzDocument(lines: (0 ..< 200).map { "Line \($0) of words" }, options: FuzzOptions()))
        XCTAssertLessThanOrEqual(shrinker.tries, 10)
    }

    func testPiecesJoinBackToTheLine() {
        let line = "<p style=\"text\" line-height='12pt' indent=10>Words <i>and</i> more &mdash; words</p>"
        for (pieces, removable) in [Shrinker.tags(line), Shrinker.attributes(line), Shrinker.words(line)] {
            XCTAssertEqual(pieces.joined(), line)
            XCTAssertGreaterThan(removable.count, 2)
        }
        let attributes = Shrinker.attributes(line)
        XCTAssertEqual(attributes.removable.map { attributes.pieces[$0] }, [" style=\"text\"", " line-height='12pt'", " indent=10"])
        let tags = Shrinker.tags(line)
        XCTAssertEqual(tags.removable.map { tags.pieces[$0] }, ["<p style=\"text\" line-height='12pt' indent=10>", "<i>", "</i>", "</p>"])
        let words = Shrinker.words(line)
        XCTAssertEqual(words.removable.map { words.pieces[$0] }, ["Words", " ", "and", " more", " &mdash;", " words"])
    }

    /// Through the real check: a document with one bad colour among many lines shrinks to that
    /// line, because only a finding of the same kind (this markup error) counts.
    func testARealFindingShrinksToItsCause() {
        let lines = DocumentGenerator.document(seed: 5).lines
        var document = FuzzDocument(lines: lines, options: DocumentGenerator.document(seed: 5).options)
        document.lines.insert("Before the <font color=\"reddish\">fault</font> and after.", at: lines.count / 2)
        let fuzzer = LayoutFuzzer(check: LayoutFuzzChecking.check, shrinkBudget: 200)
        guard let finding = fuzzer.check.findings(in: document).first else { return XCTFail("the bad colour is not found") }
        XCTAssertTrue(finding.kind.hasPrefix("error: unknown color"), finding.description)
        let shrunk = fuzzer.shrink(document, keeping: finding.kind)
        XCTAssertEqual(shrunk.lines, ["<font color=\"reddish\">"], shrunk.markup)
    }

    func testAFixtureKeepsItsOptions() {
        let document = DocumentGenerator.document(seed: 9)
        let finding = LayoutFinding(message: "page 2: something -- wrong")
        let read = FuzzDocument(fixture: document.fixtureText(seed: 9, finding: finding))
        XCTAssertEqual(read?.options, document.options)
        XCTAssertEqual(read?.fixtureKind, finding.kind.replacingOccurrences(of: "--", with: "- -"))
        XCTAssertEqual(read.map { Array($0.lines.dropFirst(3)) }, document.lines)
    }
}

/// A finding's kind: the words that name the fault, the same for the same fault anywhere.
final class LayoutFindingKindTests: XCTestCase {
    func testAKindLeavesOutPlacesNumbersAndQuotations() {
        let outside = LayoutFinding(message: "fuzz page 1 frame 1 line 1: glyph of character 296 'e' (x 169.34, y 43.76, 5.27 × 11.08) "
                                    + "is outside its frame (x 107.00, y 24.00, 67.00 × 392.00)")
        XCTAssertEqual(outside.kind, "glyph of is outside its frame")
        let elsewhere = LayoutFinding(message: "fuzz page 4 frame 0 line 12: glyph of character 9 'Q' (x 1, y 2, 3 × 4) "
                                      + "is outside its frame (x 0, y 0, 1 × 1)")
        XCTAssertEqual(outside.kind, elsewhere.kind)
        XCTAssertEqual(LayoutFinding(message: "fuzz page 1 frame 0: its lines end at 318, its range at 273").kind,
                       "its lines end at its range at")
        XCTAssertNotEqual(LayoutFinding(message: "fuzz page 1 frame 4 shows nothing").kind, outside.kind)
        let hyphen = LayoutFinding(message: "fuzz page 1 frame 0 line 0: glyph of character -1 (hyphen at a break) (x 192.91, y 25.95, "
                                   + "5.09 × 15.10) is outside its frame (x 28.00, y 28.00, 170.00 × 504.00)")
        XCTAssertEqual(hyphen.kind, outside.kind)
    }
}
