import Fonts
import Layout
import Markup
import Shaping
import Text
import XCTest

final class FramesetterTests: FramesetterTestCase {
    /// Frames in containers of `size`, each asked for from the end of the previous one.
    private func allFrames(_ framesetter: Framesetter, width: Double, height: Double, limit: Int = 5_000) -> [Frame] {
        var frames: [Frame] = []
        var position = 0
        var carry = FlowCarry.none
        while position < framesetter.text.length || carry.hasWaitingFloats, frames.count < limit {
            // Alternate the containers' position on the "page", as columns would.
            let x = frames.count % 2 == 0 ? 0.0 : 300.0
            let result = framesetter.frame(in: Container(rect: Rect(x: x, y: 50, width: width, height: height)), from: position, carrying: carry)
            let frame = result.frame
            carry = result.carry
            XCTAssertEqual(frame.visibleRange.lowerBound, position)
            // (A frame may hold only a figure that waited for it.)
            let progress = frame.visibleRange.upperBound > position || !frame.floats.isEmpty
            XCTAssertTrue(progress, "no progress at \(position)")
            guard progress else { break }
            frames.append(frame)
            position = frame.visibleRange.upperBound
        }
        XCTAssertEqual(position, framesetter.text.length, "frames stopped before the end of the text")
        return frames
    }

    private func isSpaceOrBreak(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0xA0 || unit == 0x0A || unit == 0x2029 || unit == 0x2028
    }

    /// The characters a line's glyph runs show.
    private func shownCharacters(_ line: Line) -> [Int] {
        FramePartition.shownCharacters(line)
    }

    /// A line whose set text is one cluster (one picture, one glyph): it may be wider than
    /// its container, because nothing smaller can go on a line.
    private func isSingleCluster(_ line: Line) -> Bool {
        Set(line.runs.flatMap(\.clusters).filter { $0 != GlyphRun.generatedHyphen }).count == 1
    }

    // MARK: The zombie magazine in small containers

    func testFramesCoverTheWholeTextExactlyOnce() throws {
        // Column ends move back for widows, orphans and headings: in columns of any height the
        // frames still follow each other without gap or overlap.
        for height in [300.0, 170, 95] {
            try checkFramesCoverTheText(height: height)
        }
    }

    private func checkFramesCoverTheText(height: Double) throws {
        let setter = try framesetter(for: try TestSupport.parseZombies())
        let text = setter.text
        let frames = allFrames(setter, width: 200, height: height)
        XCTAssertGreaterThan(frames.count, 20)

        var shownCount = [Int](repeating: 0, count: text.length)
        var expectedStart = 0
        let partition = FramePartition(text: text)
        for frame in frames {
            XCTAssertEqual(frame.visibleRange.lowerBound, expectedStart)
            XCTAssertFalse(frame.lines.isEmpty && frame.floats.isEmpty)
            // Lines follow each other without gap or overlap and fill the visible range.
            var lineStart = frame.visibleRange.lowerBound
            for line in frame.lines {
                XCTAssertEqual(line.stringRange.lowerBound, partition.passingBoxes(lineStart, in: frame))
                XCTAssertGreaterThan(line.stringRange.upperBound, line.stringRange.lowerBound)
                lineStart = line.stringRange.upperBound
                for run in line.runs {
                    XCTAssertTrue(line.stringRange.lowerBound <= run.stringRange.lowerBound
                                  && run.stringRange.upperBound <= line.stringRange.upperBound,
                                  "run \(run.stringRange) outside line \(line.stringRange)")
                    // A hyphen added where a word is broken stands for no character of the text.
                    for cluster in run.clusters where cluster != GlyphRun.generatedHyphen {
                        XCTAssertTrue(run.stringRange.contains(cluster))
                    }
                }
            }
            XCTAssertEqual(partition.passingBoxes(lineStart, in: frame), frame.visibleRange.upperBound)
            expectedStart = frame.visibleRange.upperBound
        }
        for line in FramePartition.showingLines(of: frames) {
            for index in shownCharacters(line) { shownCount[index] += 1 }
        }
        XCTAssertEqual(expectedStart, text.length)

        // Every character is shown exactly once, except white space and paragraph ends,
        // which may hang at line ends and are shown at most once, and the paragraphs of the
        // figures and asides a page places across its columns, which frames alone never show.
        for index in 0 ..< text.length {
            if partition.isPlacedByPages(index) {
                XCTAssertEqual(shownCount[index], 0, "offset \(index)")
            } else if isSpaceOrBreak(text.storage[index]) {
                XCTAssertLessThanOrEqual(shownCount[index], 1, "offset \(index)")
            } else {
                XCTAssertEqual(shownCount[index], 1, "offset \(index) (\(text.substring(index ..< index + 1)))")
            }
        }
    }

    func testNoLineIsWiderThanItsContainer() throws {
        let setter = try framesetter(for: try TestSupport.parseZombies())
        var forced = 0
        for frame in allFrames(setter, width: 200, height: 300) {
            let rect = frame.container.rect
            var previousBaseline = -Double.infinity
            for (index, line) in frame.lines.enumerated() {
                XCTAssertGreaterThan(line.origin.y, previousBaseline, "baselines go down the frame")
                previousBaseline = line.origin.y
                XCTAssertGreaterThanOrEqual(line.origin.x, rect.minX - 0.001)
                if index > 0 {
                    XCTAssertLessThanOrEqual(line.origin.y + line.descent, rect.maxY + 0.01, "line below the container")
                }
                XCTAssertGreaterThanOrEqual(line.origin.y - line.ascent, rect.minY - 0.01, "line above the container")
                if isSingleCluster(line) {
                    forced += 1
                    continue
                }
                XCTAssertLessThanOrEqual(line.origin.x + line.width, rect.maxX + 0.01,
                                         "line \(line.stringRange) is \(line.width) pt wide")
                for run in line.runs {
                    XCTAssertLessThanOrEqual(run.x + run.width, line.width + 0.01)
                }
            }
        }
        // The 232 and 220 pt pictures cannot fit a 200 pt column: they alone may stick out.
        XCTAssertLessThanOrEqual(forced, 5)
    }

    func testJustifiedLinesFillTheMeasureAndLastLinesAreFlushLeft() throws {
        let setter = try framesetter(for: try TestSupport.parseZombies())
        let text = setter.text
        var justified = 0, lastLines = 0, narrowerLastLines = 0
        var besideInitialsOrFloats = 0
        for frame in allFrames(setter, width: 200, height: 300) {
            let rect = frame.container.rect
            let besideInitials = FramePartition.besideInitials(frame.lines)
            for (index, line) in frame.lines.enumerated() where line.box == nil {
                // Display lines (headings, balanced) are flush; lines beside a drop cap's initial
                // or a floated figure have a measure of their own.
                if text.paragraphStyle(at: line.stringRange.lowerBound).balance { continue }
                let top = line.origin.y - line.ascent, bottom = line.origin.y + line.descent
                if besideInitials.contains(index)
                    || frame.floats.contains(where: { $0.rect.minY < bottom && top < $0.rect.maxY + $0.margin }) {
                    besideInitialsOrFloats += 1
                    XCTAssertLessThanOrEqual(line.origin.x + line.width, rect.maxX + 0.01)
                    continue
                }
                XCTAssertEqual(line.origin.x, rect.minX, accuracy: 0.001, "justified text starts at the left edge")
                let shown = shownCharacters(line)
                let hasInnerSpace = shown.contains { text.storage[$0] == 0x20 }
                if line.endsParagraph {
                    lastLines += 1
                    if !isSingleCluster(line) { XCTAssertLessThanOrEqual(line.width, rect.width + 0.01) }
                    if line.width < rect.width - 1 { narrowerLastLines += 1 }
                } else if hasInnerSpace {
                    justified += 1
                    XCTAssertEqual(line.width, rect.width, accuracy: 0.01, "line \(line.stringRange): \(text.substring(line.stringRange))")
                    XCTAssertEqual(line.origin.x + line.width, rect.maxX, accuracy: 0.01)
                }
            }
        }
        XCTAssertGreaterThan(justified, 300)
        XCTAssertGreaterThan(besideInitialsOrFloats, 20, "the magazine's drop caps and floated figure")
        XCTAssertGreaterThan(lastLines, 50)
        XCTAssertGreaterThan(narrowerLastLines, lastLines * 3 / 4)
    }

    private static let lorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore."

    /// The first line of `lorem` justified at `width` and the first set flush left (at its
    /// desired spacing), with the paragraph attributes `attributes`.
    private func justifiedAndNatural(_ attributes: String = "", width: Double = 150) throws -> (justified: Line, natural: Line) {
        let container = Container(rect: Rect(x: 0, y: 0, width: width, height: 500))
        let frame = try framesetter("<p \(attributes)>\(Self.lorem)").frame(in: container, from: 0)
        XCTAssertGreaterThan(frame.lines.count, 2)
        // Flush left the line may end elsewhere; its first word and space are what is compared.
        let natural = try framesetter("<p \(attributes)>\(Self.lorem)", alignment: .left).frame(in: container, from: 0).lines[0]
        return (frame.lines[0], natural)
    }

    func testAJustifiedLineSharesItsSlackAmongSpacesLettersAndGlyphsAlike() throws {
        // A measure at which the first line stretches within its ranges (a looser one keeps
        // letters and glyphs at their most and stretches the spaces on).
        let width = try XCTUnwrap(stride(from: 150.0, through: 200, by: 2).first { width in
            let scale = try justifiedAndNatural(width: width).justified.runs[0].horizontalScale
            return scale > 1 && scale < 1.019
        })
        let (line, natural) = try justifiedAndNatural(width: width)
        XCTAssertFalse(line.endsParagraph)
        XCTAssertEqual(line.width, width, accuracy: 0.01)
        let run = line.runs[0], plain = natural.runs[0]
        // One ratio of each give's range for letters and spaces (Justification.standard: word
        // spaces 100 to 133 %, letters 0 to 1.5 % of the em, glyphs 100 to 102 %); the glyphs'
        // scale is the nearest step of a quarter of a percent to it, the spaces taking the
        // difference.
        let size = run.fontSize
        // "L" to "o": the L's advance scaled, and the letter gap after it.
        let letterStep = run.positions[1].x - run.positions[0].x
        let naturalStep = plain.positions[1].x - plain.positions[0].x
        let ratio = (letterStep - naturalStep * run.horizontalScale) / (0.015 * size)
        XCTAssertGreaterThan(ratio, 0)
        XCTAssertLessThanOrEqual(ratio, 1 + 1e-9)
        let steps = (run.horizontalScale - 1) / 0.0025
        XCTAssertEqual(steps, steps.rounded(), accuracy: 1e-6, "a whole number of steps")
        XCTAssertEqual(run.horizontalScale - 1, ratio * 0.02, accuracy: 0.0025 / 2 + 1e-9, "the step nearest the ratio")
        // The space after "Lorem": about the same ratio of its third.
        let space = try XCTUnwrap(run.clusters.firstIndex(of: 5))
        XCTAssertEqual(run.advances[space] / plain.advances[space] - 1, ratio * 0.33, accuracy: 0.1)
    }

    func testHeldLettersAndGlyphsLeaveTheSlackToTheSpaces() throws {
        let (line, natural) = try justifiedAndNatural("letter-spacing=\"0 0 0\" glyph-scaling=\"100 100 100\"")
        XCTAssertEqual(line.width, 150, accuracy: 0.01)
        XCTAssertEqual(line.runs[0].horizontalScale, 1)
        let positions = line.runs[0].positions.map(\.x), naturalPositions = natural.runs[0].positions.map(\.x)
        XCTAssertEqual(positions[1] - positions[0], naturalPositions[1] - naturalPositions[0], accuracy: 1e-9)   // "Lo"
    }

    func testDesiredValuesSetEveryLineWhateverItsAlignment() throws {
        let container = Container(rect: Rect(x: 0, y: 0, width: 400, height: 500))
        let plain = try framesetter("Lorem ipsum", alignment: .left).frame(in: container, from: 0).lines[0]
        let wide = try framesetter("<p word-spacing=\"100 200 300\" letter-spacing=\"0 5 5\" glyph-scaling=\"110 110 110\">Lorem ipsum",
                                   alignment: .left).frame(in: container, from: 0).lines[0]
        let run = wide.runs[0], size = run.fontSize
        XCTAssertEqual(run.horizontalScale, 1.1, accuracy: 1e-9)
        let step = run.positions[1].x - run.positions[0].x, plainStep = plain.runs[0].positions[1].x - plain.runs[0].positions[0].x
        XCTAssertEqual(step, plainStep * 1.1 + 0.05 * size, accuracy: 1e-6)
        let space = try XCTUnwrap(run.clusters.firstIndex(of: 5))
        XCTAssertEqual(run.advances[space], plain.runs[0].advances[space] * 2, accuracy: 1e-6)
    }

    // MARK: Alignment

    func testRightAndCentredLines() throws {
        for alignment in [TextAlignment.right, .center, .left] {
            let setter = try framesetter("Short line\nAnother, somewhat longer line of text here", alignment: alignment)
            let frame = setter.frame(in: Container(rect: Rect(x: 20, y: 0, width: 400, height: 500)), from: 0)
            XCTAssertEqual(frame.lines.count, 2)
            for line in frame.lines {
                XCTAssertLessThan(line.width, 400)
                let leftGap = line.origin.x - 20
                let rightGap = 420 - (line.origin.x + line.width)
                switch alignment {
                case .right: XCTAssertEqual(rightGap, 0, accuracy: 0.01, "\(alignment)")
                case .center: XCTAssertEqual(leftGap, rightGap, accuracy: 0.01, "\(alignment)")
                default: XCTAssertEqual(leftGap, 0, accuracy: 0.01, "\(alignment)")
                }
            }
        }
    }

    // MARK: Pictures

    func testAPicturesWidthIsReservedOnItsLine() throws {
        let setter = try framesetter(#"Look <img src="rgb8.png" width="50" height="40"> here"#, alignment: .left)
        let frame = setter.frame(in: Container(rect: Rect(x: 10, y: 10, width: 400, height: 300)), from: 0)
        XCTAssertEqual(frame.lines.count, 1)
        let line = try XCTUnwrap(frame.lines.first)
        let index = try XCTUnwrap(line.runs.firstIndex { $0.runDelegate != nil })
        let picture = line.runs[index]
        XCTAssertEqual(picture.runDelegate, RunDelegate(ascent: 40, descent: 0, width: 50))
        XCTAssertEqual(picture.width, 50, accuracy: 1e-9)
        XCTAssertEqual(picture.stringRange, 5 ..< 6)
        XCTAssertTrue(picture.glyphIDs.isEmpty, "a picture draws no glyph")
        XCTAssertEqual(picture.image?.path, TestSupport.imagePath("rgb8.png"))
        // The text before it ends where it starts, the text after it starts where it ends.
        XCTAssertGreaterThan(index, 0)
        XCTAssertLessThan(index, line.runs.count - 1)
        let before = line.runs[index - 1], after = line.runs[index + 1]
        XCTAssertEqual(before.x + before.width, picture.x, accuracy: 1e-9)
        XCTAssertEqual(after.x, picture.x + 50, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(after.positions.first).x, picture.x + 50 - 1e-9)
        // The line is tall enough for it, and its box sits on the baseline.
        XCTAssertGreaterThanOrEqual(line.ascent, 40)
        let box = picture.typographicBounds()
        XCTAssertEqual(box.minY, -40, accuracy: 1e-9)
        XCTAssertEqual(box.height, 40, accuracy: 1e-9)
        XCTAssertEqual(line.origin.y - line.ascent - line.leading / 2, 10, accuracy: 1e-9,
                       "the first line's box (half its leading above the ascent) starts at the container's top")
        // The whole line is wider than the same text without the picture by the picture's width.
        let plain = try framesetter("Look  here", alignment: .left)
        let plainLine = plain.frame(in: Container(rect: Rect(x: 10, y: 10, width: 400, height: 300)), from: 0).lines[0]
        XCTAssertEqual(line.width - plainLine.width, 50, accuracy: 0.01)
    }

    func testAPictureTallerThanTheRestOfTheContainerMovesToTheNext() throws {
        let setter = try framesetter("Line one\n" + #"<img src="rgb8.png" width="100" height="150">"#)
        let first = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 100)), from: 0)
        XCTAssertEqual(first.lines.count, 1)
        XCTAssertEqual(first.visibleRange, 0 ..< 9)
        let second = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 100)), from: 9)
        XCTAssertEqual(second.lines.count, 1, "an object taller than the container still takes one line")
        XCTAssertEqual(second.visibleRange, 9 ..< 10)
    }

    // MARK: Pathological input

    func testAnUnbreakableWordTerminatesAndEveryLineFits() throws {
        let word = String(repeating: "abcdefghij", count: 50)
        XCTAssertEqual(word.utf16.count, 500)
        let setter = try framesetter(word)
        let frames = allFrames(setter, width: 100, height: 120)
        let lines = frames.flatMap(\.lines)
        var covered = 0
        for (index, line) in lines.enumerated() {
            XCTAssertLessThanOrEqual(line.width, 100 + 1e-9)
            if index < lines.count - 1 {
                XCTAssertGreaterThan(line.width, 90, "a cut line is filled as far as it goes")
            }
            XCTAssertEqual(line.stringRange.lowerBound, covered)
            covered = line.stringRange.upperBound
        }
        XCTAssertEqual(covered, 500)
        XCTAssertLessThan(lines.count, 50)
    }

    func testAContainerNarrowerThanALetterStillMovesOn() throws {
        let setter = try framesetter("Mm Ww")
        let frames = allFrames(setter, width: 1, height: 1000)
        let lines = frames.flatMap(\.lines)
        XCTAssertLessThanOrEqual(lines.count, 5)
        XCTAssertEqual(lines.last?.stringRange.upperBound, 5)
    }

    func testAShallowContainerStillTakesOneLine() throws {
        let setter = try framesetter("one two three four five six seven eight nine ten")
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 60, height: 1)), from: 0)
        XCTAssertEqual(frame.lines.count, 1)
        XCTAssertGreaterThan(frame.visibleRange.upperBound, 0)
    }

    func testEmptyParagraphsTakeALineEach() throws {
        let setter = try framesetter("a\n\n\nb")
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 500)), from: 0)
        XCTAssertEqual(frame.lines.map(\.stringRange), [0 ..< 2, 2 ..< 3, 3 ..< 4, 4 ..< 5])
        XCTAssertTrue(frame.lines.allSatisfy(\.endsParagraph))
        let gaps = zip(frame.lines.dropFirst(), frame.lines).map { $0.origin.y - $1.origin.y }
        for gap in gaps { XCTAssertEqual(gap, gaps[0], accuracy: 1e-9, "empty lines are as tall as text lines") }
        XCTAssertEqual(gaps[0], 11 * 1.2, accuracy: 0.01, "11 pt text at the 120 % minimum line spacing")
    }

    func testSpaceAfterAParagraph() throws {
        let parser = MarkupParser(defaults: MarkupDefaults(attributes: TestSupport.defaultAttributes(),
                                                           paragraphStyle: ParagraphStyle(alignment: .left, spaceAfter: 10)),
                                  baseDirectory: "/")
        let setter = try framesetter(for: parser.parse(MarkupSource(fileName: "p.txt", text: "one\ntwo\nthree")))
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 500)), from: 0)
        XCTAssertEqual(frame.lines.count, 3)
        let plain = try framesetter("one\ntwo\nthree", alignment: .left)
            .frame(in: Container(rect: Rect(x: 0, y: 0, width: 200, height: 500)), from: 0)
        XCTAssertEqual(frame.lines[0].origin.y, plain.lines[0].origin.y, accuracy: 1e-9, "no space above the first line")
        XCTAssertEqual(frame.lines[1].origin.y - frame.lines[0].origin.y,
                       plain.lines[1].origin.y - plain.lines[0].origin.y + 10, accuracy: 1e-9)
        XCTAssertEqual(frame.lines[2].origin.y - frame.lines[1].origin.y,
                       plain.lines[2].origin.y - plain.lines[1].origin.y + 10, accuracy: 1e-9)
    }

    func testStartingInTheMiddleOfAParagraph() throws {
        let markup = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu"
        let setter = try framesetter(markup)
        let whole = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 120, height: 1000)), from: 0)
        XCTAssertGreaterThan(whole.lines.count, 2)
        let secondStart = whole.lines[1].stringRange.lowerBound
        // Setting from the second line's start gives the same lines as before, one higher.
        let rest = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 120, height: 1000)), from: secondStart)
        XCTAssertEqual(rest.lines.map(\.stringRange), whole.lines.dropFirst().map(\.stringRange))
        XCTAssertEqual(rest.lines.map(\.width), whole.lines.dropFirst().map(\.width))
    }

    func testFrameUsedHeightAndLineOrigins() throws {
        let setter = try framesetter("one\ntwo")
        let frame = setter.frame(in: Container(rect: Rect(x: 5, y: 100, width: 200, height: 500)), from: 0)
        XCTAssertEqual(frame.lineOrigins.count, 2)
        XCTAssertEqual(frame.lineOrigins.map(\.x), [5, 5])
        XCTAssertEqual(frame.usedHeight, frame.lines[1].origin.y + frame.lines[1].descent - 100, accuracy: 1e-9)
        XCTAssertGreaterThan(frame.usedHeight, 2 * 11 * 0.9)
        XCTAssertLessThan(frame.usedHeight, 3 * 11 * 1.2)
    }

    // MARK: Characters that are not letters

    /// Glyph ids the font gives `string`, shaped on its own.
    private func glyphs(_ string: String, family: String) throws -> [UInt32] {
        Shaper().shape(Array(string.utf16), font: try library.resolve(family: family).font).glyphIDs
    }

    func testASoftHyphenShowsAHyphenWhereTheLineBreaks() throws {
        let setter = try framesetter("super&shy;cali&shy;fragilistic&shy;expialidocious")
        let text = setter.text
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 60, height: 500)), from: 0)
        let brokenAtSoftHyphen = frame.lines.filter {
            !$0.endsParagraph && text.storage[$0.stringRange.upperBound - 1] == 0x00AD
        }
        XCTAssertFalse(brokenAtSoftHyphen.isEmpty, "the word breaks at its soft hyphens")
        let hyphen = try glyphs("-", family: TestSupport.bodyFamily)[0]
        for line in brokenAtSoftHyphen where !line.runs.flatMap(\.glyphIDs).contains(hyphen) {
            return XCTFail("""
                a line broken at a soft hyphen (&shy;) shows no hyphen: line \(line.stringRange) \
                "\(text.substring(line.stringRange))" ends in glyphs \(line.runs.flatMap(\.glyphIDs).suffix(3))
                """)
        }
        // Where the word does not break, a soft hyphen is invisible.
        let unbroken = try framesetter("super&shy;cali").frame(in: Container(rect: Rect(x: 0, y: 0, width: 500, height: 100)), from: 0)
        XCTAssertFalse(unbroken.lines[0].runs.flatMap(\.glyphIDs).contains(hyphen))
    }

    func testAForcedBreakNeverSeparatesACombiningMarkFromItsBase() throws {
        // q + combining acute: Pagella has no precomposed q-acute, so these stay two glyphs.
        let word = String(repeating: "q\u{301}", count: 40)
        let setter = try framesetter(word)
        // Narrower than one letter: every line is an emergency cut.
        let lines = allFrames(setter, width: 3, height: 10_000).flatMap(\.lines)
        XCTAssertGreaterThanOrEqual(lines.count, 40)
        for line in lines where setter.text.storage[line.stringRange.lowerBound] == 0x0301 {
            return XCTFail("""
                an emergency (forced) break cuts between a base letter and its combining mark: line \
                \(line.stringRange) starts with U+0301. PreparedParagraph.emergencyBreaks offers every glyph's \
                cluster, and Shaper uses HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS, which gives marks clusters of their own
                """)
        }
    }

    func testALineSeparatorAndATabDrawNoMissingGlyph() throws {
        for (name, markup) in [("U+2028", "one&#x2028;two"), ("tab", "one\ttwo")] {
            let setter = try framesetter("<font face=\"Arial\">" + markup)
            let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 400, height: 100)), from: 0)
            XCTAssertFalse(frame.lines.isEmpty && frame.floats.isEmpty)
            let shown = frame.lines.flatMap { $0.runs.flatMap(\.glyphIDs) }
            if shown.contains(0) {
                return XCTFail("""
                    a \(name) in the text is shaped and drawn as the font's .notdef glyph (glyph 0, a box in \
                    Liberation Sans) with its advance; lines \(frame.lines.map(\.stringRange)) show glyphs \(shown)
                    """)
            }
        }
    }
}
