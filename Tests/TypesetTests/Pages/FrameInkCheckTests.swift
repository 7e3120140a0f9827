import Layout
import PageCheck
import Pages
import Text
import TypesetKit
import XCTest

/// The "no glyph outside its frame" property (`FrameInkCheck`), which every page the tests lay
/// out through `checkedPages()` keeps: it passes the pages it should, and fails a page that
/// prints a glyph outside its frame — as a tab stop past the column did before stops were
/// clamped to it.
final class FrameInkCheckTests: XCTestCase {
    /// A table whose last stop is 300 pt from the column's edge, in columns 148.6 pt wide.
    private let table = """
    <p tabs="60, 300 right" hyphenate="false">Planks\t12\t8 %
    Nails\t3\t81 %
    </p><p hanging-punctuation="true"><i>“Jiffy,” said the keeper of the lighthouse, half-joking, “fifty jars of jam.”</i>
    """

    private func layOut() throws -> (document: PreparedDocument, pages: [Page]) {
        try SectionTesting.layOut(table) { $0.page.columns = 3 }
    }

    func testClampedTabsItalicsAndHangingPunctuationKeepTheProperty() throws {
        let (document, pages) = try layOut()
        let check = FrameInkCheck(text: document.text)
        XCTAssertEqual(pages.flatMap(check.overruns(on:)).map(\.description), [])
    }

    /// The text of the 300 pt stop moved to where layout put it before stops were clamped (its
    /// right end 300 pt from the column's left edge): the check names each of its glyphs.
    func testTheOldTabBehaviourFailsTheCheck() throws {
        var (document, pages) = try layOut()
        let frame = pages[0].frames[0]
        let units = Array(document.text.storage)
        let eight = try XCTUnwrap(units.firstIndex(of: 0x38))   // the "8" of "8 %"
        let lineIndex = try XCTUnwrap(frame.lines.firstIndex { $0.stringRange.contains(eight) })
        var line = frame.lines[lineIndex]
        let boxes = PageBoxes.boxes(of: line, frame: 0, index: lineIndex, text: document.text)
        let rightEnd = try XCTUnwrap(boxes.map(\.rect.maxX).max())
        XCTAssertEqual(rightEnd, frame.container.rect.maxX, accuracy: 0.01, "clamped: the text ends at the column's end")
        let shift = frame.container.rect.minX + 300 - rightEnd
        for runIndex in line.runs.indices {
            for glyph in line.runs[runIndex].positions.indices where line.runs[runIndex].clusters[glyph] >= eight {
                line.runs[runIndex].positions[glyph].x += shift
            }
        }
        pages[0].frames[0].lines[lineIndex] = line
        let overruns = FrameInkCheck(text: document.text).overruns(on: pages[0])
        XCTAssertEqual(Set(overruns.map(\.character)), [eight, eight + 2], "the 8 and the %, not the space between")
        XCTAssertTrue(overruns.allSatisfy { $0.place == "page 1 frame 0 line \(lineIndex)" }, "\(overruns)")

        // One point past what is allowed is enough to fail.
        var nudged = try layOut().pages
        var first = nudged[0].frames[0].lines[0]
        let size = first.runs[0].fontSize
        let inkLeft = try XCTUnwrap(first.runs[0].font.ink(of: first.runs[0].glyphIDs[0], size: size)).minX
        first.origin.x = nudged[0].frames[0].container.rect.minX - inkLeft - first.runs[0].positions[0].x
            - InkAllowance.tolerance - InkAllowance.sideBearingShare * size - 1
        nudged[0].frames[0].lines[0] = first
        let nudgedOverruns = FrameInkCheck(text: document.text).overruns(on: nudged[0])
        XCTAssertEqual(nudgedOverruns.first?.character, 0)
        XCTAssertEqual(nudgedOverruns.first?.excess ?? 0, 1, accuracy: 0.001)
    }
}
