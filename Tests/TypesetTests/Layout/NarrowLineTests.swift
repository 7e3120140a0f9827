import Layout
import Text
import XCTest

/// The one rule for narrow lines (NarrowLines): beside a float, a figure, an exclusion and
/// inside a shape no line is set in a stretch narrower than its paragraph's `min-line-width`
/// (5 em by default), and none holds one word alone there unless it ends its paragraph; a
/// stretch too narrow is left empty and the text goes on below it.
final class NarrowLineTests: FramesetterTestCase {
    private let column = Rect(x: 0, y: 0, width: 200, height: 700)
    /// 5 em of the parser's 11 pt text.
    private let standardMinimum = 55.0
    private let text = String(repeating: "The Board had long considered the matter of the fence, and decided at last to paint it green. ", count: 8)

    private func frame(_ markup: String, in container: Container) throws -> Frame {
        try framesetter(markup).frame(in: container, from: 0, carrying: .none).frame
    }

    /// Every line of `frame` that `counts` is set in a stretch at least `minimum` wide and,
    /// unless it ends its paragraph, holds more than one word; returns how many were checked.
    @discardableResult
    private func assertNarrowLinesKept(in frame: Frame, minimum: Double, counts: (Line) -> Bool,
                                       file: StaticString = #filePath, line: UInt = #line) -> Int {
        var checked = 0
        for set in frame.lines where counts(set) {
            checked += 1
            let slot = LineSlot.stretch(of: set, in: frame)
            XCTAssertGreaterThanOrEqual(slot?.width ?? 0, minimum - 0.01,
                                        "\"\(frame.text.substring(set.stringRange))\" at y \(set.origin.y)", file: file, line: line)
            if !set.endsParagraph {
                XCTAssertFalse(LineSlot.holdsOneWord(set, in: frame),
                               "one word alone: \"\(frame.text.substring(set.stringRange))\" at y \(set.origin.y)", file: file, line: line)
            }
        }
        return checked
    }

    func testAStripBesideAFloatNarrowerThanTheMinimumIsLeftEmptyAndTheTextGoesOnBelow() throws {
        // 200 − 140 − 6 leaves 54 pt beside the picture: under 5 em of 11 pt.
        let markup = "<img src=\"grey.jpg\" width=\"140\" height=\"60\" float=\"left\" margin=\"6\">" + text
        let frame = try frame(markup, in: Container(rect: column))
        let float = try XCTUnwrap(frame.floats.first)
        XCTAssertEqual(frame.lines.filter { LineSlot.isBesideAFloat($0, in: frame) }.count, 0)
        XCTAssertGreaterThan(frame.lines.first?.origin.y ?? 0, float.rect.maxY + float.margin)
        XCTAssertEqual(frame.visibleRange, 0 ..< frame.text.length)

        // A smaller minimum lets the strip take lines, each at least that wide.
        let allowed = try self.frame("<p min-line-width=\"4em\">" + markup, in: Container(rect: column))
        let beside = assertNarrowLinesKept(in: allowed, minimum: 44, counts: { LineSlot.isBesideAFloat($0, in: allowed) })
        XCTAssertGreaterThanOrEqual(beside, 2)
    }

    /// A soft hyphen does not make two words for the rule: "con&shy;sidered", unbroken, is
    /// passed over beside the float as "considered" is (its break had made it two words, and it
    /// was set alone in the strip).
    func testASoftHyphenInAWordAloneChangesNothing() throws {
        let markup = "<p min-line-width=\"4em\"><img src=\"grey.jpg\" width=\"140\" height=\"60\" float=\"left\" margin=\"6\">" + text
        func lines(_ markup: String) throws -> [String] {
            let frame = try frame(markup, in: Container(rect: column))
            return frame.lines.map { frame.text.substring($0.stringRange).replacingOccurrences(of: "\u{AD}", with: "") }
        }
        let first = try XCTUnwrap(markup.range(of: "considered"))
        XCTAssertEqual(try lines(markup.replacingCharacters(in: first, with: "con&shy;sidered")), try lines(markup))
    }

    func testLinesBesideAFloatedFigureAreAtLeastTheMinimumAndNeverOneWord() throws {
        let markup = "<figure float=\"right\" width=\"120\"><img src=\"grey.jpg\" width=\"120\" height=\"150\"></figure>\n" + text
        let frame = try frame(markup, in: Container(rect: column))
        XCTAssertEqual(frame.floats.count, 1)
        let beside = assertNarrowLinesKept(in: frame, minimum: standardMinimum, counts: { LineSlot.isBesideAFloat($0, in: frame) })
        XCTAssertGreaterThan(beside, 5)
    }

    func testLinesBesideAPolygonExclusionKeepTheMinimumAndResumeBelowItsPoint() throws {
        // A wedge from the left edge whose point reaches 180 pt across at y 200: near the point
        // the stretch beside it is 20 pt, too narrow; above and below it widens again.
        let wedge = Exclusion(.polygon([Point(x: 0, y: 100), Point(x: 180, y: 200), Point(x: 0, y: 300)]), padding: 4)
        let container = Container(rect: column, exclusions: [wedge])
        let frame = try frame(text, in: container)
        assertNarrowLinesKept(in: frame, minimum: standardMinimum, counts: { _ in true })
        let bands = frame.lines.map { ($0.origin.y - $0.ascent, $0.origin.y + $0.descent) }
        XCTAssertFalse(bands.contains { $0.0 < 200 && $0.1 > 200 }, "no line at the wedge's point")
        XCTAssertTrue(bands.contains { $0.0 > 200 && $0.1 < 300 }, "lines resume beside the wedge below its point")
    }

    func testEveryLineInACircleIsAtLeastTheMinimumAndTheAttributeMovesTheFirstLine() throws {
        let circle = Container(rect: Rect(x: 0, y: 0, width: 300, height: 300),
                               shape: .circle(center: Point(x: 150, y: 150), radius: 150))
        let standard = try frame("<p align=\"center\">" + text, in: circle)
        XCTAssertGreaterThan(assertNarrowLinesKept(in: standard, minimum: standardMinimum, counts: { _ in true }), 10)

        // A larger minimum starts the text lower, where the circle is wider.
        let wide = try frame("<p align=\"center\" min-line-width=\"12em\">" + text, in: circle)
        assertNarrowLinesKept(in: wide, minimum: 132, counts: { _ in true })
        let firstBaseline = { (frame: Frame) in frame.lines.first?.origin.y ?? 0 }
        XCTAssertLessThan(firstBaseline(standard), firstBaseline(wide))
    }

    /// A shape narrows to its foot: where no stretch below is wide enough again for two words,
    /// a word is set alone rather than the rest of the text leave the shape for the next page
    /// (layout fuzz seeds 97 and 29, Fixtures/layout-fuzz/shape-*).
    func testAShapeNarrowingToItsFootSetsAWordAloneRatherThanLeaveTheRestForTheNextPage() throws {
        let circle = Container(rect: Rect(x: 0, y: 0, width: 110, height: 210),
                               shape: .circle(center: Point(x: 55, y: 105), radius: 55))
        let inCircle = try frame("correspondence afternoon mountains the keeper tomatoes remembered tomatoes", in: circle)
        XCTAssertEqual(inCircle.visibleRange, 0 ..< inCircle.text.length)
        XCTAssertEqual(inCircle.end, .endOfText)

        let ellipse = Container(rect: Rect(x: 0, y: 0, width: 90, height: 230),
                                shape: .ellipse(center: Point(x: 45, y: 115), radiusX: 45, radiusY: 115))
        let inEllipse = try frame("remembered? Hours correspondence came", in: ellipse)
        XCTAssertEqual(inEllipse.visibleRange, 0 ..< inEllipse.text.length)
        XCTAssertEqual(inEllipse.end, .endOfText)
    }

    func testACircleTooNarrowForAnyLineTakesNoText() throws {
        // 40 pt across at its widest, in a band 300 pt wide: every stretch is under the 55 pt minimum.
        let small = Container(rect: Rect(x: 0, y: 0, width: 300, height: 40), shape: .circle(center: Point(x: 150, y: 20), radius: 20))
        let frame = try frame(text, in: small)
        XCTAssertTrue(frame.lines.isEmpty)
        XCTAssertEqual(frame.visibleRange, 0 ..< 0)
    }
}
