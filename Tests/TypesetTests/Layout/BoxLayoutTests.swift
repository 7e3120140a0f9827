import Layout
import Markup
import Text
import XCTest

/// Figures and asides in a frame: a box kept in the column is one line that cannot split, a
/// box floated beside the text is wrapped like a picture, and its own paragraphs are set inside
/// it by the same line loop. Real fonts, real shaping.
final class BoxLayoutTests: FramesetterTestCase {
    private let paragraph = "At the end of Mill Lane, where the streetlights give up, there is a small café with a hand-painted sign and a very large bell above the door. It has not closed since the outbreak began, and the Captain runs it with a coffee machine and two frying pans."

    /// A figure kept in the column between two paragraphs.
    private var figureBetweenParagraphs: String {
        """
        \(paragraph)
        <figure>
        <img src="coffee.jpg" width="120">
        <caption>The red cups.</caption>
        </figure>
        \(paragraph)

        """
    }

    private func setter(_ markup: String) throws -> Framesetter {
        try framesetter(for: TestSupport.parse(markup, baseDirectory: TestSupport.zombiesDirectory.path))
    }

    private func box(in frame: Frame, file: StaticString = #filePath, line: UInt = #line) throws -> PlacedBox {
        try XCTUnwrap(frame.boxes.first, "the frame holds the box", file: file, line: line)
    }

    func testAFigureInTheColumnIsOneLineHoldingItsPictureAndCaption() throws {
        let framesetter = try setter(figureBetweenParagraphs)
        let rect = Rect(x: 20, y: 30, width: 200, height: 2000)
        let frame = framesetter.frame(in: Container(rect: rect), from: 0)
        let placed = try box(in: frame)
        let block = try XCTUnwrap(frame.lines.first { $0.box != nil })
        XCTAssertEqual(block.stringRange, placed.box.range)
        XCTAssertTrue(block.runs.isEmpty)
        XCTAssertEqual(placed.rect.width, 200, accuracy: 1e-9, "as wide as the column")
        XCTAssertEqual(placed.rect.minX, 20, accuracy: 1e-9)
        // Its text: the picture's line, then the caption's, inside the box, all of its paragraphs.
        let inner = try XCTUnwrap(placed.frames.first)
        XCTAssertEqual(inner.visibleRange, placed.box.range)
        XCTAssertEqual(inner.lines.count, 2)
        XCTAssertEqual(inner.lines[0].ascent, 120 / (600.0 / 400), accuracy: 0.01, "the picture's height")
        XCTAssertGreaterThan(inner.lines[1].origin.y, inner.lines[0].origin.y)
        XCTAssertLessThanOrEqual(inner.usedHeight, placed.rect.height + 1e-9)
        XCTAssertEqual(framesetter.height(of: placed.box, width: 200), placed.rect.height, accuracy: 1e-9)
        // The text goes on below it, a margin clear.
        let index = try XCTUnwrap(frame.lines.firstIndex { $0.box != nil })
        let after = frame.lines[index + 1]
        XCTAssertGreaterThanOrEqual(after.origin.y - after.ascent, placed.rect.maxY + BoxStyle.defaultMargin - 1e-6)
        let before = frame.lines[index - 1]
        XCTAssertLessThanOrEqual(before.origin.y + before.descent, placed.rect.minY - BoxStyle.defaultMargin + 1e-6)
    }

    func testAFigureThatDoesNotFitLetsTheTextGoOnAndTakesTheNextColumnsTop() throws {
        let framesetter = try setter(figureBetweenParagraphs)
        let box = try XCTUnwrap(framesetter.boxes.all.first)
        let column = Rect(x: 0, y: 0, width: 200, height: 150)
        let first = framesetter.frame(in: Container(rect: column), from: 0, carrying: .none)
        XCTAssertTrue(first.frame.boxes.isEmpty)
        // The paragraph after the figure fills the column (it used to end before the figure).
        XCTAssertGreaterThan(first.frame.visibleRange.upperBound, box.range.upperBound, "the text after the figure goes on in the column")
        let last = try XCTUnwrap(first.frame.lines.last)
        let lineHeight = last.ascent + last.descent + last.leading
        XCTAssertGreaterThan(last.origin.y + last.descent + lineHeight, column.maxY, "the column is full")
        XCTAssertTrue(first.carry.hasWaitingFloats, "the figure waits for the next column")
        let second = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 400)),
                                       from: first.frame.visibleRange.upperBound, carrying: first.carry)
        let placed = try self.box(in: second.frame)
        XCTAssertEqual(placed.box.range, box.range)
        XCTAssertEqual(placed.rect.minY, 0, accuracy: 1e-9, "at the top of the next column, no margin above")
        XCTAssertEqual(placed.rect.width, 200, accuracy: 1e-9, "as wide as in the column")
        XCTAssertFalse(second.carry.hasWaitingFloats)
        // The text goes on below it, a margin clear, with nothing beside it.
        let top = try XCTUnwrap(second.frame.lines.first)
        XCTAssertGreaterThanOrEqual(top.origin.y - top.ascent, placed.rect.maxY + BoxStyle.defaultMargin - 1e-6)
        XCTAssertEqual(second.frame.visibleRange.lowerBound, first.frame.visibleRange.upperBound)
    }

    func testABoxInTheColumnWaitsBehindOneThatDidNotFitSoBoxesKeepTheirOrder() throws {
        let framesetter = try setter(paragraph + "\n<figure>\n<img src=\"coffee.jpg\" width=\"120\">\n</figure>\n"
                                     + "<figure>\n<img src=\"coffee.jpg\" width=\"30\">\n</figure>\n" + paragraph + "\n")
        let boxes = framesetter.boxes.all
        XCTAssertEqual(boxes.count, 2)
        // Room below the paragraph for the small figure, not for the large one before it.
        let first = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 120)), from: 0, carrying: .none)
        XCTAssertTrue(first.frame.boxes.isEmpty, "the small figure does not overtake the large one")
        let second = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 600)),
                                       from: first.frame.visibleRange.upperBound, carrying: first.carry).frame
        XCTAssertEqual(second.boxes.map(\.box.range), boxes.map(\.range), "both at the next column's top, in order")
        let rects = second.boxes.map(\.rect)
        XCTAssertGreaterThanOrEqual(rects[1].minY, rects[0].maxY)
    }

    /// Issue 33: an aside opening with a heading (`subheadline` keeps with the next paragraph)
    /// took the heading's keep for the whole box: at a column's foot, with no room for the
    /// paragraph after it, the box went to the next column and left its height empty.
    func testABoxOpeningWithAHeadingStaysAtTheColumnsFoot() throws {
        let framesetter = try setter("""
            \(paragraph)
            <aside background="#e8eef4">
            <p style="subheadline">Checklist</p>
            <li>Hands empty?
            <li>One shoe?
            </aside>
            \(paragraph)

            """)
        let tall = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 2000)), from: 0)
        let block = try XCTUnwrap(tall.lines.first { $0.box != nil })
        // Room for the box and less than a line after it.
        let column = Rect(x: 0, y: 0, width: 200, height: block.origin.y + 4)
        let frame = framesetter.frame(in: Container(rect: column), from: 0, carrying: .none)
        XCTAssertEqual(frame.frame.boxes.count, 1, "the aside stays at the column's foot")
        XCTAssertEqual(frame.frame.visibleRange.upperBound, block.stringRange.upperBound)
    }

    func testAnAsideFloatedRightIsWrappedAndItsTextSetInsideItsPadding() throws {
        let framesetter = try setter("""
            <aside float="right" width="90" background="#eeeeee" border="1 black" padding="5">
            <p align="left">A sidebar of a few words.</p>
            </aside>
            \(paragraph) \(paragraph)

            """)
        let rect = Rect(x: 0, y: 0, width: 240, height: 1000)
        let frame = framesetter.frame(in: Container(rect: rect), from: 0)
        XCTAssertEqual(frame.floats.count, 1)
        let float = frame.floats[0]
        let placed = try XCTUnwrap(float.box)
        XCTAssertEqual(float.rect.width, 90, accuracy: 1e-9)
        XCTAssertEqual(float.rect.maxX, 240, accuracy: 1e-9)
        XCTAssertEqual(float.rect.minY, 0, accuracy: 1e-9, "level with the first line after it")
        let inner = PlacedBox.textRect(of: float.rect, style: placed.style)
        XCTAssertEqual(inner.minX, float.rect.minX + 6, accuracy: 1e-9)
        for line in placed.frames.flatMap(\.lines) {
            XCTAssertGreaterThanOrEqual(line.origin.x, inner.minX - 1e-6)
            XCTAssertLessThanOrEqual(line.origin.x + line.width, inner.maxX + 1e-6)
            XCTAssertLessThanOrEqual(line.origin.y + line.descent, inner.maxY + 1e-6)
        }
        // The column's lines keep the margin clear beside and below it.
        var beside = 0
        for line in frame.lines where line.origin.y - line.ascent < float.rect.maxY + float.margin {
            XCTAssertLessThanOrEqual(line.origin.x + line.width, float.rect.minX - float.margin + 1e-6)
            beside += 1
        }
        XCTAssertGreaterThan(beside, 2)
        XCTAssertTrue(frame.lines.contains { $0.origin.x + $0.width > float.rect.minX }, "the text takes the full width below it")
    }

    func testNoWordAloneInANarrowStripBesideAFloat() throws {
        // A 150 pt column with a 120 pt sidebar leaves a strip of 22 pt: room for "a" or "It",
        // alone beside the box. The strip is left empty.
        let framesetter = try setter("""
            <aside float="left" width="120">
            <p align="left">Sidebar text here.</p>
            </aside>
            \(paragraph)

            """)
        let frame = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 150, height: 1000)), from: 0)
        let float = try XCTUnwrap(frame.floats.first)
        XCTAssertFalse(frame.lines.contains { $0.origin.y - $0.ascent < float.rect.maxY && $0.origin.x > float.rect.minX },
                       "no line beside the box")
    }

    func testQueriesAnswerForTheBoxsText() throws {
        let framesetter = try setter("""
            <figure float="left" width="100">
            <caption>Caption words.</caption>
            </figure>
            \(paragraph)

            """)
        let frame = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 300, height: 1000)), from: 0)
        let placed = try box(in: frame)
        let captionLine = try XCTUnwrap(placed.frames.first?.lines.first)
        let point = Point(x: captionLine.origin.x + 2, y: captionLine.origin.y - 2)
        let index = try XCTUnwrap(frame.characterIndex(at: point))
        XCTAssertTrue(placed.box.range.contains(index), "a tap on the caption is in the caption (\(index))")
        // Carets and highlights are as tall as the caption's line box (its leading included).
        let caret = try XCTUnwrap(frame.caretRect(at: placed.box.range.lowerBound + 3))
        XCTAssertTrue(placed.rect.contains(caret, tolerance: 1), "\(caret) in \(placed.rect)")
        XCTAssertGreaterThan(caret.minX, placed.rect.minX)
        let selection = frame.selectionRects(for: 0 ..< frame.visibleRange.upperBound)
        XCTAssertTrue(selection.contains { placed.rect.contains($0, tolerance: 1) }, "the caption is highlighted where it is")
    }

    func testSettingTheSameFrameAgainGivesTheSameBoxes() throws {
        let framesetter = try setter("""
            \(paragraph)
            <aside float="left" width="100" border="1 black">
            Side.
            </aside>
            \(paragraph)
            <figure>
            <img src="coffee.jpg" width="80">
            </figure>
            \(paragraph)

            """)
        let container = Container(rect: Rect(x: 0, y: 0, width: 220, height: 700))
        let first = framesetter.frame(in: container, from: 0)
        _ = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 150, height: 300)), from: 0)
        let again = framesetter.frame(in: container, from: 0)
        XCTAssertEqual(first.boxes.map(\.rect), again.boxes.map(\.rect))
        XCTAssertEqual(first.lines.map(\.origin), again.lines.map(\.origin))
        XCTAssertEqual(first.boxes.count, 2)
    }

    func testAnAsideWithColumnsOfItsOwnHasThemBalanced() throws {
        let framesetter = try setter("""
            <aside columns="2" gutter="10" border="1 black" padding="4">
            <li>Plank, standard length
            <li>Nails, a box
            <li>Padlock, brass
            <li>Torch and batteries
            <li>Biscuits, plain
            <li>Bell, very loud
            <li>Saucers, heavy
            </aside>
            \(paragraph)

            """)
        let box = try XCTUnwrap(framesetter.boxes.all.first)
        XCTAssertEqual(box.style.columns, 2)
        let frame = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 300, height: 1000)), from: 0)
        let placed = try self.box(in: frame)
        XCTAssertEqual(placed.frames.count, 2)
        let (left, right) = (placed.frames[0], placed.frames[1])
        XCTAssertEqual(left.visibleRange.lowerBound, box.range.lowerBound)
        XCTAssertEqual(left.visibleRange.upperBound, right.visibleRange.lowerBound)
        XCTAssertEqual(right.visibleRange.upperBound, box.range.upperBound, "every item set, in the two columns")
        XCTAssertEqual(left.container.rect.width, (300 - 2 * 5 - 10) / 2, accuracy: 1e-9)
        XCTAssertEqual(right.container.rect.minX, left.container.rect.maxX + 10, accuracy: 1e-9)
        // Balanced: four items and three, the columns ending within a line of each other.
        XCTAssertEqual(left.lines.count, 4)
        XCTAssertEqual(right.lines.count, 3)
        let single = framesetter.height(of: BoxRange(range: box.range, style: BoxStyle(number: box.style.number + 1000, kind: .aside,
                                                                                       border: box.style.border, padding: 4)),
                                        width: 300)
        XCTAssertLessThan(placed.rect.height, single * 0.7, "two columns make the box shorter")
        XCTAssertLessThanOrEqual(max(left.usedHeight, right.usedHeight), placed.rect.height - 10 + 1e-6)
    }

    func testABoxInTheColumnGoesDownPastAnExclusionAndNarrowsInAShape() throws {
        let framesetter = try setter("""
            Before it.
            <aside border="1 black" padding="4">
            <p align="left">A sidebar kept in the column, a few words long.</p>
            </aside>
            After it.

            """)
        // A bar across the column from y 20 to 120: the box starts below it.
        let bar = Exclusion(.rectangle(Rect(x: 0, y: 20, width: 300, height: 100)))
        let barred = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 300, height: 1000), exclusions: [bar]), from: 0)
        let below = try box(in: barred)
        XCTAssertGreaterThanOrEqual(below.rect.minY, 120 - 1e-6)
        XCTAssertEqual(below.rect.width, 300, accuracy: 1e-9)
        // In a triangle widening downwards, the box asks no width: it takes the first stretch
        // that holds it at the width it has there, inside the triangle.
        let triangle = Container(rect: Rect(x: 0, y: 0, width: 400, height: 400),
                                 shape: .polygon([Point(x: 200, y: 0), Point(x: 400, y: 400), Point(x: 0, y: 400)]))
        let shaped = framesetter.frame(in: triangle, from: 0)
        let inside = try box(in: shaped)
        XCTAssertLessThan(inside.rect.width, 400)
        let spans = triangle.shape!.enclosedSpans(top: inside.rect.minY, bottom: inside.rect.maxY)
        XCTAssertTrue(spans.contains { $0.minX <= inside.rect.minX + 1e-6 && inside.rect.maxX <= $0.maxX + 1e-6 },
                      "\(inside.rect) inside the triangle (\(spans))")
    }

    /// Found by the layout fuzzer (Fixtures/layout-fuzz/figure-beside-exclusion-narrower-than-its-picture.txt):
    /// a figure in the column met an exclusion and was set in the narrower stretch beside it,
    /// its picture (fitted to the full column) drawn 69 pt past the box's text. A stretch too
    /// narrow for the box's pictures is passed over: the box goes below the exclusion.
    func testABoxInTheColumnIsNotSetBesideAnExclusionNarrowerThanItsPicture() throws {
        let framesetter = try setter("""
            <figure border="0.5 black">
            <img src="coffee.jpg" width="200" alt="">
            </figure>
            After it.

            """)
        // The column's right half taken from its top down to y 200: 150 pt beside it, the picture 200.
        let corner = Exclusion(.rectangle(Rect(x: 150, y: 0, width: 150, height: 200)))
        let frame = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 300, height: 1000), exclusions: [corner]), from: 0)
        let placed = try box(in: frame)
        XCTAssertGreaterThanOrEqual(placed.rect.minY, 200 - 1e-6, "below the exclusion")
        XCTAssertEqual(placed.rect.width, 300, accuracy: 1e-9, "at the column's width")
        let inner = try XCTUnwrap(placed.frames.first)
        let picture = try XCTUnwrap(inner.lines.first)
        XCTAssertLessThanOrEqual(picture.width, inner.container.rect.width + 0.5, "the picture inside the box's text")
    }

    /// Found by the layout fuzzer (Fixtures/layout-fuzz/figure-below-text-above-exclusion-narrower-than-its-picture.txt):
    /// a figure below text, with no room at its width above an exclusion nor below it above
    /// the foot, was set in the narrower stretch beside it, its picture past the box's text.
    /// Below text it waits for the next frame instead; only a box opening a frame is narrowed.
    func testABoxBelowTextWithNoPlaceForItsPictureWaitsForTheNextFrame() throws {
        let framesetter = try setter("""
            \(paragraph)
            <figure>
            <img src="coffee.jpg" width="200" alt="">
            </figure>
            After it.

            """)
        let box = try XCTUnwrap(framesetter.boxes.all.first)
        // The column's right half taken from y 150 to its foot: 150 pt beside it, the picture 200.
        let corner = Exclusion(.rectangle(Rect(x: 150, y: 150, width: 150, height: 250)))
        let column = Container(rect: Rect(x: 0, y: 0, width: 300, height: 400), exclusions: [corner])
        let placed = try boxWaiting(box, from: column, to: Container(rect: Rect(x: 0, y: 0, width: 300, height: 400)), framesetter)
        XCTAssertEqual(placed.rect.width, 300, accuracy: 1e-9, "at the column's width, its picture inside it")
    }

    /// Found by the layout fuzzer (Fixtures/layout-fuzz/figure-opening-column-under-picture-clear-only-past-its-foot.txt):
    /// a figure opening its frame under a picture across the column was set at the first place
    /// clear of it, though that place reached past the column's foot, and ran off the page. A
    /// box opening its frame waits for the next one there, as a waiting box does (placeWaiting).
    func testABoxOpeningItsFrameClearOnlyPastTheFootWaitsForTheNextFrame() throws {
        let framesetter = try setter("""
            <figure>
            <img src="coffee.jpg" width="200" alt="">
            </figure>
            After it.

            """)
        let box = try XCTUnwrap(framesetter.boxes.all.first)
        // Across the column from its top down to y 300: 100 pt left below, the box taller.
        let bar = Exclusion(.rectangle(Rect(x: -10, y: -10, width: 320, height: 310)))
        let column = Container(rect: Rect(x: 0, y: 0, width: 300, height: 400), exclusions: [bar])
        XCTAssertGreaterThan(framesetter.height(of: box, width: 300), 100, "the box is taller than the room below the bar")
        let placed = try boxWaiting(box, from: column, to: Container(rect: Rect(x: 0, y: 0, width: 300, height: 400)), framesetter)
        XCTAssertLessThanOrEqual(placed.rect.maxY, 400 + 1e-6, "inside the next column")
    }

    /// Found by the layout fuzzer (Fixtures/layout-fuzz/figure-opening-page-beside-exclusion-narrower-than-its-picture.txt):
    /// a figure opening its frame beside an exclusion down the column's whole height was set
    /// in the stretch left there (it must be: the next frame has the same exclusion), but its
    /// picture, fitted to the column before layout, was drawn at that width, past the box's text
    /// and over the words beyond. Its pictures are scaled to the box's text where it is set.
    func testABoxSetNarrowerBesideAnExclusionHasItsPicturesScaledToItsText() throws {
        let framesetter = try setter("""
            <figure border="0.5 black" padding="4">
            <img src="coffee.jpg" width="280" alt="">
            <caption>The red cups.</caption>
            </figure>
            After it.

            """)
        let box = try XCTUnwrap(framesetter.boxes.all.first)
        // The column's right half taken down its whole height: 150 pt beside it, the picture 280.
        let strip = Exclusion(.rectangle(Rect(x: 150, y: -10, width: 160, height: 1020)))
        let frame = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 300, height: 1000), exclusions: [strip]), from: 0)
        let placed = try self.box(in: frame)
        XCTAssertLessThanOrEqual(placed.rect.maxX, 150 + 1e-6, "in the stretch beside the exclusion")
        let inner = try XCTUnwrap(placed.frames.first)
        let run = try XCTUnwrap(inner.lines.first?.runs.first { $0.image != nil })
        let picture = try XCTUnwrap(run.runDelegate)
        XCTAssertEqual(picture.width, inner.container.rect.width, accuracy: 1e-6, "the picture as wide as the box's text")
        XCTAssertEqual(picture.ascent / picture.width, 400.0 / 600, accuracy: 1e-9, "its proportions kept")
        XCTAssertEqual(framesetter.height(of: box, width: placed.rect.width), placed.rect.height, accuracy: 1e-9,
                       "the box as tall as its scaled picture and caption make it")
        XCTAssertEqual(framesetter.text.attributes(at: run.stringRange.lowerBound).attributes.runDelegate?.width ?? 0, 280,
                       accuracy: 1e-9, "the text keeps the picture's fitted size")
    }

    /// `box`, not set in the frame in `column` but waiting, as placed in the next frame, in `next`.
    private func boxWaiting(_ box: BoxRange, from column: Container, to next: Container, _ framesetter: Framesetter,
                            file: StaticString = #filePath, line: UInt = #line) throws -> PlacedBox {
        let first = framesetter.frame(in: column, from: 0, carrying: .none)
        XCTAssertTrue(first.frame.boxes.isEmpty, "not set in the first frame: \(first.frame.boxes.map(\.rect))", file: file, line: line)
        XCTAssertEqual(first.carry.waitingAnchors, [box.range.lowerBound], "the figure waits for the next frame", file: file, line: line)
        let second = framesetter.frame(in: next, from: first.frame.visibleRange.upperBound, carrying: first.carry)
        return try self.box(in: second.frame, file: file, line: line)
    }

    /// Found by the layout fuzzer (Fixtures/layout-fuzz/picture-line-beside-bottom-picture-from-page-before.txt):
    /// a frame's first line is set in the only stretch there is, its picture past it; the page
    /// weighs that overhang (`pictureOverhang`) as it weighs a column's overrun at its foot.
    func testAFrameSaysHowFarItsPicturesReachPastItsSides() throws {
        let framesetter = try setter("<img src=\"coffee.jpg\" width=\"200\" alt=\"\"> After it.\n")
        let column = Rect(x: 0, y: 0, width: 300, height: 400)
        XCTAssertEqual(framesetter.frame(in: Container(rect: column), from: 0).pictureOverhang, 0, "the picture fits the column")
        // The column's left two thirds taken down its whole height: 100 pt left at its right,
        // the picture 200.
        let side = Exclusion(.rectangle(Rect(x: -50, y: -10, width: 250, height: 500)))
        let narrowed = framesetter.frame(in: Container(rect: column, exclusions: [side]), from: 0)
        XCTAssertGreaterThan(narrowed.visibleRange.upperBound, 0, "the first line is set all the same")
        let picture = try XCTUnwrap(narrowed.lines.first?.runs.first { $0.runDelegate != nil })
        let line = try XCTUnwrap(narrowed.lines.first)
        XCTAssertEqual(narrowed.pictureOverhang, line.origin.x + picture.x + picture.width - column.maxX, accuracy: 1e-9)
        XCTAssertGreaterThan(narrowed.pictureOverhang, 0)
    }
}
