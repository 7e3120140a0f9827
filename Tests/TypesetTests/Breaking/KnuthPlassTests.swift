@testable import Layout
import Breaking
import Fonts
import Shaping
import Text
import XCTest

/// Optimal line breaking (Knuth–Plass) against first-fit, on real text with real fonts.
final class KnuthPlassTests: XCTestCase {
    private static let prose = """
        It has been a remarkable season. The outbreak that began, as these things always do, with a \
        mysteriously unlabelled crate at a regional distribution centre has now entered what experts call \
        the long middle. Nobody is panicking any more. The sirens have been switched off to save electricity. \
        The town council meets every second Tuesday behind a very tall fence and has passed a motion declaring \
        the undead a managed nuisance, in the same category as pigeons, potholes and the man who plays the \
        bagpipes outside the station.
        """

    /// The font library is dropped when this returns: the fonts must outlive it safely.
    private func paragraph(_ string: String, alignment: TextAlignment = .justify, hyphenate: Bool = true,
                           size: Double = 11, justification: Justification = .standard) throws -> PreparedParagraph {
        let library = try TestSupport.makeFontLibrary()
        let table = try FontTableBuilder(library: library).table
        var style = ParagraphStyle(alignment: alignment, hyphenate: hyphenate)
        style.justification = justification
        var text = AttributedText(defaultParagraphStyle: style)
        text.append(string, attributes: TestSupport.defaultAttributes(size: size))
        return PreparedParagraph(text: text, range: 0 ..< text.length, fonts: table, itemizer: TextItemizer(fonts: table), shaper: Shaper())
    }

    private func optimal(_ paragraph: PreparedParagraph, width: Double) throws -> [LineBreak] {
        try XCTUnwrap(ParagraphBreaker(paragraph: paragraph, hyphenator: { Hyphenator(language: $0) })
            .breaks(from: 0, firstWidth: width, otherWidth: width))
    }

    private func firstFit(_ paragraph: PreparedParagraph, width: Double) -> [LineBreak] {
        var breaks: [LineBreak] = []
        var start = 0
        while start < paragraph.range.upperBound {
            let line = GreedyLineBreaker().nextLine(from: start, opportunities: paragraph.opportunities, available: width,
                                                    measure: paragraph)
            breaks.append(line)
            start = line.end
        }
        return breaks
    }

    /// How much each justified line's spaces stretch beyond their width, as a ratio of it
    /// (the last line excepted).
    private func spaceRatios(_ paragraph: PreparedParagraph, _ breaks: [LineBreak], width: Double) -> [Double] {
        var start = 0
        var ratios: [Double] = []
        for lineBreak in breaks {
            let line = LineBuilder(paragraph: paragraph).makeLine(from: start, to: lineBreak, left: 0, available: width)
            start = lineBreak.end
            guard !line.endsParagraph else { continue }
            let spaceWidth = 0.25 * 11   // Pagella's space
            let spaces = Double(line.runs.flatMap(\.clusters).filter { $0 >= 0 && PreparedParagraph.isSpace(paragraph.units[$0]) }.count)
            let natural = paragraph.width(from: line.stringRange.lowerBound, to: line.stringRange.upperBound)
                + (lineBreak.kind == .hyphenated ? paragraph.hyphenAdvance(before: paragraph.trimmedEnd(from: line.stringRange.lowerBound, to: lineBreak.end)) : 0)
            ratios.append((width - natural) / max(1, spaces) / spaceWidth)
        }
        return ratios
    }

    /// Fuzz seeds 12866, 14228: a table cell as wide as its word, its measure found from the
    /// table's edges where the table stands, came out 1e-14 pt narrower there than where the
    /// box holding the table was measured, and the word was hyphenated over two lines below
    /// the box's border. A line that much longer than its measure fits it.
    func testALineLongerThanItsMeasureByRoundingFitsIt() throws {
        let word = 40.51582031249999
        // "type-writer,": a hyphen after "type", the last line's end forced.
        let items: [BreakItem] = [.box(15, offset: 0), .penalty(50, width: 3, flagged: true, offset: 4),
                                  .box(word - 15, offset: 4), .penalty(-.infinity, offset: 12)]
        let breaks = try XCTUnwrap(KnuthPlassLineBreaker().breaks(items, lineWidth: { _ in 40.51582031249998 }))
        XCTAssertEqual(breaks.map(\.item), [3], "one line, not broken at the hyphen")
        XCTAssertNil(KnuthPlassLineBreaker().breaks([.box(word + 0.001, offset: 0), .penalty(-.infinity, offset: 12)],
                                                   lineWidth: { _ in word }), "a line longer by more than rounding does not fit")
    }

    func testOptimalBreakingIsEvenerThanFirstFit() throws {
        let prepared = try paragraph(Self.prose)
        for width in [170.0, 200.0, 232.0] {
            let greedy = spaceRatios(prepared, firstFit(prepared, width: width), width: width)
            let best = spaceRatios(prepared, try optimal(prepared, width: width), width: width)
            let worstGreedy = try XCTUnwrap(greedy.max()), worstBest = try XCTUnwrap(best.max())
            XCTAssertLessThan(worstBest, worstGreedy, "at \(width) pt the loosest line is looser when filled first-fit")
            let sumOfSquares: ([Double]) -> Double = { $0.reduce(0) { $0 + $1 * $1 } }
            XCTAssertLessThan(sumOfSquares(best), sumOfSquares(greedy), "at \(width) pt")
        }
    }

    func testWordsAreHyphenatedOnlyWhenTheParagraphCannotBeSetWellWithoutIt() throws {
        let prepared = try paragraph(Self.prose)
        let breaker = ParagraphBreaker(paragraph: prepared, hyphenator: { Hyphenator(language: $0) })
        var parameters = KnuthPlassParameters()
        parameters.tolerance = ParagraphBreaker.firstPassTolerance
        var settableWithoutHyphens = 0, hyphenated = 0
        for width in stride(from: 150.0, through: 500, by: 5) {
            let plain = breaker.items(from: 0, hyphenate: false, justified: true)
            let breaks = try optimal(prepared, width: width)
            if KnuthPlassLineBreaker(parameters: parameters).breaks(plain, lineWidth: { _ in width }) != nil {
                settableWithoutHyphens += 1
                XCTAssertFalse(breaks.contains { $0.kind == .hyphenated }, "no hyphen is needed at \(width) pt")
            } else if breaks.contains(where: { $0.kind == .hyphenated }) {
                hyphenated += 1
            }
        }
        XCTAssertGreaterThan(settableWithoutHyphens, 0)
        XCTAssertGreaterThan(hyphenated, 0)
        // Without hyphenation no word is broken, however narrow.
        let plain = try paragraph(Self.prose, hyphenate: false)
        XCTAssertFalse(try optimal(plain, width: 150).contains { $0.kind == .hyphenated })
    }

    /// A centred line is ragged on both sides, so a line 2 em short is 1 em short at each end:
    /// no reason to break a word (a designer's pull quote, "…neighbourhood's ex- / traordinary
    /// transformation.”" in a box 10 pt wider than the one that set it whole). Wherever the
    /// quote is set in two lines without a hyphen, it is not hyphenated.
    func testACentredParagraphIsNotHyphenatedWhereItsLinesFitWhole() throws {
        let quote = "“Unquestionably the neighbourhood's extraordinary transformation.”"
        let centred = try paragraph(quote, alignment: .center, size: 14)
        let whole = try paragraph(quote, alignment: .center, hyphenate: false, size: 14)
        var checked = 0
        for width in stride(from: 200.0, through: 420, by: 5) {
            let plain = firstFit(whole, width: width)
            guard plain.count == 2 else { continue }
            checked += 1
            XCTAssertFalse(try optimal(centred, width: width).contains { $0.kind == .hyphenated }, "hyphenated at \(width) pt")
        }
        XCTAssertGreaterThan(checked, 5)
    }

    func testEveryLineFitsAndTheBreaksPartitionTheParagraph() throws {
        let prepared = try paragraph(Self.prose)
        for width in [120.0, 150.0, 232.0] {
            var start = 0
            for lineBreak in try optimal(prepared, width: width) {
                XCTAssertGreaterThan(lineBreak.end, start)
                let line = LineBuilder(paragraph: prepared).makeLine(from: start, to: lineBreak, left: 0, available: width)
                XCTAssertLessThanOrEqual(line.width, width + 0.01, "line \(line.stringRange) at \(width)")
                start = lineBreak.end
            }
            XCTAssertEqual(start, prepared.range.upperBound)
        }
    }

    func testRaggedTextBreaksOptimallyWithoutStretchingSpaces() throws {
        let prepared = try paragraph(Self.prose, alignment: .left)
        var start = 0
        for lineBreak in try optimal(prepared, width: 200) {
            let line = LineBuilder(paragraph: prepared).makeLine(from: start, to: lineBreak, left: 0, available: 200)
            let natural = prepared.width(from: start, to: lineBreak.end)
                + (lineBreak.kind == .hyphenated ? prepared.hyphenAdvance(before: prepared.trimmedEnd(from: start, to: lineBreak.end)) : 0)
            XCTAssertEqual(line.width, natural, accuracy: 0.01, "spaces keep their width")
            start = lineBreak.end
        }
    }

    func testAHyphenatedLineShowsAHyphenThatIsNotInTheText() throws {
        let prepared = try paragraph(Self.prose)
        var start = 0
        var found = false
        for lineBreak in try optimal(prepared, width: 150) {
            let line = LineBuilder(paragraph: prepared).makeLine(from: start, to: lineBreak, left: 0, available: 150)
            if lineBreak.kind == .hyphenated {
                found = true
                XCTAssertEqual(line.runs.last?.clusters.last, GlyphRun.generatedHyphen)
                // The word goes on at the next line's start: no character is lost or doubled.
                XCTAssertEqual(line.stringRange.upperBound, lineBreak.end)
                XCTAssertTrue(Hyphenator(language: "en")!.hyphenationPoints(in: Array(Self.wordAround(lineBreak.end, in: prepared).utf16)).count > 0)
            }
            start = lineBreak.end
        }
        XCTAssertTrue(found)
    }

    private static func wordAround(_ offset: Int, in paragraph: PreparedParagraph) -> String {
        var start = offset, end = offset
        let isLetter: (UInt16) -> Bool = { (0x41 ... 0x5A).contains($0) || (0x61 ... 0x7A).contains($0) }
        while start > paragraph.range.lowerBound, isLetter(paragraph.units[start - 1]) { start -= 1 }
        while end < paragraph.range.upperBound, isLetter(paragraph.units[end]) { end += 1 }
        return String(decoding: paragraph.units[start ..< end], as: UTF16.self)
    }

    /// On a paragraph small enough to try every way of breaking it, the algorithm finds the
    /// way with the least demerits (here without fitness classes or hyphens, so that the sum
    /// is easy to state: (line penalty + badness)² per line).
    func testTheAlgorithmFindsTheCheapestOfAllSettings() throws {
        let words: [Double] = [6, 4, 4, 6, 6, 4, 6, 4, 4, 6, 6, 4, 5]
        var items: [BreakItem] = []
        for (index, width) in words.enumerated() {
            items.append(.box(width, offset: index))
            if index < words.count - 1 { items.append(.glue(1, stretch: 1, shrink: 0.5, offset: index + 1)) }
        }
        items.append(.glue(0, stretch: 100_000, shrink: 0, offset: words.count))
        items.append(.penalty(-.infinity, offset: words.count))
        var parameters = KnuthPlassParameters()
        parameters.tolerance = 10_000
        parameters.adjacentFitnessDemerits = 0
        let lineWidth = 15.0
        let found = try XCTUnwrap(KnuthPlassLineBreaker(parameters: parameters).breaks(items, lineWidth: { _ in lineWidth }))

        // Demerits of a line of words[first ..< end], as the algorithm counts them.
        func demerits(_ first: Int, _ end: Int, isLast: Bool) -> Double? {
            let natural = words[first ..< end].reduce(0, +) + Double(end - first - 1)
            let stretch = isLast ? 100_000 : Double(end - first - 1), shrink = Double(end - first - 1) * 0.5
            let ratio = natural <= lineWidth ? (stretch > 0 ? (lineWidth - natural) / stretch : .infinity) : (lineWidth - natural) / shrink
            guard ratio >= -1, ratio.isFinite else { return nil }
            let badness = min(10_000, 100 * abs(ratio * ratio * ratio))
            return (parameters.linePenalty + badness) * (parameters.linePenalty + badness)
        }
        // Every subset of the gaps between words is a setting.
        var best = Double.infinity
        for mask in 0 ..< (1 << (words.count - 1)) {
            var total = 0.0, first = 0, feasible = true
            for end in 1 ... words.count where end == words.count || mask & (1 << (end - 1)) != 0 {
                guard let cost = demerits(first, end, isLast: end == words.count) else { feasible = false; break }
                total += cost
                first = end
            }
            if feasible { best = min(best, total) }
        }
        var total = 0.0, first = 0
        for lineBreak in found {
            let end = items[lineBreak.item].offset
            total += try XCTUnwrap(demerits(first, end, isLast: end == words.count))
            first = end
        }
        XCTAssertEqual(total, best, accuracy: 1e-6, "the breaks found cost no more than the best of all settings")
    }

    /// The nodes one break made (one per fitness class and count of hyphens in a row) start the
    /// same line to each later break: it is measured and rated once for them all, not once a
    /// node. In a narrow column with hyphens and emergency stretch most breaks make several.
    func testALineFromABreakIsRatedOnceForAllTheNodesThatBreakMade() throws {
        let paragraph = try paragraph(Self.prose)
        var effort = KnuthPlassLineBreaker.Effort()
        let breaker = ParagraphBreaker(paragraph: paragraph, hyphenator: { Hyphenator(language: $0) })
        _ = try XCTUnwrap(breaker.breaks(from: 0, widths: [], otherWidth: 70, effort: &effort))
        XCTAssertGreaterThan(effort.startsTried, 2 * effort.nodesMade, "the search tried each node from several breaks")
        XCTAssertLessThan(Double(effort.linesRated), 0.5 * Double(effort.startsTried),
                          "\(effort.linesRated) lines rated for \(effort.startsTried) nodes tried")
    }

    /// A line as wide as its measure to the rounding of floating-point sums fits: widths summed
    /// in another order than the measure was (a decimal table cell's, from where its column
    /// stands) came out a few ulps longer, with no shrink to take it up, and the words were
    /// broken (seeds 1724, 2726, 3294, 3332, 3699, 15004). A line longer by more still does not.
    func testALineAsWideAsItsMeasureToTheRoundingOfItsSumsFits() throws {
        // 0.1 + 0.2 + 0.3 is 0.6000000000000001 in binary floating point, 0.6 is not.
        func items(_ widths: [Double]) -> [BreakItem] {
            var items: [BreakItem] = []
            for (index, width) in widths.enumerated() {
                if index > 0 { items.append(.glue(0, stretch: 1, shrink: 0, offset: index)) }
                items.append(.box(width, offset: index))
            }
            return items + [.glue(0, stretch: 100_000, shrink: 0, offset: widths.count), .penalty(-.infinity, offset: widths.count)]
        }
        let rounded = [0.1, 0.2, 0.3]
        XCTAssertGreaterThan(rounded.reduce(0, +), 0.6)
        let breaker = KnuthPlassLineBreaker()
        let oneLine = try XCTUnwrap(breaker.breaks(items(rounded), lineWidth: { _ in 0.6 }))
        XCTAssertEqual(oneLine.count, 1, "one line, as wide as its measure")
        let longer = try XCTUnwrap(breaker.breaks(items([0.1, 0.2, 0.30001]), lineWidth: { _ in 0.6 }))
        XCTAssertEqual(longer.count, 2, "a line 0.00001 pt too long is broken")
    }

    func testAParagraphsItemsLookItsHyphenationDictionaryUpOnceALanguageNotOnceAWord() throws {
        // Items are built for every search from a line start no search had, trial layouts' too;
        // the dictionary was looked up (its language's name hashed) for every word long enough
        // to hyphenate: 41 look-ups for this paragraph.
        let prepared = try paragraph(Self.prose)
        var lookUps = 0
        let items = ParagraphBreaker(paragraph: prepared, hyphenator: { language in
            lookUps += 1
            return Hyphenator(language: language)
        }).items(from: 0, hyphenate: true, justified: true)
        XCTAssertTrue(items.contains { $0.kind == .penalty && $0.flagged }, "the paragraph's words are hyphenated")
        XCTAssertEqual(lookUps, 1)
    }

    func testLoosenessAsksForOneLineMoreOrLess() throws {
        // TeX's material, spaces alone: the search keeps one node per fitness class, not per
        // line count, so a setting a line longer is found only where one of those survives
        // (as at this width; nothing in typeset asks for looseness). At 232 pt the only one
        // found ended its last words at the fill glue, an empty line after them, which is no
        // break any more (testAForcedLineBreakEndsOneLineNotTwo).
        let prepared = try paragraph(Self.prose, justification: .spacesOnly)
        let items = ParagraphBreaker(paragraph: prepared, hyphenator: { Hyphenator(language: $0) })
            .items(from: 0, hyphenate: true, justified: true)
        var parameters = KnuthPlassParameters()
        parameters.tolerance = 10_000
        let normal = try XCTUnwrap(KnuthPlassLineBreaker(parameters: parameters).breaks(items, lineWidth: { _ in 154 }))
        parameters.looseness = 1
        let looser = try XCTUnwrap(KnuthPlassLineBreaker(parameters: parameters).breaks(items, lineWidth: { _ in 154 }))
        XCTAssertEqual(looser.count, normal.count + 1)
        XCTAssertEqual(Set(looser.map { items[$0.item].offset }).count, looser.count, "a line of the looser setting is empty")
        parameters.looseness = -1
        let tighter = try XCTUnwrap(KnuthPlassLineBreaker(parameters: parameters).breaks(items, lineWidth: { _ in 154 }))
        XCTAssertLessThanOrEqual(tighter.count, normal.count)
    }

    func testAForcedLineBreakEndsOneLineNotTwo() throws {
        // The fill glue before a forced break is no break (TeX's \penalty10000 before
        // \parfillskip): a line ended there left the forced break an empty line of its own,
        // starting where it ended, and a column of those took no text (layout fuzz,
        // crash-balance-no-progress.txt). Asked for a line more, the search found one so at 232 pt.
        let prepared = try paragraph(Self.prose, justification: .spacesOnly)
        let items = ParagraphBreaker(paragraph: prepared, hyphenator: { Hyphenator(language: $0) })
            .items(from: 0, hyphenate: true, justified: true)
        var parameters = KnuthPlassParameters()
        parameters.tolerance = 10_000
        for looseness in [0, 1] {
            parameters.looseness = looseness
            for width in stride(from: 150.0, through: 360, by: 2) {
                let breaks = try XCTUnwrap(KnuthPlassLineBreaker(parameters: parameters).breaks(items, lineWidth: { _ in width }))
                let ends = breaks.map { items[$0.item].offset }
                XCTAssertEqual(ends, ends.sorted(), "width \(width)")
                XCTAssertEqual(Set(ends).count, ends.count, "an empty line at width \(width), looseness \(looseness): \(ends)")
            }
        }
    }
}
