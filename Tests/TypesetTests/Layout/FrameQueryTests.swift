import Fonts
import Layout
import Markup
import Text
import TypesetKit
import XCTest

/// Hit testing, carets and selections on real frames (bundled fonts, HarfBuzz shaping), and
/// "how tall is this text at this width".
final class FrameQueryTests: FramesetterTestCase {
    private let paragraph = """
        The office staff fled the building at dawn, and by noon the efficient zombies had filled \
        every floor, shuffling between desks in search of the last fresh brains in the city.
        """

    private func frame(_ markup: String, width: Double = 240, alignment: TextAlignment = .justify) throws -> Frame {
        let document = TestSupport.parse(markup, alignment: alignment)
        let setter = try framesetter(for: document)
        let frame = setter.frame(in: Container(rect: Rect(x: 50, y: 60, width: width, height: 2_000)), from: 0)
        XCTAssertEqual(frame.visibleRange.upperBound, document.text.length)
        return frame
    }

    // MARK: Carets and hit testing

    func testEveryCaretOfAnEnglishParagraphHitTestsBackToItsIndex() throws {
        let frame = try frame(paragraph)
        XCTAssertGreaterThan(frame.lines.count, 2)
        for index in 0 ... frame.text.length {
            let caret = try XCTUnwrap(frame.caretRect(at: index), "caret \(index)")
            XCTAssertEqual(caret.width, 0)
            let expected = expectedHitIndex(forCaret: index, in: frame)
            XCTAssertEqual(frame.characterIndex(at: Point(x: caret.minX, y: caret.minY + caret.height / 2)), expected, "caret \(index)")
        }
        XCTAssertNil(frame.caretRect(at: frame.text.length + 1))
    }

    /// Hit testing never lands among a line's trailing spaces: a caret there comes back as the
    /// offset just after the line's last glyph (a ligature splits: its inner carets come back as they are).
    private func expectedHitIndex(forCaret index: Int, in frame: Frame) -> Int {
        guard let line = frame.lines.first(where: { $0.stringRange.contains(index) }) else { return index }
        let contentEnd = line.runs.map(\.stringRange.upperBound).max() ?? line.stringRange.lowerBound
        return min(index, contentEnd)
    }

    func testACaretInsideALigatureFallsBetweenItsLetters() throws {
        let frame = try frame("office", alignment: .left)
        let run = try XCTUnwrap(frame.lines.first?.runs.first)
        // "ffi" is one glyph in Pagella: its clusters skip the inner letters.
        XCTAssertLessThan(run.glyphIDs.count, 6, "expected a ligature")
        let carets = try (0 ... 6).map { try XCTUnwrap(frame.caretRect(at: $0)).minX }
        XCTAssertEqual(carets, carets.sorted())
        XCTAssertEqual(Set(carets).count, 7, "every letter has its own caret: \(carets)")
    }

    func testPointsBesideOrBetweenLinesFindTheNearestLine() throws {
        let frame = try frame(paragraph)
        let first = frame.lines[0], last = frame.lines[frame.lines.count - 1]
        XCTAssertEqual(frame.characterIndex(at: Point(x: 0, y: 0)), first.stringRange.lowerBound)
        let lastEnd = last.runs.map(\.stringRange.upperBound).max()!
        XCTAssertEqual(frame.characterIndex(at: Point(x: 1_000, y: 5_000)), lastEnd)
    }

    func testAnEmptyFrameHasNoCharacterIndex() throws {
        let document = TestSupport.parse("text")
        let setter = try framesetter(for: document)
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 200)), from: document.text.length)
        XCTAssertTrue(frame.lines.isEmpty)
        XCTAssertNil(frame.characterIndex(at: Point(x: 10, y: 10)))
    }

    // MARK: Mixed directions

    /// "The word שלום עולם means hello world.": the Hebrew (offsets 9 to 17) reads from the right.
    private let mixed = "The word שלום עולם means hello world."

    func testAPointInsideHebrewMapsToItsLogicalIndex() throws {
        let frame = try frame(mixed, width: 400, alignment: .left)
        let line = frame.lines[0]
        let hebrew = try XCTUnwrap(line.runs.first { $0.isRightToLeft })
        XCTAssertEqual(hebrew.stringRange.lowerBound, 9)
        let y = line.origin.y - 2
        // Just left of the run's right edge is the right half of ש, its first letter: before it is offset 9, after it 10.
        let right = line.origin.x + hebrew.x + hebrew.width
        XCTAssertEqual(frame.characterIndex(at: Point(x: right - 0.5, y: y)), 9)
        let shin = try XCTUnwrap(frame.caretRect(at: 10))
        XCTAssertEqual(frame.characterIndex(at: Point(x: shin.minX + 0.5, y: y)), 10)
        XCTAssertEqual(frame.characterIndex(at: Point(x: shin.minX - 0.5, y: y)), 10)
        // Carets in the Hebrew move left as the offset grows.
        let carets = try (9 ... 17).map { try XCTUnwrap(frame.caretRect(at: $0)).minX }
        XCTAssertEqual(carets, carets.sorted(by: >), "\(carets)")
        // Each caret inside the run hit-tests back to its offset.
        for index in 10 ... 17 {
            let caret = try XCTUnwrap(frame.caretRect(at: index))
            XCTAssertEqual(frame.characterIndex(at: Point(x: caret.minX, y: y)), index, "caret \(index)")
        }
        // At the direction change the caret follows the character after it: offset 9 stands at ש's right.
        XCTAssertEqual(try XCTUnwrap(frame.caretRect(at: 9)).minX, right, accuracy: 0.001)
    }

    func testEveryCaretOfAHebrewParagraphHitTestsBackToItsIndex() throws {
        let frame = try frame("<p dir=\"rtl\">שלום עולם, זה טקסט בעברית שהוא ארוך מספיק כדי לעבור לשורה הבאה ולהיות מיושר.</p>")
        XCTAssertGreaterThan(frame.lines.count, 1)
        for index in 0 ... frame.text.length {
            let caret = try XCTUnwrap(frame.caretRect(at: index), "caret \(index)")
            let expected = expectedHitIndex(forCaret: index, in: frame)
            XCTAssertEqual(frame.characterIndex(at: Point(x: caret.minX, y: caret.minY + caret.height / 2)), expected, "caret \(index)")
        }
        // The first caret of a line is at its right end.
        let first = frame.lines[0]
        XCTAssertEqual(try XCTUnwrap(frame.caretRect(at: 0)).minX, first.origin.x + first.width, accuracy: 0.001)
    }

    func testASelectionAcrossADirectionChangeIsSeveralRects() throws {
        let frame = try frame(mixed, width: 400, alignment: .left)
        let line = frame.lines[0]
        // "word שלום": "word " left of the Hebrew, שלום at the Hebrew's right end, עולם between them unselected.
        let rects = frame.selectionRects(for: 4 ..< 13)
        XCTAssertEqual(rects.count, 2, "\(rects)")
        XCTAssertEqual(rects.map(\.minX), rects.map(\.minX).sorted(), "visual order")
        XCTAssertLessThan(rects[0].maxX, rects[1].minX)
        for rect in rects { XCTAssertTrue(line.lineBox.contains(rect, tolerance: 0.001), "\(rect) outside \(line.lineBox)") }
        // The whole line is one stretch.
        XCTAssertEqual(frame.selectionRects(for: line.stringRange).count, 1)
    }

    // MARK: Selections

    func testSelectionRectsLieInTheirLinesAndCoverTheSelectedGlyphs() throws {
        let frame = try frame(paragraph)
        let selection = 20 ..< 140
        let rects = frame.selectionRects(for: selection)
        let lines = frame.lines.filter { $0.stringRange.overlaps(selection) }
        XCTAssertEqual(rects.count, lines.count, "one stretch a line")
        for (rect, line) in zip(rects, lines) {
            XCTAssertTrue(line.lineBox.contains(rect, tolerance: 0.001), "\(rect) outside \(line.lineBox)")
            XCTAssertEqual(rect.height, line.height, accuracy: 0.001)
            for run in line.runs {
                for (cluster, (position, advance)) in zip(run.clusters, zip(run.positions, run.advances))
                    where selection.contains(cluster) {
                    let left = line.origin.x + position.x
                    XCTAssertTrue(rect.minX - 0.001 <= left && left + advance <= rect.maxX + 0.001,
                                  "glyph of \(cluster) at \(left) is not covered by \(rect)")
                }
            }
        }
        // Consecutive lines' selections meet: no gap between them.
        for (upper, lower) in zip(rects, rects.dropFirst()) { XCTAssertEqual(upper.maxY, lower.minY, accuracy: 0.001) }
        XCTAssertEqual(frame.selectionRects(for: 30 ..< 30), [])
    }

    func testAnInlinePictureIsSelectedAsOneBox() throws {
        let document = TestSupport.parse("Brains <img src=\"rgb8.png\" width=\"20\" height=\"10\"> here.",
                                         baseDirectory: TestSupport.imagesDirectory.path, alignment: .left)
        let setter = try framesetter(for: document)
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 300, height: 200)), from: 0)
        let picture = try XCTUnwrap(frame.lines[0].runs.first { $0.runDelegate != nil })
        let rects = frame.selectionRects(for: picture.stringRange)
        XCTAssertEqual(rects.count, 1)
        XCTAssertEqual(rects[0].width, 20, accuracy: 0.001)
        XCTAssertEqual(rects[0].minX, frame.lines[0].origin.x + picture.x, accuracy: 0.001)
        // Its right half hit-tests to after it.
        XCTAssertEqual(frame.characterIndex(at: Point(x: rects[0].maxX - 1, y: rects[0].minY + rects[0].height / 2)), picture.stringRange.upperBound)
    }

    // MARK: Bounding size

    func testBoundingSizeGrowsAsTheWidthNarrowsAndMatchesTheFrame() throws {
        let text = TestSupport.parse(paragraph + "\nA second paragraph, shorter.").text
        let wide = try text.boundingSize(width: 400, fonts: library)
        let narrow = try text.boundingSize(width: 150, fonts: library)
        XCTAssertGreaterThan(narrow.height, wide.height)
        XCTAssertLessThanOrEqual(narrow.width, 150 + 0.001)
        XCTAssertGreaterThan(narrow.width, 100)

        let document = TestSupport.parse(paragraph + "\nA second paragraph, shorter.")
        for width in [150.0, 400.0] {
            let setter = try framesetter(for: document)
            let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: width, height: 100_000)), from: 0)
            let size = try document.text.boundingSize(width: width, fonts: library)
            XCTAssertEqual(size.height, frame.usedHeight, "width \(width)")
            XCTAssertEqual(size.width, frame.lines.map(\.width).max())
        }
    }

    func testBoundingSizeWithTheBundledFonts() throws {
        let text = AttributedText("Brains", attributes: TestSupport.defaultAttributes())
        let size = try text.boundingSize(width: 300)
        XCTAssertEqual(size, try text.boundingSize(width: 300, fonts: library))
        XCTAssertGreaterThan(size.height, 8)
        XCTAssertLessThan(size.width, 60)
    }
}
