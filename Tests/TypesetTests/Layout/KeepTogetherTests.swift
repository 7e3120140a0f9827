import Fonts
import Layout
import Markup
import Text
import XCTest

/// Widows, orphans and headings kept with their text, one case at a time: paragraphs of known
/// line counts (lines ended by <br>) on a 12 pt grid, in containers that hold a chosen number
/// of lines, so that each column would end badly without the rules.
final class KeepTogetherTests: XCTestCase {
    private var library: FontLibrary!
    private static let lineHeight = 12.0
    private static let width = 200.0

    override func setUpWithError() throws {
        library = try TestSupport.makeFontLibrary()
    }

    override func tearDown() {
        library = nil
    }

    /// A paragraph of `count` lines, "name1" to "nameN", each ended by a line separator.
    private func paragraph(_ name: String, lines count: Int) -> String {
        (1 ... count).map { "\(name)\($0) words" }.joined(separator: "<br>")
    }

    private func framesetter(_ paragraphs: [String], attributes: String = "") throws -> Framesetter {
        let markup = #"<p line-height="12pt" space-after="0" align="left" "# + attributes + ">" + paragraphs.joined(separator: "\n")
        let document = TestSupport.parse(markup, baseDirectory: TestSupport.imagesDirectory.path)
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)")
        return Framesetter(text: document.text, fonts: try TestSupport.fontTable(for: document, library: library))
    }

    /// Frames of containers `lines` grid lines tall, one after another to the end of the text.
    private func frames(_ setter: Framesetter, lines: Int) -> [Frame] {
        frames(setter, height: Double(lines) * Self.lineHeight + 1)
    }

    private func frames(_ setter: Framesetter, height: Double) -> [Frame] {
        var frames: [Frame] = []
        var position = 0
        var carry = FlowCarry.none
        while position < setter.text.length, frames.count < 1000 {
            let rect = Rect(x: 20, y: 50, width: Self.width, height: height)
            let result = setter.frame(in: Container(rect: rect), from: position, carrying: carry)
            let frame = result.frame
            carry = result.carry
            XCTAssertEqual(frame.visibleRange.lowerBound, position)
            guard frame.visibleRange.upperBound > position else {
                XCTFail("no progress at \(position)")
                break
            }
            XCTAssertEqual(frame.lines.first?.stringRange.lowerBound, position)
            XCTAssertEqual(frame.lines.last?.stringRange.upperBound, frame.visibleRange.upperBound)
            for line in frame.lines.dropFirst() {
                XCTAssertLessThanOrEqual(line.origin.y + line.descent, rect.maxY + 0.001, "no line is cut by the container's foot")
            }
            frames.append(frame)
            position = frame.visibleRange.upperBound
        }
        XCTAssertEqual(position, setter.text.length)
        return frames
    }

    /// The height of a container that holds the text up to the line starting with `name` and
    /// no further, measured on the text set in one tall container.
    private func height(through name: String, _ paragraphs: [String]) throws -> Double {
        let setter = try framesetter(paragraphs)
        let tall = setter.frame(in: Container(rect: Rect(x: 20, y: 50, width: Self.width, height: 10_000)), from: 0)
        let index = try XCTUnwrap(names([tall], setter)[0].firstIndex(of: name))
        let bottom = { (line: Line) in line.origin.y + line.descent - 50 }
        if index + 1 < tall.lines.count {
            XCTAssertGreaterThan(bottom(tall.lines[index + 1]), bottom(tall.lines[index]) + 1)
        }
        return bottom(tall.lines[index]) + 0.5
    }

    /// Each frame's lines by the words they start with ("a1", "h", …).
    private func names(_ frames: [Frame], _ setter: Framesetter) -> [[String]] {
        frames.map { frame in
            frame.lines.map { line in
                let text = setter.text.substring(line.stringRange)
                return String(text.prefix { !$0.isWhitespace && $0 != "\u{2028}" })
            }
        }
    }

    // MARK: Orphans and widows

    func testAnOrphanGoesToTheNextColumn() throws {
        let setter = try framesetter([paragraph("a", lines: 3), paragraph("b", lines: 4)])
        XCTAssertEqual(names(frames(setter, lines: 4), setter), [["a1", "a2", "a3"], ["b1", "b2", "b3", "b4"]])
    }

    func testAWidowTakesALineWithIt() throws {
        let setter = try framesetter([paragraph("a", lines: 6)])
        XCTAssertEqual(names(frames(setter, lines: 5), setter), [["a1", "a2", "a3", "a4"], ["a5", "a6"]])
    }

    func testAParagraphThatWouldLeaveBothAnOrphanAndAWidow() throws {
        // b1 alone at the foot of the first column, then b5 alone at the head of the third.
        let setter = try framesetter([paragraph("a", lines: 3), paragraph("b", lines: 5)])
        XCTAssertEqual(names(frames(setter, lines: 4), setter), [["a1", "a2", "a3"], ["b1", "b2", "b3"], ["b4", "b5"]])
    }

    func testATwoLineParagraphMovesWhole() throws {
        let setter = try framesetter([paragraph("a", lines: 3), paragraph("b", lines: 2), paragraph("c", lines: 1)])
        XCTAssertEqual(names(frames(setter, lines: 4), setter), [["a1", "a2", "a3"], ["b1", "b2", "c1"]])
    }

    func testAThreeLineParagraphMovesWholeRatherThanLeaveAWidowOrAnOrphan() throws {
        // Two lines of b fit: ending after one would leave an orphan, after two a widow.
        let setter = try framesetter([paragraph("a", lines: 3), paragraph("b", lines: 3), paragraph("c", lines: 1)])
        XCTAssertEqual(names(frames(setter, lines: 5), setter), [["a1", "a2", "a3"], ["b1", "b2", "b3", "c1"]])
    }

    func testOneOrNoLineTurnsTheRulesOff() throws {
        for value in ["0", "1"] {
            let orphan = try framesetter([paragraph("a", lines: 3), paragraph("b", lines: 4)], attributes: #"orphans="\#(value)""#)
            XCTAssertEqual(names(frames(orphan, lines: 4), orphan), [["a1", "a2", "a3", "b1"], ["b2", "b3", "b4"]])
            let widow = try framesetter([paragraph("a", lines: 6)], attributes: #"widows="\#(value)""#)
            XCTAssertEqual(names(frames(widow, lines: 5), widow), [["a1", "a2", "a3", "a4", "a5"], ["a6"]])
        }
    }

    func testLargerMinimums() throws {
        let setter = try framesetter([paragraph("a", lines: 2), paragraph("b", lines: 8)], attributes: #"orphans="3" widows="3""#)
        // Three lines of b fit under a's two, but then five of b's lines would follow: fine;
        // the second column then holds five lines of b and would leave none behind.
        XCTAssertEqual(names(frames(setter, lines: 5), setter), [["a1", "a2", "b1", "b2", "b3"], ["b4", "b5", "b6", "b7", "b8"]])
        let widows = try framesetter([paragraph("a", lines: 9)], attributes: #"widows="3""#)
        XCTAssertEqual(names(frames(widows, lines: 7), widows), [["a1", "a2", "a3", "a4", "a5", "a6"], ["a7", "a8", "a9"]])
        let orphans = try framesetter([paragraph("a", lines: 3), paragraph("b", lines: 5)], attributes: #"orphans="3""#)
        XCTAssertEqual(names(frames(orphans, lines: 5), orphans), [["a1", "a2", "a3"], ["b1", "b2", "b3", "b4", "b5"]])
    }

    func testAPictureAloneOnALineCountsAsALine() throws {
        // b's second line is a picture: with b1 and the picture under a, b3 would be a widow,
        // and ending after b1 an orphan, so b moves whole.
        let picture = #"<img src="rgb8.png" width="60" height="30">"#
        let paragraphs = [paragraph("a", lines: 6), #"<p line-height="normal">b1 words<br>"# + picture + "<br>b3 words</p>",
                          paragraph("c", lines: 1)]
        let setter = try framesetter(paragraphs)
        let columns = frames(setter, height: try height(through: "\u{FFFC}", paragraphs))
        XCTAssertEqual(names(columns, setter).first?.last, "a6")
        XCTAssertEqual(names(columns, setter)[1], ["b1", "\u{FFFC}", "b3", "c1"])
    }

    func testAColumnHoldingOnlyPartOfAShortParagraphKeepsTheWidow() throws {
        // Nothing comes before b in its column: moving it whole would leave the column empty.
        let setter = try framesetter([paragraph("b", lines: 3)])
        XCTAssertEqual(names(frames(setter, lines: 2), setter), [["b1", "b2"], ["b3"]])
    }

    func testTheColumnIsFilledWhenKeepingTheRulesWouldEmptyMoreThanHalfOfIt() throws {
        // Under a1, b1 and b2 fit: ending after b2 leaves a widow, after b1 an orphan, and
        // ending after a1 would move two of the column's three lines on.
        let setter = try framesetter([paragraph("a", lines: 1), paragraph("b", lines: 3)])
        XCTAssertEqual(names(frames(setter, lines: 3), setter), [["a1", "b1", "b2"], ["b3"]])
    }

    func testAParagraphLongerThanAColumnKeepsItsBreaksAndMovesOn() throws {
        let sentence = "The night watch walks the length of Mill Lane and back, twice an hour, with a lantern and a bell. "
        let document = TestSupport.parse(#"<p line-height="12pt" space-after="0">"# + String(repeating: sentence, count: 12))
        let fonts = try TestSupport.fontTable(for: document, library: library)
        let whole = Framesetter(text: document.text, fonts: fonts)
            .frame(in: Container(rect: Rect(x: 20, y: 50, width: Self.width, height: 10_000)), from: 0)
        XCTAssertGreaterThan(whole.lines.count, 25)
        for height in [1, 2, 3, 5, 7] {
            let setter = Framesetter(text: document.text, fonts: fonts)
            let columns = frames(setter, lines: height)
            // Widow control moves column ends, not line breaks.
            XCTAssertEqual(columns.flatMap(\.lines).map(\.stringRange), whole.lines.map(\.stringRange), "\(height) lines a column")
            if height >= 3 {
                XCTAssertTrue(columns.allSatisfy { $0.lines.count >= 2 }, "\(height) lines a column: \(columns.map(\.lines.count))")
            } else {
                XCTAssertTrue(columns.allSatisfy { !$0.lines.isEmpty })
            }
        }
    }

    // MARK: Headings

    private func heading(_ text: String, style: String = "subheadline") -> String {
        #"<p style="\#(style)">\#(text)</p>"#
    }

    func testAHeadingAtTheFootOfAColumnGoesWithItsText() throws {
        let paragraphs = [paragraph("a", lines: 5), heading("h"), paragraph("b", lines: 4)]
        // The heading fits under a, b does not.
        var setter = try framesetter(paragraphs)
        var columns = names(frames(setter, height: try height(through: "h", paragraphs)), setter)
        XCTAssertEqual(columns.first, ["a1", "a2", "a3", "a4", "a5"])
        XCTAssertEqual(columns.dropFirst().first?.prefix(2), ["h", "b1"])
        // The heading and one line of b fit: that line would be an orphan.
        setter = try framesetter(paragraphs)
        columns = names(frames(setter, height: try height(through: "b1", paragraphs)), setter)
        XCTAssertEqual(columns.first, ["a1", "a2", "a3", "a4", "a5"])
        XCTAssertEqual(columns.dropFirst().first?.prefix(3), ["h", "b1", "b2"])
    }

    func testBlankLinesAfterAHeadingGoWithIt() throws {
        let paragraphs = [paragraph("a", lines: 5), heading("h"), "", "", paragraph("b", lines: 4)]
        let setter = try framesetter(paragraphs)
        let columns = frames(setter, height: try height(through: "h", paragraphs) + 2 * Self.lineHeight)
        XCTAssertEqual(names(columns, setter).first, ["a1", "a2", "a3", "a4", "a5"], "the heading and its two blank lines go on")
        XCTAssertEqual(names(columns, setter)[1].prefix(4), ["h", "", "", "b1"])
    }

    func testKeepWithNextCanBeTurnedOffAndOn() throws {
        let off = [paragraph("a", lines: 5), #"<p style="subheadline" keep-with-next="false">h</p>"#, paragraph("b", lines: 4)]
        var setter = try framesetter(off)
        XCTAssertEqual(names(frames(setter, height: try height(through: "h", off)), setter).first?.last, "h")
        let on = [paragraph("a", lines: 5), #"<p keep-with-next="true">h</p>"#, paragraph("b", lines: 4)]
        setter = try framesetter(on)
        XCTAssertEqual(names(frames(setter, height: try height(through: "h", on)), setter).first?.last, "a5")
    }

    func testTwoHeadingsInARowGoTogether() throws {
        let paragraphs = [paragraph("a", lines: 6), heading("h", style: "headline"), heading("s"), paragraph("b", lines: 4)]
        for last in ["h", "s", "b1"] {
            let setter = try framesetter(paragraphs)
            let columns = names(frames(setter, height: try height(through: last, paragraphs)), setter)
            XCTAssertEqual(columns.first?.last, "a6", "a column holding the text up to \(last)")
            XCTAssertEqual(columns.dropFirst().first?.prefix(3), ["h", "s", "b1"], "a column holding the text up to \(last)")
        }
    }

    func testAHeadingFollowedByAPictureGoesWithIt() throws {
        let picture = #"<p line-height="normal"><img src="rgb8.png" width="60" height="30"></p>"#
        let paragraphs = [paragraph("a", lines: 6), heading("h"), picture, paragraph("b", lines: 2)]
        let setter = try framesetter(paragraphs)
        let columns = frames(setter, height: try height(through: "h", paragraphs))
        XCTAssertEqual(names(columns, setter).first?.last, "a6", "the picture does not fit under the heading, so the heading goes on")
        XCTAssertEqual(names(columns, setter)[1].first, "h")
        XCTAssertNotNil(columns[1].lines[1].runs.first?.runDelegate, "the picture, a line of its own, follows its heading")
    }

    func testAHeadingThatCanNeverFitWithItsTextIsSetAnyway() throws {
        let paragraphs = [#"<p style="headline" line-height="normal"><font size="40">Huge</font></p>"#, paragraph("b", lines: 4)]
        let setter = try framesetter(paragraphs)
        let columns = frames(setter, height: try height(through: "b1", paragraphs))
        XCTAssertEqual(names(columns, setter).first, ["Huge", "b1"], "the heading and one line, all a column can hold")
        XCTAssertEqual(columns.flatMap(\.lines).count, 5)
    }

    func testAHeadingOfSeveralLinesIsNeverSplit() throws {
        // The issue's four-line review head split "Self-pub- / lished" across columns.
        let head = heading("h1 words<br>h2 words<br>h3 words<br>h4 words")
        let paragraphs = [paragraph("a", lines: 3), head, paragraph("b", lines: 4)]
        let setter = try framesetter(paragraphs)
        let columns = names(frames(setter, height: try height(through: "h3", paragraphs)), setter)
        XCTAssertEqual(columns.first, ["a1", "a2", "a3"], "the head's lines go on together")
        XCTAssertEqual(columns.dropFirst().first?.prefix(5), ["h1", "h2", "h3", "h4", "b1"])
    }

    // MARK: Keep with previous

    func testASignatureGoesWithTheEndOfItsLetter() throws {
        let setter = try framesetter([paragraph("a", lines: 6), #"<p keep-with-previous="true">s1 words</p>"#])
        XCTAssertEqual(names(frames(setter, lines: 6), setter), [["a1", "a2", "a3", "a4"], ["a5", "a6", "s1"]],
                       "the signature never starts a column: the letter's last lines (its widows) go with it")
    }

    func testANamedStyleKeepsWithThePrevious() throws {
        let credit = #"<style name="credit" keep-with-previous="true" align="right"/><p style="credit">s1 words</p>"#
        let setter = try framesetter([paragraph("a", lines: 6), credit, paragraph("b", lines: 2)])
        XCTAssertEqual(names(frames(setter, lines: 6), setter), [["a1", "a2", "a3", "a4"], ["a5", "a6", "s1", "b1", "b2"]])
        let off = try framesetter([paragraph("a", lines: 6), #"<p keep-with-previous="false">s1 words</p>"#])
        XCTAssertEqual(names(frames(off, lines: 6), off), [["a1", "a2", "a3", "a4", "a5", "a6"], ["s1"]])
    }

    // MARK: Space at the top of a column

    func testSpaceAroundParagraphsIsDroppedAtTheTopOfAColumn() throws {
        let setter = try framesetter([#"<p space-after="30">"# + paragraph("a", lines: 3) + "</p>",
                                      #"<p space-before="40">"# + paragraph("b", lines: 2) + "</p>", paragraph("c", lines: 1)])
        let columns = frames(setter, lines: 4)
        XCTAssertEqual(names(columns, setter), [["a1", "a2", "a3"], ["b1", "b2", "c1"]])
        let first = columns[0].lines[0], top = columns[1].lines[0]
        XCTAssertEqual(top.origin.y - columns[1].container.rect.minY, first.origin.y - columns[0].container.rect.minY,
                       accuracy: 1e-9, "b starts at the top of its column, without a's space after or its own space before")
        XCTAssertEqual(columns[1].lines[2].origin.y - columns[1].lines[1].origin.y, Self.lineHeight, accuracy: 1e-9)
    }

    func testAColumnStartingInsideAParagraphStartsAtItsTop() throws {
        let setter = try framesetter([#"<p space-before="40">"# + paragraph("a", lines: 6)])
        let columns = frames(setter, lines: 4)
        XCTAssertEqual(names(columns, setter), [["a1", "a2", "a3", "a4"], ["a5", "a6"]])
        for column in columns {
            XCTAssertEqual(column.lines[0].origin.y - column.container.rect.minY,
                           columns[0].lines[0].origin.y - columns[0].container.rect.minY, accuracy: 1e-9)
        }
    }
}
