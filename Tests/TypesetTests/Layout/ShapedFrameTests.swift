import Fonts
import Layout
import Markup
import Text
import XCTest

/// Frames set in containers with exclusions and in circles, ellipses and polygons, with real
/// fonts: no glyph box enters an exclusion or leaves its shape, the frames' visible ranges
/// partition the text, justified lines fill their fragments, and degenerate shapes end.
final class ShapedFrameTests: FramesetterTestCase {
    /// Frames in the same container, each asked for from the end of the previous one.
    private func allFrames(_ setter: Framesetter, in container: Container, limit: Int = 2_000,
                           file: StaticString = #filePath, line: UInt = #line) -> [Frame] {
        var frames: [Frame] = []
        var position = 0
        var carry = FlowCarry.none
        while position < setter.text.length || carry.hasWaitingFloats, frames.count < limit {
            let result = setter.frame(in: container, from: position, carrying: carry)
            let frame = result.frame
            carry = result.carry
            XCTAssertEqual(frame.visibleRange.lowerBound, position, file: file, line: line)
            // (A frame may hold only a figure that did not fit in the one before.)
            let progress = frame.visibleRange.upperBound > position || !frame.floats.isEmpty
            XCTAssertTrue(progress, "no progress at \(position)", file: file, line: line)
            guard progress else { break }
            frames.append(frame)
            position = frame.visibleRange.upperBound
        }
        XCTAssertEqual(position, setter.text.length, "frames stopped before the end of the text", file: file, line: line)
        return frames
    }

    /// Every run's box on the page: the glyphs' advance boxes from the font's ascent to its descent.
    private func runBoxes(_ line: Line) -> [Rect] {
        line.runs.map { run in
            let box = run.typographicBounds()
            return Rect(x: line.origin.x + box.minX, y: line.origin.y + box.minY, width: box.width, height: box.height)
        }
    }

    /// Lines follow each other without gap or overlap, and every character but white space
    /// and paragraph ends is shown exactly once.
    private func assertFramesPartitionTheText(_ frames: [Frame], _ text: AttributedText,
                                              file: StaticString = #filePath, line: UInt = #line) {
        var shown = [Int](repeating: 0, count: text.length)
        var expected = 0
        let partition = FramePartition(text: text)
        for frame in frames {
            XCTAssertEqual(frame.visibleRange.lowerBound, expected, file: file, line: line)
            var start = frame.visibleRange.lowerBound
            for setLine in frame.lines {
                XCTAssertEqual(setLine.stringRange.lowerBound, partition.passingBoxes(start, in: frame), file: file, line: line)
                start = setLine.stringRange.upperBound
            }
            XCTAssertEqual(partition.passingBoxes(start, in: frame), frame.visibleRange.upperBound, file: file, line: line)
            expected = frame.visibleRange.upperBound
        }
        for setLine in FramePartition.showingLines(of: frames) {
            for index in FramePartition.shownCharacters(setLine) { shown[index] += 1 }
        }
        XCTAssertEqual(expected, text.length, file: file, line: line)
        for index in 0 ..< text.length {
            let unit = text.storage[index]
            if partition.isPlacedByPages(index) {
                // A figure across the columns is the page's: frames alone pass over it.
                XCTAssertEqual(shown[index], 0, "offset \(index)", file: file, line: line)
            } else if unit == 0x20 || unit == 0x09 || unit == 0xA0 || unit == 0x0A || unit == 0x2029 || unit == 0x2028 {
                XCTAssertLessThanOrEqual(shown[index], 1, "offset \(index)", file: file, line: line)
            } else {
                XCTAssertEqual(shown[index], 1, "offset \(index) (\(text.substring(index ..< index + 1)))", file: file, line: line)
            }
        }
    }

    private func distance(from point: Point, to box: Rect) -> Double {
        let dx = max(box.minX - point.x, 0, point.x - box.maxX)
        let dy = max(box.minY - point.y, 0, point.y - box.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    private func corners(_ box: Rect) -> [Point] {
        [Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY), Point(x: box.minX, y: box.maxY), Point(x: box.maxX, y: box.maxY)]
    }

    private func isInsideEllipse(_ point: Point, center: Point, radiusX: Double, radiusY: Double, tolerance: Double = 1e-6) -> Bool {
        let dx = (point.x - center.x) / radiusX, dy = (point.y - center.y) / radiusY
        return (dx * dx + dy * dy).squareRoot() <= 1 + tolerance
    }

    /// Lines grouped by baseline, in order.
    private func bands(_ lines: [Line]) -> [[Line]] {
        var result: [[Line]] = []
        for line in lines {
            if let last = result.last?.last, abs(last.origin.y - line.origin.y) < 1e-9 {
                result[result.count - 1].append(line)
            } else {
                result.append([line])
            }
        }
        return result
    }

    /// A justified line with spaces, not a display line (balanced and flush).
    private func isJustifiedLine(_ line: Line, in text: AttributedText) -> Bool {
        !line.endsParagraph && line.runs.contains { run in run.stringRange.contains { text.storage[$0] == 0x20 } }
            && line.runs.allSatisfy { $0.runDelegate == nil } && !text.paragraphStyle(at: line.stringRange.lowerBound).balance
    }

    // MARK: A circle in the middle of the zombie magazine

    static let page = Rect(x: 50, y: 50, width: 500, height: 700)
    static let hole = Shape.circle(center: Point(x: 300, y: 400), radius: 110)
    static let padding = 8.0

    func testTextFlowsRoundACircleOnBothSides() throws {
        let setter = try framesetter(for: try TestSupport.parseZombies())
        let container = Container(rect: Self.page, exclusions: [Exclusion(Self.hole, padding: Self.padding)])
        let frames = allFrames(setter, in: container)
        assertFramesPartitionTheText(frames, setter.text)
        XCTAssertGreaterThan(frames.count, 5)

        let center = Point(x: 300, y: 400), clearance = 110 + Self.padding
        var twoSided = 0, crossing = 0, justified = 0, filled = 0
        for frame in frames {
            // Lines beside a drop cap's initial start after it, not at their fragment's edge.
            let besideInitials = FramePartition.besideInitials(frame.lines)
            for (index, line) in frame.lines.enumerated() {
                for box in runBoxes(line) {
                    XCTAssertGreaterThanOrEqual(distance(from: center, to: box), clearance - 1e-6,
                                                "run \(box) of line \(line.stringRange) enters the circle")
                    XCTAssertTrue(Self.page.contains(box, tolerance: 1e-6) || line.runs.contains { $0.runDelegate != nil },
                                  "run \(box) outside the container")
                }
                // A justified line fills the fragment its band leaves, edge to edge.
                // (Beside a floated figure the line fills what the float leaves, not the container's fragment.)
                let top = line.origin.y - line.ascent, bottom = line.origin.y + line.descent
                let besideFloat = frame.floats.contains { $0.rect.minY < bottom && top < $0.rect.maxY + $0.margin }
                if isJustifiedLine(line, in: setter.text), !besideInitials.contains(index), !besideFloat {
                    justified += 1
                    let top = line.origin.y - line.ascent - line.leading / 2
                    let fragments = container.lineFragments(top: top, height: line.height)
                    // (or starts it, set flush where it would be spaced out: NarrowLines).
                    if fragments.contains(where: { abs($0.minX - line.origin.x) < 0.01 && (abs($0.maxX - (line.origin.x + line.width)) < 0.01
                        || WordSpaces.isFlushInsteadOfSpacedOut(line, width: $0.maxX - $0.minX, text: setter.text)) }) {
                        filled += 1
                    }
                }
            }
            for band in bands(frame.lines) {
                let top = band[0].origin.y - band[0].ascent, bottom = band[0].origin.y + band[0].descent
                guard top < 400 + clearance, bottom > 400 - clearance else { continue }
                crossing += 1
                if band.count == 2, band[0].origin.x + band[0].width <= 300, band[1].origin.x >= 300 { twoSided += 1 }
                XCTAssertLessThanOrEqual(band.count, 2)
            }
        }
        XCTAssertGreaterThan(crossing, 30)
        // Bands end with their paragraph, so a few take only the left side.
        XCTAssertGreaterThan(Double(twoSided), 0.7 * Double(crossing), "text on both sides of the circle")
        // (The deck, 16 pt over 11, is display text: set ragged, not justified.)
        XCTAssertGreaterThan(justified, 280)
        // Lines in a band with a taller neighbour are measured against a taller band; all others fill exactly.
        XCTAssertGreaterThan(Double(filled), 0.98 * Double(justified), "\(filled) of \(justified) justified lines fill their fragments")
    }

    func testAnExclusionThatMissesTheContainerSetsTheSameLinesAsTheRectangle() throws {
        // The band-by-band framesetting gives what the rectangular one does when every band is whole.
        let document = try TestSupport.parseZombies()
        let plain = try framesetter(for: document), banded = try framesetter(for: document)
        let rect = Rect(x: 0, y: 50, width: 200, height: 300)
        let far = Exclusion(.circle(center: Point(x: 1000, y: 1000), radius: 10))
        let expected = allFrames(plain, in: Container(rect: rect))
        let actual = allFrames(banded, in: Container(rect: rect, exclusions: [far]))
        XCTAssertEqual(actual.map(\.visibleRange), expected.map(\.visibleRange))
        for (a, b) in zip(actual, expected) {
            XCTAssertEqual(a.lines.map(\.stringRange), b.lines.map(\.stringRange))
            XCTAssertEqual(a.lines.map(\.origin), b.lines.map(\.origin))
            XCTAssertEqual(a.lines.map(\.width), b.lines.map(\.width))
        }
    }

    // MARK: Text inside a circle or an ellipse

    private func checkTextInsideEllipse(center: Point, radiusX: Double, radiusY: Double, file: StaticString = #filePath,
                                        line: UInt = #line) throws -> [Frame] {
        let setter = try framesetter(for: try TestSupport.parseZombies())
        let rect = Rect(x: center.x - radiusX, y: center.y - radiusY, width: 2 * radiusX, height: 2 * radiusY)
        let shape: Shape = radiusX == radiusY ? .circle(center: center, radius: radiusX)
            : .ellipse(center: center, radiusX: radiusX, radiusY: radiusY)
        let frames = allFrames(setter, in: Container(rect: rect, shape: shape), file: file, line: line)
        assertFramesPartitionTheText(frames, setter.text, file: file, line: line)
        for frame in frames {
            for setLine in frame.lines where !setLine.runs.contains(where: { $0.runDelegate != nil }) {
                for box in runBoxes(setLine) {
                    for corner in corners(box) {
                        XCTAssertTrue(isInsideEllipse(corner, center: center, radiusX: radiusX, radiusY: radiusY),
                                      "line \(setLine.stringRange): \(box) sticks out of the shape", file: file, line: line)
                    }
                }
            }
        }
        return frames
    }

    func testTextInsideACircle() throws {
        let frames = try checkTextInsideEllipse(center: Point(x: 200, y: 200), radiusX: 150, radiusY: 150)
        XCTAssertGreaterThan(frames.count, 10)
    }

    func testLinesInACircleAreShortAtTheTopAndBottom() throws {
        let sentences = "The dead walked the streets of the town at night, and nobody knew what to do about it. "
        let paragraph = String(repeating: sentences, count: 6)
        let setter = try framesetter(Array(repeating: paragraph, count: 12).joined(separator: "\n"))
        let circle = Container(rect: Rect(x: 50, y: 50, width: 300, height: 300), shape: .circle(center: Point(x: 200, y: 200), radius: 150))
        let frames = allFrames(setter, in: circle)
        assertFramesPartitionTheText(frames, setter.text)
        XCTAssertGreaterThan(frames.count, 3)
        for frame in frames.dropLast() {
            let first = try XCTUnwrap(frame.lines.first), last = try XCTUnwrap(frame.lines.last)
            let widest = try XCTUnwrap(frame.lines.map(\.width).max())
            XCTAssertLessThan(first.origin.y, 200 - 110, "the first line is near the top")
            XCTAssertLessThan(first.width, 160, "and short")
            XCTAssertGreaterThan(last.origin.y, 200 + 110, "the last line is near the bottom")
            XCTAssertLessThan(last.width, 200, "and short")
            XCTAssertGreaterThan(widest, 290, "lines across the middle are nearly the diameter")
            // Each line is as wide as the circle's chord at its band allows, and centred on it,
            // or starts the chord, set flush where it would be spaced out (NarrowLines).
            for line in frame.lines where isJustifiedLine(line, in: setter.text) {
                let chord = circle.lineFragments(top: line.origin.y - line.ascent - line.leading / 2, height: line.height)[0]
                if WordSpaces.isFlushInsteadOfSpacedOut(line, width: chord.maxX - chord.minX, text: setter.text) {
                    XCTAssertEqual(line.origin.x, chord.minX, accuracy: 0.01)
                } else {
                    XCTAssertEqual(line.origin.x + line.width / 2, 200, accuracy: 0.01)
                }
            }
        }
    }

    func testTextInsideAnEllipse() throws {
        let frames = try checkTextInsideEllipse(center: Point(x: 300, y: 200), radiusX: 250, radiusY: 120)
        XCTAssertGreaterThan(frames.count, 5)
    }

    func testAParagraphLongerThanTheCircleGoesOnInTheNextContainer() throws {
        let sentence = "The dead walked the streets of the town at night, and nobody knew what to do about it. "
        let setter = try framesetter(String(repeating: sentence, count: 40))
        let circle = Container(rect: Rect(x: 0, y: 0, width: 240, height: 240), shape: .circle(center: Point(x: 120, y: 120), radius: 120))
        let frames = setter.frames(in: [circle, circle])
        let first = frames[0], second = frames[1]
        XCTAssertGreaterThan(first.lines.count, 10)
        XCTAssertFalse(first.lines.last!.endsParagraph)
        XCTAssertLessThan(first.visibleRange.upperBound, setter.text.length)
        XCTAssertEqual(second.visibleRange.lowerBound, first.visibleRange.upperBound)
        XCTAssertGreaterThan(second.lines.count, 10)
        // Justified lines fill the circle's chord at their band, or start it, set flush where
        // they would be spaced out (NarrowLines).
        var flush = 0, lines = 0
        for line in first.lines + second.lines where isJustifiedLine(line, in: setter.text) {
            let fragments = circle.lineFragments(top: line.origin.y - line.ascent - line.leading / 2, height: line.height)
            XCTAssertEqual(fragments.count, 1)
            XCTAssertEqual(line.origin.x, fragments[0].minX, accuracy: 0.01)
            lines += 1
            if WordSpaces.isFlushInsteadOfSpacedOut(line, width: fragments[0].maxX - fragments[0].minX, text: setter.text) {
                flush += 1
            } else {
                XCTAssertEqual(line.origin.x + line.width, fragments[0].maxX, accuracy: 0.01)
            }
        }
        XCTAssertLessThan(flush * 5, lines, "most lines fill their chord")
    }

    // MARK: Polygons

    func testTextInsideATriangle() throws {
        let apex = Point(x: 200, y: 20), left = Point(x: 20, y: 380), right = Point(x: 380, y: 380)
        let setter = try framesetter(for: try TestSupport.parseZombies())
        let container = Container(rect: Rect(x: 0, y: 0, width: 400, height: 400), shape: .polygon([apex, right, left]))
        let frames = allFrames(setter, in: container)
        assertFramesPartitionTheText(frames, setter.text)
        for frame in frames {
            // A picture, a figure or a table too large for the triangle sticks out of it as it must.
            for line in frame.lines where line.box == nil && line.tableRows == nil && !line.runs.contains(where: { $0.runDelegate != nil }) {
                // Widths grow down the triangle: at y it is (y − 20) wide.
                XCTAssertLessThanOrEqual(line.width, line.origin.y - line.ascent - 20 + 0.01)
                for box in runBoxes(line) {
                    for corner in corners(box) {
                        // Inside: right of the left edge, left of the right edge, above the base.
                        let leftEdgeX = 200 - (corner.y - 20) / 2, rightEdgeX = 200 + (corner.y - 20) / 2
                        XCTAssertGreaterThanOrEqual(corner.x, leftEdgeX - 1e-6)
                        XCTAssertLessThanOrEqual(corner.x, rightEdgeX + 1e-6)
                        XCTAssertLessThanOrEqual(corner.y, 380 + 1e-6)
                    }
                }
            }
        }
    }

    func testAnLShapedExclusionLeavesTwoFragmentsOnSomeBands() throws {
        // An L: a tall arm from x 150 to 250, and a foot under it reaching to the right edge.
        let arm = Rect(x: 150, y: 100, width: 100, height: 300), foot = Rect(x: 150, y: 300, width: 250, height: 100)
        let shape = Shape.polygon([Point(x: 150, y: 100), Point(x: 250, y: 100), Point(x: 250, y: 300), Point(x: 400, y: 300),
                                   Point(x: 400, y: 400), Point(x: 150, y: 400)])
        let setter = try framesetter(for: try TestSupport.parseZombies())
        let container = Container(rect: Rect(x: 0, y: 0, width: 400, height: 500), exclusions: [Exclusion(shape, padding: 4)])
        let frames = allFrames(setter, in: container)
        assertFramesPartitionTheText(frames, setter.text)
        var twoFragments = 0, besideFoot = 0
        for frame in frames {
            for line in frame.lines {
                for box in runBoxes(line) {
                    for part in [arm, foot] {
                        let padded = Rect(x: part.minX - 4 + 1e-6, y: part.minY - 4 + 1e-6, width: part.width + 8 - 2e-6, height: part.height + 8 - 2e-6)
                        XCTAssertFalse(box.intersects(padded) && line.runs.allSatisfy { $0.runDelegate == nil },
                                       "line \(line.stringRange) at \(box) enters the L")
                    }
                }
            }
            for band in bands(frame.lines) {
                let y = band[0].origin.y
                if y > 110, y < 290, band.count == 2 { twoFragments += 1 }
                if y > 310, y < 390 {
                    besideFoot += 1
                    XCTAssertEqual(band.count, 1, "beside the foot only the left fragment is wide enough")
                    XCTAssertLessThanOrEqual(band[0].origin.x + band[0].width, 146 + 0.01)
                }
            }
        }
        XCTAssertGreaterThan(twoFragments, 20)
        XCTAssertGreaterThan(besideFoot, 5)
    }

    func testARightToLeftParagraphFillsTheRightFragmentFirst() throws {
        let words = String(repeating: "שלום לכולם, זהו משפט בעברית שנמשך הלאה. ", count: 30)
        let setter = try framesetter(#"<p dir="rtl">"# + words)
        let container = Container(rect: Rect(x: 0, y: 0, width: 400, height: 400),
                                  exclusions: [Exclusion(.circle(center: Point(x: 200, y: 200), radius: 80), padding: 5)])
        let frame = setter.frame(in: container, from: 0)
        let twoLineBands = bands(frame.lines).filter { $0.count == 2 }
        XCTAssertGreaterThan(twoLineBands.count, 5)
        for band in twoLineBands {
            XCTAssertLessThan(band[0].stringRange.lowerBound, band[1].stringRange.lowerBound)
            XCTAssertGreaterThan(band[0].origin.x, 200, "the line read first is right of the circle")
            XCTAssertLessThan(band[1].origin.x + band[1].width, 200)
        }
    }

    func testALineTallerThanProposedIsProposedAgainAndStaysClear() throws {
        // Inline pictures make some lines much taller than the text's line height, and a tight
        // fixed line height makes glyph boxes reach out of the line boxes: neither may bring a
        // glyph or a picture into the circle.
        let sentence = "Words flow round the circle here and there, "
        let picture = #"<img src="rgb8.png" width="24" height="40"> "#
        let body = (0 ..< 30).map { $0 % 4 == 3 ? sentence + picture : sentence }.joined()
        for markup in [body, #"<p line-height="9pt">"# + body] {
            let setter = try framesetter(markup, alignment: .left)
            let center = Point(x: 200, y: 180)
            let container = Container(rect: Rect(x: 0, y: 0, width: 400, height: 400),
                                      exclusions: [Exclusion(.circle(center: center, radius: 90), padding: 4)])
            let frames = allFrames(setter, in: container)
            assertFramesPartitionTheText(frames, setter.text)
            var pictures = 0
            for line in frames.flatMap(\.lines) {
                // Pictures beside the circle.
                if abs(line.origin.y - center.y) < 80 { pictures += line.runs.filter { $0.runDelegate != nil }.count }
                for box in runBoxes(line) {
                    XCTAssertGreaterThanOrEqual(distance(from: center, to: box), 94 - 1e-6, "\(box) of \(line.stringRange) enters the circle")
                }
            }
            XCTAssertGreaterThanOrEqual(pictures, 2, "pictures beside the circle")
        }
    }

    // MARK: Degenerate cases

    func testAnExclusionCoveringTheWholeContainerTakesNothing() throws {
        let setter = try framesetter("Some words that have nowhere to go.")
        let rect = Rect(x: 0, y: 0, width: 200, height: 300)
        let frame = setter.frame(in: Container(rect: rect, exclusions: [Exclusion(.rectangle(Rect(x: -10, y: -10, width: 300, height: 400)))]),
                                 from: 0)
        XCTAssertTrue(frame.lines.isEmpty)
        XCTAssertEqual(frame.visibleRange, 0 ..< 0, "no line can be set without entering the exclusion")
        // The same text in the next, free container.
        XCTAssertEqual(setter.frame(in: Container(rect: rect), from: 0).visibleRange, 0 ..< 35)
    }

    func testACircleSmallerThanALineTakesNothing() throws {
        let setter = try framesetter("Some words.")
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 10, height: 10),
                                               shape: .circle(center: Point(x: 5, y: 5), radius: 5)), from: 0)
        XCTAssertTrue(frame.lines.isEmpty)
        XCTAssertEqual(frame.visibleRange, 0 ..< 0)
    }

    func testAPolygonOfNoArea() throws {
        let setter = try framesetter("Some words set in a rectangle with an exclusion that is only a line.")
        let rect = Rect(x: 0, y: 0, width: 120, height: 300)
        let segment = Shape.polygon([Point(x: 0, y: 0), Point(x: 120, y: 300), Point(x: 60, y: 150)])
        let excluded = setter.frame(in: Container(rect: rect, exclusions: [Exclusion(segment, padding: 3)]), from: 0)
        let plain = try framesetter("Some words set in a rectangle with an exclusion that is only a line.").frame(in: Container(rect: rect), from: 0)
        XCTAssertEqual(excluded.lines.map(\.stringRange), plain.lines.map(\.stringRange), "a line excludes nothing")
        XCTAssertEqual(setter.frame(in: Container(rect: rect, shape: segment), from: 0).visibleRange, 0 ..< 0, "and holds nothing")
    }

    func testAShallowShapedContainerStillTakesALine() throws {
        let setter = try framesetter("one two three four five six seven eight nine ten")
        let container = Container(rect: Rect(x: 0, y: 0, width: 200, height: 1),
                                  exclusions: [Exclusion(.rectangle(Rect(x: 80, y: 0, width: 40, height: 1)))])
        let frame = setter.frame(in: container, from: 0)
        XCTAssertGreaterThanOrEqual(frame.lines.count, 1)
        XCTAssertGreaterThan(frame.visibleRange.upperBound, 0)
    }

    func testAPictureWiderThanEveryFragmentWaitsForTheNextContainerThenTakesOne() throws {
        // Each side of the circle is 60 points wide; the picture is 100.
        let setter = try framesetter(#"Words before it. <img src="rgb8.png" width="100" height="30"> And words after it."#, alignment: .left)
        let container = Container(rect: Rect(x: 0, y: 0, width: 200, height: 200),
                                  exclusions: [Exclusion(.rectangle(Rect(x: 60, y: 0, width: 80, height: 200)))])
        let first = setter.frame(in: container, from: 0)
        XCTAssertFalse(first.lines.isEmpty)
        let pictureOffset = setter.text.storage.firstIndex(of: AttributedText.objectReplacementCharacter)!
        XCTAssertLessThanOrEqual(first.visibleRange.upperBound, pictureOffset, "the picture does not go beside the exclusion")
        // A frame that starts with it still takes it, sticking out, so that frames always move on.
        let second = setter.frame(in: container, from: first.visibleRange.upperBound)
        XCTAssertGreaterThan(second.visibleRange.upperBound, pictureOffset)
    }

    func testAnExclusionAcrossTheWholeWidthIsSteppedOver() throws {
        // A band 50 points tall across the container: lines stop above it and resume below it.
        let setter = try framesetter(String(repeating: "Lines above and below a band nothing may enter. ", count: 12))
        let bar = Rect(x: -5, y: 100, width: 210, height: 50)
        let container = Container(rect: Rect(x: 0, y: 0, width: 200, height: 400), exclusions: [Exclusion(.rectangle(bar))])
        let start = Date()
        let frame = setter.frame(in: container, from: 0)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertEqual(frame.visibleRange, 0 ..< setter.text.length)
        let above = frame.lines.filter { $0.origin.y < 100 }, below = frame.lines.filter { $0.origin.y > 150 }
        XCTAssertEqual(above.count + below.count, frame.lines.count, "no line in the bar")
        XCTAssertFalse(above.isEmpty)
        XCTAssertFalse(below.isEmpty)
        let firstBelow = try XCTUnwrap(below.first)
        XCTAssertLessThan(firstBelow.origin.y - firstBelow.ascent - firstBelow.leading / 2 - 150, 1.0 + 1e-9,
                          "lines resume within a point of the bar's bottom")
    }
}
