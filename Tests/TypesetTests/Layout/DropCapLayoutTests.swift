import Fonts
import Layout
import Shaping
import Text
import XCTest

/// Drop caps in the one line loop: the initial's cap height spans its lines (top at the first
/// line's cap height, baseline on line N's), those N lines and no others are indented by its
/// width and the gap, mirrored right to left, beside exclusions and in shapes; a paragraph
/// shorter than its initial is followed below it, and the initial never leaves its lines at a
/// column's foot.
final class DropCapLayoutTests: FramesetterTestCase {
    private static let text = """
    The zombie does not knock. It waits, patient, behind the door, until the house forgets it is there; \
    then it comes in with the morning post. In the first weeks of the outbreak nobody understood this, \
    and the dead came in with the milk, the papers and the letters from the bank. By the spring every \
    house on the street had a second door, and a long pole beside it.
    """
    private static let hebrew = "שלום לכל הקוראים! המדריך לשרידות מסביר איך לבנות מחסה, איך לאגור מזון ואיך לשמור על קור רוח כשהמתים מתעוררים. המדריך לשרידות מסביר איך לבנות מחסה, איך לאגור מזון ואיך לשמור על קור רוח."
    private static let arabic = "السيد حداد البهارات والقهوة العربية المحمصة بالهيل. يقول إن الزبائن يأتون أولاً من أجل الرائحة، ثم يبقون من أجل الحديث، وفي النهاية يشترون أكثر مما خططوا له."
    private static let gapEms = 0.3
    private static let size = 11.0

    private func frame(_ markup: String, in container: Container) throws -> Frame {
        try framesetter(markup).frame(in: container, from: 0)
    }

    private func rectangle(width: Double = 220, height: Double = 500) -> Container {
        Container(rect: Rect(x: 40, y: 30, width: width, height: height))
    }

    /// The cap height of the body text, TeX Gyre Pagella at 11 pt.
    private func bodyCapHeight() throws -> Double {
        let font = try library.resolve(family: TestSupport.bodyFamily).font
        return Double(font.capHeight) * font.scale(for: Self.size)
    }

    private func initialBox(_ line: Line) throws -> Rect {
        let initial = try XCTUnwrap(line.initial)
        return Rect(x: line.origin.x + initial.bounds.minX, y: line.origin.y + initial.bounds.minY,
                    width: initial.bounds.width, height: initial.bounds.height)
    }

    func testTheInitialSpansItsLinesFromTheFirstCapHeightToLineNsBaseline() throws {
        for lines in [2, 3, 5] {
            let frame = try frame("<p dropcap=\"\(lines)\">\(Self.text)\n", in: rectangle())
            XCTAssertGreaterThan(frame.lines.count, lines + 1)
            let box = try initialBox(frame.lines[0])
            XCTAssertEqual(box.maxY, frame.lines[lines - 1].origin.y, accuracy: 0.5, "its baseline on line \(lines)'s")
            XCTAssertEqual(box.minY, frame.lines[0].origin.y - (try bodyCapHeight()), accuracy: 0.5,
                           "its top at the first line's cap height")
            XCTAssertEqual(frame.lines[0].initial?.characters, "T")
            XCTAssertEqual(frame.lines[0].initial?.stringRange, 0 ..< 1)
            XCTAssertEqual(frame.lines[0].stringRange.lowerBound, 0, "the line still holds the initial's character")
            XCTAssertFalse(frame.lines[0].runs.flatMap(\.clusters).contains(0), "but shows no glyph of it")
            XCTAssertNil(frame.lines[1].initial)
            // Its ink reaches from its top to its baseline (FreeType's box of the glyph).
            XCTAssertGreaterThan(box.width, 10 * Double(lines - 1), "a large letter")
        }
    }

    func testTheFirstNLinesAndNoOthersAreIndentedByTheInitialsWidthAndTheGap() throws {
        let container = rectangle()
        for lines in [2, 3, 5] {
            let frame = try frame("<p dropcap=\"\(lines)\">\(Self.text)\n", in: container)
            let box = try initialBox(frame.lines[0])
            XCTAssertEqual(box.minX, container.rect.minX, accuracy: 1e-6, "the initial at the column's edge")
            let indent = box.width + Self.gapEms * Self.size
            for (index, line) in frame.lines.enumerated() where !line.endsParagraph {
                let expected = index < lines ? container.rect.minX + indent : container.rect.minX
                XCTAssertEqual(line.origin.x, expected, accuracy: 0.01, "line \(index + 1) of \(lines)")
                // The breaks were chosen for these widths: every justified line fills its measure exactly.
                XCTAssertEqual(line.width, container.rect.maxX - expected, accuracy: 0.05, "line \(index + 1) of \(lines) is justified")
            }
        }
    }

    func testAParagraphWithoutADropCapIsSetAsBefore() throws {
        let plain = try frame("\(Self.text)\n", in: rectangle())
        XCTAssertTrue(plain.lines.allSatisfy { $0.initial == nil && abs($0.origin.x - 40) < 1e-9 })
        // Nor does an opening that is no letter (a dash) take an initial.
        let dash = try frame("<p dropcap=\"3\">— \(Self.text)\n", in: rectangle())
        XCTAssertTrue(dash.lines.allSatisfy { $0.initial == nil && abs($0.origin.x - 40) < 1e-9 })
    }

    func testAnOpeningQuotationMarkGoesWithTheLetter() throws {
        for quote in ["\u{201C}", "\u{2018}", "\"", "«", "„", "'"] {
            let frame = try frame("<p dropcap=\"2\">\(quote)Always check the post, said my grandmother, who had survived two winters of it and meant to survive a third.\n",
                                  in: rectangle())
            let initial = try XCTUnwrap(frame.lines[0].initial, quote)
            XCTAssertEqual(initial.characters, quote + "A")
            XCTAssertEqual(initial.glyphIDs.count, 2, quote)
            XCTAssertEqual(frame.lines[0].runs.first?.clusters.first, 2, "the line starts with the letter after the initial")
        }
    }

    /// French sets a space inside its guillemets, typed or added by its spacing rules: a
    /// designer's `<p dropcap="3" lang="fr">« Il faut…` lost its initial, unwarned.
    func testAGuillemetAndTheSpaceAfterItGoWithTheLetter() throws {
        for (opening, shown) in [("« ", "«\u{202F}"), ("«", "«\u{202F}"), ("«\u{00A0}", "«\u{202F}"), ("«\u{202F}", "«\u{202F}")] {
            let frame = try frame("<p dropcap=\"3\" lang=\"fr\">\(opening)Il faut savoir attendre l’anguille », disait Madame Duval, "
                                  + "qui tenait l’auberge de Denver Sluice depuis la guerre ; elle ne servait que ce que le marais donnait.\n",
                                  in: rectangle())
            let initial = try XCTUnwrap(frame.lines[0].initial, opening)
            XCTAssertEqual(initial.characters, shown + "I", opening)
            XCTAssertEqual(frame.lines[0].runs.first.flatMap { $0.clusters.first }, initial.stringRange.upperBound,
                           "the line starts with the letter after the initial")
        }
    }

    func testRightToLeftTheInitialAndItsIndentAreMirrored() throws {
        let container = rectangle()
        let frame = try frame("<p dir=\"rtl\" dropcap=\"3\">\(Self.hebrew)\n", in: container)
        let box = try initialBox(frame.lines[0])
        XCTAssertEqual(box.maxX, container.rect.maxX, accuracy: 1e-6, "the initial at the right edge")
        XCTAssertEqual(frame.lines[0].initial?.characters, "ש")
        XCTAssertEqual(box.maxY, frame.lines[2].origin.y, accuracy: 0.5)
        let indent = box.width + Self.gapEms * Self.size
        for (index, line) in frame.lines.enumerated() where !line.endsParagraph {
            let right = index < 3 ? container.rect.maxX - indent : container.rect.maxX
            XCTAssertEqual(line.origin.x + line.width, right, accuracy: 0.05, "line \(index + 1) ends at the right")
            XCTAssertEqual(line.origin.x, container.rect.minX, accuracy: 0.05, "and is justified to the left edge")
        }
    }

    /// The designer's page: "يبيع" set as an isolated 'ي' and "بيع", and line 3 pushed a blank
    /// line down by the isolated letter's tail.
    func testAnArabicInitialKeepsTheFormsItsWordGivesItAndItsLetters() throws {
        let word = "يبيع"
        let frame = try frame("<p lang=\"ar\" dir=\"rtl\" dropcap=\"2\">\(word) \(Self.arabic)\n", in: rectangle(width: 160))
        let initial = try XCTUnwrap(frame.lines[0].initial)
        XCTAssertEqual(initial.characters, "ي")
        let run = try XCTUnwrap(frame.lines[0].runs.first { $0.stringRange.contains(1) })
        // The whole word shaped at once: what each letter looks like in it.
        func glyphs(of font: Font, clusters: Range<Int>) -> [UInt32] {
            let shaped = Shaper().shape(Array(word.utf16), font: font, language: "ar", rightToLeft: true)
            return shaped.glyphIDs.indices.filter { clusters.contains(Int(shaped.clusters[$0])) }.map { shaped.glyphIDs[$0] }
        }
        XCTAssertEqual(initial.glyphIDs, glyphs(of: initial.font, clusters: 0 ..< 1), "the initial in its initial form")
        let shown = run.glyphIDs.indices.filter { (1 ..< 4).contains(run.clusters[$0]) }
        XCTAssertEqual(shown.sorted { run.clusters[$0] > run.clusters[$1] }.map { run.glyphIDs[$0] },
                       glyphs(of: run.font, clusters: 1 ..< 4), "the rest of the word as it is in the word, not as a word of its own")
        let pitch = frame.lines[1].origin.y - frame.lines[0].origin.y
        XCTAssertEqual(frame.lines[2].origin.y - frame.lines[1].origin.y, pitch, accuracy: 0.5, "no blank line below the initial")
    }

    func testBesideAnExclusionAndInACircleTheLinesKeepClearOfTheInitial() throws {
        let rect = Rect(x: 40, y: 30, width: 260, height: 400)
        let exclusion = Container(rect: rect, exclusions: [Exclusion(.circle(center: Point(x: 300, y: 60), radius: 50))])
        let circle = Container(rect: rect, shape: .circle(center: Point(x: 170, y: 230), radius: 130))
        for container in [exclusion, circle] {
            let frame = try frame("<p dropcap=\"3\">\(Self.text) \(Self.text)\n", in: container)
            let first = try XCTUnwrap(frame.lines.first)
            let box = try initialBox(first)
            let clear = box.maxX + Self.gapEms * Self.size
            XCTAssertEqual(first.origin.x, clear, accuracy: 0.01, "\(container)")
            XCTAssertEqual(box.maxY, frame.lines[2].origin.y, accuracy: 0.5)
            var beside = 0
            for line in frame.lines.dropFirst() {
                let top = line.origin.y - line.ascent
                if top < box.maxY {
                    beside += 1
                    XCTAssertGreaterThanOrEqual(line.origin.x, clear - 0.01, "a line beside the initial starts clear of it")
                } else {
                    XCTAssertLessThan(line.origin.x, clear - 1, "lines below the initial are not indented for it")
                    break
                }
            }
            XCTAssertEqual(beside, 2)
        }
    }

    /// Seed 8198: a paragraph's first line fitted above a pull quote across the columns, its
    /// lines beside the initial went on below the quote, and the four-line 'T' hung over the
    /// quote. The paragraph goes down with its initial to where nothing covers it.
    func testAnExclusionBelowTheFirstLineTakesTheInitialBelowItWithTheParagraph() throws {
        let rect = Rect(x: 40, y: 30, width: 220, height: 400)
        let quote = Rect(x: 0, y: 48, width: 400, height: 30)
        let container = Container(rect: rect, exclusions: [Exclusion(.rectangle(quote))])
        let covered = try frame("<p dropcap=\"4\">\(Self.text)\n", in: container)
        let opening = try XCTUnwrap(covered.lines.first)
        let box = try initialBox(opening)
        XCTAssertGreaterThanOrEqual(box.minY, quote.maxY, "the initial below the quote, not over it")
        XCTAssertEqual(opening.stringRange.lowerBound, 0, "with its paragraph's first line")
        // Above the quote there is room for the first line alone: without the quote the
        // paragraph's first line is set there.
        let plain = try XCTUnwrap(frame("<p dropcap=\"4\">\(Self.text)\n", in: Container(rect: rect)).lines.first)
        XCTAssertLessThan(plain.origin.y, quote.minY)
        XCTAssertGreaterThan(try initialBox(plain).maxY, quote.minY, "where its initial would reach over the quote")
    }

    /// Seed 20099: a picture at the page's foot covers a column from just below its first line
    /// down, so no place in it keeps the initial clear. The column's first line does not stay
    /// there with its initial over the picture: the column takes nothing, as one an exclusion
    /// leaves no room in does, and the next column takes the paragraph.
    func testAColumnWhoseExclusionLeavesTheInitialNoClearPlaceTakesNothing() throws {
        let markup = "<p dropcap=\"4\">Correspondence.</p>\n"
        let plain = try frame(markup, in: rectangle())
        let opening = try XCTUnwrap(plain.lines.first)
        let below = Rect(x: 0, y: opening.origin.y + opening.descent + 2, width: 400, height: 600)
        let covered = try frame(markup, in: Container(rect: rectangle().rect, exclusions: [Exclusion(.rectangle(below))]))
        XCTAssertTrue(covered.lines.isEmpty, "no line with its initial over the picture: \(covered.lines.map(\.stringRange))")
    }

    func testAFloatAnchoredBeforeTheLetterLeavesItTheInitialAndTheLinesClearBoth() throws {
        let image = TestSupport.imagePath("rgb8.png")
        let frame = try frame("<p dropcap=\"3\"><img src=\"\(image)\" width=\"80\" height=\"60\" float=\"left\">\(Self.text)\n",
                              in: rectangle())
        let float = try XCTUnwrap(frame.floats.first)
        let initial = try XCTUnwrap(frame.lines[0].initial)
        XCTAssertEqual(initial.characters, "T")
        XCTAssertEqual(initial.stringRange, 1 ..< 2, "after the picture's anchor")
        let box = try initialBox(frame.lines[0])
        XCTAssertEqual(box.minX, float.rect.maxX, accuracy: 30, "the initial beside the float")
        XCTAssertGreaterThanOrEqual(box.minX, float.rect.maxX - 0.01, "not over it")
        for line in frame.lines.prefix(3) {
            XCTAssertGreaterThanOrEqual(line.origin.x, box.maxX + Self.gapEms * Self.size - 0.01, "beside the initial")
        }
    }

    func testAParagraphShorterThanItsInitialIsFollowedBelowIt() throws {
        let setter = try framesetter("<p dropcap=\"3\">A short one.\n</p>\(Self.text)\n")
        let frame = setter.frame(in: rectangle(), from: 0)
        let spaceAfter = setter.text.paragraphStyle(at: 0).spaceAfter
        let box = try initialBox(frame.lines[0])
        XCTAssertTrue(frame.lines[0].endsParagraph)
        let next = frame.lines[1]
        XCTAssertEqual(next.origin.x, 40, accuracy: 1e-6, "not beside the initial")
        XCTAssertGreaterThan(next.origin.y - next.ascent, box.maxY, "below it")
        let pitch = frame.lines[2].origin.y - frame.lines[1].origin.y
        XCTAssertEqual(next.origin.y - box.maxY, pitch + spaceAfter, accuracy: 0.5, "where a fourth line would be, after the paragraph's space")
    }

    func testWithNoRoomBesideItTheInitialStandsAloneAndTheTextGoesOnBelowIt() throws {
        // A three-line 'M' is some 60 pt wide: 70 pt leave no line's room beside it.
        let container = rectangle(width: 70)
        let frame = try frame("<p dropcap=\"3\">Mountains of \(Self.text)\n", in: container)
        let opening = frame.lines[0]
        XCTAssertTrue(opening.holdsItsInitialAlone, "the first line shows the initial alone")
        XCTAssertTrue(opening.runs.isEmpty)
        let box = try initialBox(opening)
        let next = frame.lines[1]
        XCTAssertEqual(next.stringRange.lowerBound, 1, "the text goes on at the letter after the initial")
        XCTAssertEqual(next.origin.x, container.rect.minX, accuracy: 1e-6, "not beside the initial")
        let pitch = frame.lines[2].origin.y - next.origin.y
        XCTAssertEqual(next.origin.y - box.maxY, pitch, accuracy: 0.5, "where a fourth line would be")
        for line in frame.lines where !line.runs.isEmpty {
            XCTAssertLessThanOrEqual(line.origin.x + line.width, container.rect.maxX + 0.01, "no line past the column")
        }
    }

    /// Seed 15047: the same on a 12 pt grid (11 pt lines, 13.2 pt apart, take 24), a bold initial
    /// and a line after it mixing the bold with the roman, whose box reaches 0.07 pt higher
    /// above its baseline than the bold's: the line goes on where line N + 1 would be, four
    /// pitches below the first, not a grid line lower.
    func testOnAGridTheLineAfterAnInitialAloneTakesTheGridLineOfLineNPlusOne() throws {
        let container = Container(rect: Rect(x: 36, y: 36, width: 121, height: 300), baselineGrid: BaselineGrid(origin: 36, step: 12))
        let frame = try frame("<p dropcap=\"4\"><b>Was</b> Typewriter every neighbourhood and mountains quietly through "
                              + "municipal wrote afternoon dusk lighthouse the typewriter.</p>", in: container)
        let opening = frame.lines[0]
        XCTAssertTrue(opening.holdsItsInitialAlone, "no room beside the 'W'")
        XCTAssertEqual(frame.lines[1].origin.y - opening.origin.y, 4 * 24, accuracy: 0.001, "line N + 1's grid line")
        XCTAssertEqual(frame.lines[2].origin.y - frame.lines[1].origin.y, 24, accuracy: 0.001)
    }

    /// Seed 5430: a first line of larger text takes two grid lines, and the initial is sized
    /// for that pitch; the smaller lines after it go on a grid line apart, down to the initial's
    /// baseline, and the one on its baseline is still beside it, not moved below its ink.
    func testOnAGridTheLinesAfterALargerFirstLineGoOnBesideTheInitialToItsBaseline() throws {
        let container = Container(rect: Rect(x: 36, y: 36, width: 233, height: 300), baselineGrid: BaselineGrid(origin: 36, step: 14))
        let frame = try frame("<p dropcap=\"4\"><font size=\"10\"><font size=\"15\">Prisms log road to wound</font> Extraordinary "
                              + "lamp considerable seed? Keeper notwithstanding in drawer. log prisms marsh hours &mdash; To morning "
                              + "log. Extraordinary lamp considerable seed, keeper notwithstanding in drawer.</font></p>", in: container)
        let initial = try initialBox(frame.lines[0])
        let baselines = frame.lines.map(\.origin.y)
        let besideTheInitial = frame.lines.filter { $0.origin.x >= initial.maxX }
        XCTAssertEqual(besideTheInitial.last?.origin.y ?? 0, initial.maxY, accuracy: 0.001, """
            the line on the initial's baseline is set beside it (baselines \(baselines), the initial's \(initial.maxY))
            """)
        for (above, below) in zip(baselines.dropFirst(2), baselines.dropFirst(3)) {
            XCTAssertEqual(below - above, 14, accuracy: 0.001, "the 10 pt lines a grid line apart: baselines \(baselines)")
        }
    }

    /// Seed 12097: the same with an exclusion in the container (a picture across columns above
    /// it), where the loop looks further down for room a stretch lacks: none of its bands gives
    /// more beside the initial, and the first word was set in the sliver left, past the column.
    /// The initial stands alone as in a plain column.
    func testWithNoRoomBesideItTheInitialStandsAloneBesideAnExclusionToo() throws {
        let rect = Rect(x: 40, y: 30, width: 70, height: 500)
        let far = Exclusion(.rectangle(Rect(x: 0, y: 480, width: 40, height: 30)))
        let plain = try frame("<p dropcap=\"3\">Mountains of \(Self.text)\n", in: Container(rect: rect))
        let frame = try frame("<p dropcap=\"3\">Mountains of \(Self.text)\n", in: Container(rect: rect, exclusions: [far]))
        XCTAssertTrue(frame.lines[0].holdsItsInitialAlone, "the first line shows the initial alone")
        XCTAssertEqual(frame.lines.prefix(4).map(\.origin), plain.lines.prefix(4).map(\.origin), "set as in the plain column")
        for line in frame.lines where !line.runs.isEmpty {
            XCTAssertLessThanOrEqual(line.origin.x + line.width, rect.maxX + 0.01, "no line past the column")
        }
    }

    /// Issue 33: in a column with an exclusion (anywhere: a pull quote, a float), a word too
    /// wide for the stretch beside the initial but not for the column passed over the lines
    /// beside the initial, a point at a time, down to below it: "notwithstanding" went on under
    /// the 'T' and its third line stayed empty. Further down gives no more room until the
    /// initial ends, so the word is set beside it, as in a plain column (hyphenated), and every
    /// line beside the initial holds text.
    func testBesideAnExclusionAWordTooWideForTheLinesBesideTheInitialIsSetThere() throws {
        let markup = "<p dropcap=\"3\" hyphenate=\"false\">The correspondents, notwithstanding responsibilities, \(Self.text)\n"
        let rect = Rect(x: 40, y: 30, width: 92, height: 400)
        let far = Exclusion(.rectangle(Rect(x: 0, y: 380, width: 40, height: 30)))
        for container in [Container(rect: rect), Container(rect: rect, exclusions: [far])] {
            let frame = try frame(markup, in: container)
            let box = try initialBox(frame.lines[0])
            let pitch = frame.lines[4].origin.y - frame.lines[3].origin.y
            for index in 1 ..< 3 {
                XCTAssertEqual(frame.lines[index].origin.y - frame.lines[index - 1].origin.y, pitch, accuracy: 0.5,
                               "line \(index + 1) beside the initial, a pitch below the one before: \(container)")
                XCTAssertGreaterThanOrEqual(frame.lines[index].origin.x, box.maxX, "clear of the initial")
            }
            XCTAssertEqual(frame.lines[2].origin.y, box.maxY, accuracy: 0.5, "the third on the initial's baseline")
        }
    }

    func testAnInitialWiderThanItsColumnDropsTheMostLinesThatFitIt() throws {
        // A five-line 'W' is far wider than 70 pt (a three-line 'M' is some 60 pt).
        let container = rectangle(width: 70)
        let frame = try frame("<p dropcap=\"5\">With \(Self.text)\n", in: container)
        let initial = try XCTUnwrap(frame.lines[0].initial)
        XCTAssertLessThan(initial.lines, 5, "fewer lines than asked for")
        XCTAssertGreaterThanOrEqual(initial.lines, 2)
        let box = try initialBox(frame.lines[0])
        XCTAssertGreaterThanOrEqual(box.minX, container.rect.minX - 1e-6)
        XCTAssertLessThanOrEqual(box.maxX, container.rect.maxX + 1e-6, "the initial inside its column")
        let pitch = frame.lines[2].origin.y - frame.lines[1].origin.y
        XCTAssertEqual(box.maxY, frame.lines[0].origin.y + Double(initial.lines - 1) * pitch, accuracy: 0.5,
                       "its baseline still on a line's")
        XCTAssertGreaterThan(box.width * (box.height + pitch) / box.height, container.rect.width,
                             "one line more would not fit: the most lines that do")
        // Where the column holds it, it drops the lines asked for.
        XCTAssertEqual(try self.frame("<p dropcap=\"5\">With \(Self.text)\n", in: rectangle(width: 400)).lines[0].initial?.lines, 5)
    }

    /// An exclusion below the first line (a picture over the gutter, a float from the page
    /// before) where the initial would reach: it drops the most lines whose ink is clear of it,
    /// as one wider than its column does (layout fuzz seed 4492: a four-line 'D' over a figure);
    /// where two lines are not clear either, the paragraph moves on to where they are.
    func testAnInitialThatWouldPrintOverAnExclusionBelowDropsTheLinesThatClearIt() throws {
        let markup = "<p dropcap=\"4\">Dusk \(Self.text)\n"
        let plain = try frame(markup, in: rectangle())
        XCTAssertEqual(plain.lines[0].initial?.lines, 4)
        let padding = 4.0
        // A picture at the column's left whose padded top is between lines 3 and 4's baselines.
        let below = Rect(x: 40, y: plain.lines[2].origin.y + 1 + padding, width: 100, height: 60)
        let fitted = try frame(markup, in: Container(rect: rectangle().rect, exclusions: [Exclusion(.rectangle(below), padding: padding)]))
        let initial = try XCTUnwrap(fitted.lines[0].initial)
        XCTAssertEqual(initial.lines, 3, "the most lines clear of the picture")
        XCTAssertEqual(fitted.lines[0].origin.y, plain.lines[0].origin.y, accuracy: 1e-6, "where the paragraph begins")
        let box = try initialBox(fitted.lines[0])
        XCTAssertLessThanOrEqual(box.maxY, below.minY - padding, "above the picture")
        XCTAssertEqual(box.maxY, fitted.lines[2].origin.y, accuracy: 0.5, "its baseline on its last line's")
        // A picture two lines' initial reaches: the paragraph starts below it.
        let high = Rect(x: 40, y: plain.lines[0].origin.y + plain.lines[0].descent + padding + 3, width: 160, height: 30)
        let moved = try frame(markup, in: Container(rect: rectangle().rect, exclusions: [Exclusion(.rectangle(high), padding: padding)]))
        let opening = try XCTUnwrap(moved.lines.first { $0.initial != nil })
        let movedBox = try initialBox(opening)
        XCTAssertTrue(movedBox.minY >= high.maxY + padding - 1e-6 || movedBox.minX >= high.maxX + padding - 1e-6,
                      "clear of the picture: \(movedBox) against \(high)")
    }

    /// Seed 12892: a circle at the column's side whose top is beside the paragraph's first
    /// line widens below it past the initial at every size of two lines or more. The initial
    /// and its first line move along the line to where the circle leaves the initial clear,
    /// rather than the paragraph move down until its first line starts past the circle's
    /// widest point (some 60 pt of the column left empty here, 100 in the seed).
    func testAnExclusionWideningBelowTheFirstLinesStartMovesTheInitialAlongItsLine() throws {
        let markup = "<p dropcap=\"3\">\(Self.text)\n"
        let rect = Rect(x: 40, y: 30, width: 260, height: 400)
        let center = Point(x: 40, y: 90), radius = 55.0
        let frame = try frame(markup, in: Container(rect: rect, exclusions: [Exclusion(.circle(center: center, radius: radius))]))
        let plain = try self.frame(markup, in: Container(rect: rect))
        let opening = try XCTUnwrap(frame.lines.first)
        XCTAssertEqual(opening.stringRange.lowerBound, 0)
        XCTAssertEqual(opening.origin.y, plain.lines[0].origin.y, accuracy: 0.01, "where the paragraph begins")
        let box = try initialBox(opening)
        let nearest = min(max(center.y, box.minY), box.maxY)
        let circleRight = center.x + (radius * radius - (nearest - center.y) * (nearest - center.y)).squareRoot()
        XCTAssertGreaterThanOrEqual(box.minX, circleRight - 0.01, "the initial clear of the circle down its height")
        for line in frame.lines.prefix(3) {
            XCTAssertGreaterThanOrEqual(line.origin.x, box.maxX + Self.gapEms * Self.size - 0.01, "the lines beside it clear of it")
        }
    }

    func testTheInitialGoesToTheNextColumnWithItsLines() throws {
        let setter = try framesetter("\(Self.text)\n<p dropcap=\"5\">\(Self.text)\n")
        // A column that ends three lines into the drop-cap paragraph.
        let probe = setter.frame(in: rectangle(height: 2_000), from: 0)
        let opening = try XCTUnwrap(probe.lines.firstIndex { $0.initial != nil })
        let foot = probe.lines[opening + 2]
        let column = rectangle(height: foot.origin.y + foot.descent - 30 + 0.5)
        let result = setter.frame(in: column, from: 0, carrying: .none)
        XCTAssertEqual(result.frame.lines.count, opening, "the paragraph and its initial move on together")
        XCTAssertTrue(result.frame.lines.allSatisfy { $0.initial == nil })
        let next = setter.frame(in: rectangle(), from: result.frame.visibleRange.upperBound, carrying: result.carry).frame
        XCTAssertNotNil(next.lines.first?.initial)
    }

    func testTheSetLinesShowEveryCharacterButTheInitialsOnce() throws {
        let frame = try frame("<p dropcap=\"3\">\u{201C}A man, \(Self.text)\n", in: rectangle())
        let initial = try XCTUnwrap(frame.lines[0].initial)
        XCTAssertEqual(initial.stringRange, 0 ..< 2)
        XCTAssertEqual(initial.hiddenRange, 0 ..< 3, "the space after the initial is not shown either")
        let shown = frame.lines.flatMap { $0.runs.flatMap(\.clusters) }
        XCTAssertEqual(shown.first, 3)
        XCTAssertEqual(shown, shown.sorted(), "in order")
    }
}
