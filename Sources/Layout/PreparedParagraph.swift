import Breaking
import Fonts
import Shaping
import Text

/// A paragraph shaped once and then measured and cut into lines as often as needed: every
/// glyph with its advance and source offset (parallel arrays, no per-glyph objects), the
/// style runs, and the break opportunities.
final class PreparedParagraph {
    /// An item as shaped: its glyphs are `glyphRange` of the paragraph's arrays, in logical order
    /// even when the item is right to left (HarfBuzz's visual order is reversed when stored, so
    /// that a range of characters is always a range of glyphs).
    struct StyleRun {
        var range: Range<Int>
        var glyphRange: Range<Int>
        var font: Font
        /// The text's copy of the run's attributes, shared, not copied (`Shared`).
        let sharedAttributes: Shared<TextAttributes>
        var attributes: TextAttributes { sharedAttributes.value }
        var metrics: LineMetrics
        /// Bidi embedding level: odd runs right to left.
        var level: UInt8
        /// The hyphen shown where a line breaks at a soft hyphen in this run.
        var hyphen: (glyph: UInt32, advance: Double)?
        /// Whether the run's letters may be spaced and its glyphs scaled to justify a line
        /// (see JustificationGives): text of an alphabet whose letters stand apart, in an
        /// outline face.
        var givesLetters = false

        var isRightToLeft: Bool { level & 1 == 1 }
    }

    static let softHyphen: UInt16 = 0xAD

    /// The paragraph's characters, without its terminator.
    let range: Range<Int>
    let terminatorLength: Int
    /// Its style, the one copy the text's runs share: a paragraph's own copy cost some 1,700
    /// instructions (its fields retained, and released with the paragraph), and its lines read
    /// a few of its fields.
    let sharedStyle: Shared<ParagraphStyle>
    var style: ParagraphStyle { sharedStyle.value }
    let opportunities: BreakOpportunities
    /// The opportunities inside URLs and e-mail addresses, which cost more than a space (see
    /// ParagraphBreaker).
    let addressBreaks: Set<Int>
    /// Where URLs and e-mail addresses start: a line may end short before one (see
    /// `lineEndStretch(breakingAt:)`).
    let addressStarts: Set<Int>
    /// The text, indexed by absolute UTF-16 offsets.
    let units: TextUnitSlice

    // Constants once shaped: reading them costs no exclusivity checks on the hot path.
    let glyphIDs: [UInt32]
    let advances: [Double]
    /// Each glyph's offsets; empty when no glyph has one (`GlyphColumnPointers.xOffset(_:)`).
    let xOffsets: [Double]
    let yOffsets: [Double]
    let clusters: [Int]
    /// `prefixAdvance[i]` is the advance of glyphs 0..<i.
    let prefixAdvance: [Double]
    /// The first glyph of each character (see `glyphIndex(atOrAfter:)`).
    let glyphLookup: GlyphLookup
    let styleRuns: [StyleRun]
    /// The paragraph's bidi levels and direction.
    let bidi: BidiParagraph
    /// Where CJK text may stretch or shrink between two characters when justified (by the
    /// offset of the character after the gap).
    let interCharacterGaps: InterCharacterGaps
    /// Most of its text is Chinese or Japanese, broken between characters (IdeographicText).
    let isMostlyIdeographic: Bool
    /// Metrics of an empty paragraph (its terminator's font).
    let emptyMetrics: LineMetrics
    /// How far the ink of any of its lines may reach above and below the baseline: its glyphs'
    /// (a hyphen added at a break's too), raised or lowered with their runs, and its pictures'
    /// boxes. What `LineSkip` looks at before it looks at any glyph.
    let inkReach: InkReach
    /// Some of its text is tracked (`<font tracking>`): the letter at a line's right end leaves
    /// its tracking out (LineEndTracking). Most paragraphs have none, and look no further.
    let isTracked: Bool
    /// Tabs make a line's width depend on where it starts, so such paragraphs are measured
    /// glyph by glyph (see TabLayout) instead of by prefix sums.
    let hasTabs: Bool
    /// The style's tab stops in order of place, sorted once.
    let tabStops: TabStops
    /// Every tab comes before the paragraph's first break opportunity (a list item's marker
    /// and tab): the line breaker measures that stretch as one box (see ParagraphBreaker).
    let tabsOnlyBeforeFirstBreak: Bool
    /// The offset of the tab before an entry row's number (`EntryRow.numberTab`), which goes to
    /// the stop at the line's end on whatever line of the row it falls; nil: no such row.
    let entryRowTab: Int?
    /// The drop cap's initial, when the paragraph has one: its glyphs in the paragraph's arrays
    /// are kept with no advance, and the first line shows none of them (see LineBuilder).
    let initial: InitialLetter?
    /// The bytes of its arrays that grow with its glyphs and characters (glyph ids, advances,
    /// offsets, clusters, the lookup from characters to glyphs, break opportunities, style
    /// runs): what `ParagraphCache` counts against its budget. 35 bytes a glyph of the book.
    /// When its cache was last asked for it (`ParagraphCache`'s count of asks): the paragraph
    /// asked for longest ago is the first dropped past the cache's budget.
    var lastAsked = 0
    let heldBytes: Int
    /// Style runs looked at by the lines built from the paragraph (see LineBuilder): the tests
    /// check that it grows with the runs, not with runs × lines.
    var styleRunsVisited = 0

    var fullRange: Range<Int> { range.lowerBound ..< range.upperBound + terminatorLength }

    /// - Parameter text: borrowed: an initialiser's argument is otherwise copied for the call
    ///   (its arrays retained and released, some 700 instructions a paragraph).
    /// - Parameter glyphs: where the glyphs are gathered while shaping (ParagraphCache lends
    ///   the same columns to every paragraph it prepares).
    init(text: borrowing AttributedText, range: Range<Int>, fonts: FontTable, itemizer: TextItemizer, shaper: Shaper,
         glyphs: GlyphColumns = GlyphColumns()) {
        let storage = text.storage
        var contentEnd = range.upperBound
        if contentEnd > range.lowerBound, AttributedText.isParagraphEnd(storage[contentEnd - 1]) { contentEnd -= 1 }
        self.range = range.lowerBound ..< contentEnd
        terminatorLength = range.upperBound - contentEnd
        let shared = text.sharedParagraphStyle(at: range.lowerBound)
        sharedStyle = shared
        tabStops = TabStops(shared.value)
        units = storage[range.lowerBound ..< contentEnd]
        if text.length > 0 {
            let attributes = text.sharedAttributes(at: min(range.lowerBound, text.length - 1))
            emptyMetrics = Self.lineMetrics(fonts.font(for: attributes.value), size: attributes.value.fontSize)
        } else {
            emptyMetrics = Self.lineMetrics(fonts.fallback, size: 12)
        }
        let breaks = ParagraphBreakOpportunities(text: text, units: units, content: self.range, style: shared.value)
        let initialCharacters = breaks.initialCharacters
        opportunities = breaks.opportunities
        addressBreaks = breaks.addressBreaks
        addressStarts = breaks.addressStarts
        // A list item's tab comes before its first break: the rest of the paragraph can be
        // broken optimally, its first line measured with the tab stop (see ParagraphBreaker).
        // A table's row has a tab after a break ("Rowing<TAB>crew<TAB>12.5", with no space),
        // and is filled first-fit, each line measured with its tab stops.
        // Most paragraphs have no tab.
        hasTabs = UnitScan.contains(0x09, or: 0x09, in: units)
        if hasTabs {
            let start = range.lowerBound, end = units.endIndex
            let firstBreak = min(opportunities.offsets.first { $0 > start } ?? end, end)
            entryRowTab = EntryRow.numberTab(in: units, style: shared.value)
            // An entry row is filled first-fit, even with a title of one word: a row too wide
            // for its line then breaks before its tab (EntryRow.breaks), not inside a word.
            tabsOnlyBeforeFirstBreak = entryRowTab == nil && !units[firstBreak...].contains(0x09)
        } else {
            tabsOnlyBeforeFirstBreak = true
            entryRowTab = nil
        }
        bidi = BidiParagraph(units, direction: shared.value.direction, unitsBelowU0100: storage.isNarrow)
        glyphs.start(expecting: units.count)
        var runs: [StyleRun] = []
        let items = itemizer.items(of: text, in: self.range, units: units, bidi: bidi)
        let mainFace = Self.mainFace(of: items)
        for item in items {
            // A fallback face sets the line height only where it sets most of the paragraph
            // (Chinese prose); a few foreign words or an emoji in a paragraph take the metrics of
            // the face asked for, so that its lines stay evenly spaced.
            // Spaces and punctuation take the main face's metrics whatever face sets them: in Hebrew
            // set in a fallback face, a line's height must not depend on whether it holds a space
            // of the face asked for.
            let metricsFace = Self.isNeutral(units[item.range]) ? mainFace ?? item.font
                : item.font === item.requestedFont || item.font === mainFace ? item.font : item.requestedFont
            runs.append(Self.shape(item, metricsFace: metricsFace, of: units, shaper: shaper, apartFrom: initialCharacters?.range,
                                   spacing: shared.value.justification, into: glyphs))
        }
        if let initialCharacters, let textRun = runs.first(where: { $0.range.contains(initialCharacters.range.upperBound - 1) }),
           textRun.attributes.runDelegate == nil {
            initial = InitialLetter(characters: initialCharacters, of: units, dropCap: shared.value.dropCap, textRun: textRun,
                                    rightToLeft: bidi.isRightToLeft, fonts: fonts, shaper: shaper)
            glyphs.removeAdvances(before: initialCharacters.hiddenEnd)
        } else {
            initial = nil
        }
        let shaped = glyphs.copiedOut()
        glyphIDs = shaped.ids
        advances = shaped.advances
        xOffsets = shaped.xOffsets
        yOffsets = shaped.yOffsets
        clusters = shaped.clusters
        prefixAdvance = shaped.prefixAdvances
        glyphLookup = GlyphLookup(clusters: clusters, range: self.range)
        styleRuns = runs
        isTracked = runs.contains { $0.attributes.tracking != 0 }
        inkReach = Self.inkReach(of: runs, glyphIDs: glyphIDs, yOffsets: yOffsets)
        // A text kept a byte a character has no character from U+0100 on, so no ideograph to
        // look for: each scan read every character of every paragraph (some 1,700 instructions
        // a verse of the book). BidiParagraph skips its scan for right-to-left text so too.
        let mayHoldIdeographs = !storage.isNarrow
        interCharacterGaps = shared.value.alignment == .justify && mayHoldIdeographs
            ? InterCharacterGap.find(in: units, runs: runs, clusters: clusters) : InterCharacterGaps()
        isMostlyIdeographic = mayHoldIdeographs && IdeographicText.isMostlyIdeographic(units)
        heldBytes = glyphIDs.capacity * MemoryLayout<UInt32>.stride
            + (advances.capacity + xOffsets.capacity + yOffsets.capacity + prefixAdvance.capacity) * MemoryLayout<Double>.stride
            + clusters.capacity * MemoryLayout<Int>.stride + glyphLookup.heldBytes
            + opportunities.offsets.capacity * MemoryLayout<Int>.stride + opportunities.mandatory.capacity * MemoryLayout<Bool>.stride
            + styleRuns.capacity * MemoryLayout<StyleRun>.stride + interCharacterGaps.heldBytes
    }

    /// How far the ink of `runs` reaches (see `inkReach`); a glyph's `yOffsets` raises it.
    private static func inkReach(of runs: [StyleRun], glyphIDs: [UInt32], yOffsets: [Double]) -> InkReach {
        var reach = InkReach.none
        for run in runs {
            if let delegate = run.attributes.runDelegate {
                reach.add(above: delegate.ascent, below: delegate.descent)
                continue
            }
            run.font.forEachInk(of: glyphIDs[run.glyphRange], size: run.attributes.fontSize) { index, ink in
                let yOffset = yOffsets.isEmpty ? 0 : yOffsets[index]
                reach.add(above: yOffset - ink.minY, below: ink.maxY - yOffset)
            }
            // A hyphen added at a break stands on the baseline (LineBuilder).
            if let hyphen = run.hyphen {
                run.font.forEachInk(of: [hyphen.glyph][...], size: run.attributes.fontSize) { _, ink in
                    reach.add(above: -ink.minY, below: ink.maxY)
                }
            }
        }
        return reach
    }

    /// Lines are at least this many times the font size apart. Faces such as TeX Gyre
    /// Pagella declare no line gap (ascent + descent ≈ 1.0 em), which sets type solid;
    /// 120 % is the usual book and CSS "normal" minimum (TeX's 10 pt on 12 pt).
    static let minimumLineSpacing = 1.2

    static func lineMetrics(_ font: Font, size: Double) -> LineMetrics {
        var metrics = font.metrics(at: size)
        metrics.leading = max(metrics.leading, minimumLineSpacing * size - metrics.ascent - metrics.descent)
        return metrics
    }

    // MARK: Shaping

    static func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0xA0 || unit == 0x3000
    }

    /// Whether `units` hold no letter, digit or symbol of a script: only spaces and punctuation.
    private static func isNeutral(_ units: TextUnitSlice) -> Bool {
        units.allSatisfy { unit in
            guard let scalar = Unicode.Scalar(unit) else { return false }
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                 .initialPunctuation, .finalPunctuation, .otherPunctuation:
                return true
            default:
                return false
            }
        }
    }

    /// The face that sets most of the paragraph's characters (the first such when tied).
    private static func mainFace(of items: [TextItem]) -> Font? {
        // A paragraph of one item (most) has its face; the items' fields are read where they lie,
        // not copied with their attributes.
        if items.count == 1 { return items[0].attributes.runDelegate == nil ? items[0].font : nil }
        var counts: [(font: Font, characters: Int)] = []
        for index in items.indices where items[index].attributes.runDelegate == nil {
            let font = items[index].font, characters = items[index].range.count
            if let known = counts.firstIndex(where: { $0.font === font }) {
                counts[known].characters += characters
            } else {
                counts.append((font, characters))
            }
        }
        return counts.max { $0.characters < $1.characters }?.font
    }

    /// - Parameters:
    ///   - initial: a drop cap's characters, shaped apart from the word they open so that
    ///     no ligature or kerning joins them to the letters the first line shows, but in its
    ///     context, so that the letters of a joining script keep their forms (see InitialLetter);
    ///   - spacing: the paragraph's justification ranges: the advances are stored at their
    ///     desired values (spaces, letter spacing, glyph scale), what every line starts from.
    private static func shape(_ item: TextItem, metricsFace: Font, of units: TextUnitSlice, shaper: Shaper, apartFrom initial: Range<Int>?,
                              spacing: Justification, into glyphs: GlyphColumns) -> StyleRun {
        let runRange = item.range, attributes = item.attributes, font = item.font
        let givesLetters = attributes.runDelegate == nil && !font.hasColorBitmaps && JustificationGives.spacesLetters(item.script)
        let glyphStart = glyphs.count
        let metrics: LineMetrics
        if let delegate = attributes.runDelegate {
            metrics = LineMetrics(ascent: delegate.ascent, descent: delegate.descent, leading: 0)
            for offset in runRange {
                // One placeholder glyph per picture, so that measuring treats it like any other.
                glyphs.append(id: 0, advance: units[offset] == AttributedText.objectReplacementCharacter ? delegate.width : 0,
                            xOffset: 0, yOffset: 0, cluster: offset)
            }
        } else {
            // A raised run needs room above the baseline, a lowered one below it.
            var raised = Self.lineMetrics(metricsFace, size: attributes.fontSize)
            raised.ascent = max(0, raised.ascent + attributes.baselineOffset)
            raised.descent = max(0, raised.descent - attributes.baselineOffset)
            metrics = raised
            let scale = font.scale(for: attributes.fontSize)
            let features = FeatureSet(attributes)
            let glyphScale = givesLetters ? spacing.glyphScaling.desired / 100 : 1
            let tracking = attributes.tracking * attributes.fontSize
            let letterSpace = givesLetters ? spacing.letterSpacing.desired / 100 * attributes.fontSize : 0
            let spaceScale = spacing.wordSpacing.desired / 100
            // Shape word by word (spaces apart) so that each distinct word is shaped once; the
            // context is the run's, resolved once.
            let context = shaper.context(font: font, language: attributes.language, features: features, script: item.script,
                                         rightToLeft: item.isRightToLeft)
            // The run's text is read through a pointer, word after word, rather than sliced
            // (and the slice retained) for each word.
            Self.shapingText(units[runRange]).withUnsafeBufferPointer { runText in
                /// Stores the glyphs of the word at `wordStart`, in logical order.
                func store(_ shaped: UnsafeBufferPointer<ShapedGlyph>, of wordStart: Int, startsWithSpace: Bool) {
                    // Right-to-left glyphs come in visual order: walk them backwards to store them logically.
                    let count = shaped.count
                    for position in 0 ..< count {
                        let index = item.isRightToLeft ? count - 1 - position : position
                        let next = item.isRightToLeft ? index - 1 : index + 1
                        let glyph = shaped[index]
                        // Letter spacing goes after each character: after the last glyph of a cluster.
                        let endsCluster = next < 0 || next >= count || shaped[next].cluster != glyph.cluster
                        let advance = Double(glyph.advance) * scale
                        glyphs.append(id: glyph.id,
                                      advance: (startsWithSpace ? advance * spaceScale : advance * glyphScale + (endsCluster ? letterSpace : 0))
                                          + (endsCluster ? tracking : 0),
                                      xOffset: Double(glyph.xOffset) * scale * (startsWithSpace ? 1 : glyphScale),
                                      yOffset: Double(glyph.yOffset) * scale + attributes.baselineOffset,
                                      cluster: wordStart + Int(glyph.cluster))
                    }
                }
                // Half the words of prose are one space: its glyph, the same for every such word
                // of the run, is looked up in the shaper's table once a run, not at each space.
                var space: ShapedGlyph?
                var wordStart = runRange.lowerBound
                // Words are cut where the text read through the pointer changes between spaces and
                // the rest: a tab is a space there as in the text, a line separator in neither.
                let isSpace = { (offset: Int) in Self.isSpace(runText[offset - runRange.lowerBound]) }
                let initialEnd = initial?.upperBound ?? -1
                let initialWord = initial.map { InitialLetter.word(around: $0, in: units) }
                let initialWordText = initialWord.map { Self.shapingText(units[$0]) }
                while wordStart < runRange.upperBound {
                    let startsWithSpace = isSpace(wordStart)
                    var wordEnd = wordStart + 1
                    while wordEnd < runRange.upperBound, isSpace(wordEnd) == startsWithSpace, wordEnd != initialEnd {
                        wordEnd += 1
                    }
                    let word = UnsafeBufferPointer(rebasing: runText[wordStart - runRange.lowerBound ..< wordEnd - runRange.lowerBound])
                    let isOneSpace = word.count == 1 && word[0] == 0x20
                    if isOneSpace, let known = space {
                        withUnsafePointer(to: known) { store(UnsafeBufferPointer(start: $0, count: 1), of: wordStart, startsWithSpace: true) }
                    } else if let initialWord, let initialWordText, !startsWithSpace, wordStart == initialEnd || wordEnd == initialEnd {
                        // The initial and the rest of its word, each with the other as context.
                        let piece = wordStart - initialWord.lowerBound ..< wordEnd - initialWord.lowerBound
                        shaper.withGlyphs(of: piece, inWord: initialWordText, in: context) { shaped in
                            store(shaped, of: wordStart, startsWithSpace: false)
                        }
                    } else {
                        shaper.withGlyphs(of: word, in: context) { shaped in
                            if isOneSpace, shaped.count == 1 { space = shaped[0] }
                            store(shaped, of: wordStart, startsWithSpace: startsWithSpace)
                        }
                    }
                    wordStart = wordEnd
                }
            }
        }
        var hyphen: (glyph: UInt32, advance: Double)?
        if attributes.runDelegate == nil {
            shaper.withGlyphs(of: Self.hyphenText[...], font: font, language: attributes.language) { shaped in
                if shaped.count == 1 {
                    hyphen = (shaped[0].id, Double(shaped[0].advance) * font.scale(for: attributes.fontSize)
                                                * (givesLetters ? spacing.glyphScaling.desired / 100 : 1))
                }
            }
        }
        return StyleRun(range: runRange, glyphRange: glyphStart ..< glyphs.count, font: font,
                        sharedAttributes: item.sharedAttributes, metrics: metrics, level: item.level, hyphen: hyphen,
                        givesLetters: givesLetters)
    }

    /// The hyphen shown where a line is broken inside a word.
    private static let hyphenText: [UInt16] = [0x2D]

    /// The text HarfBuzz is given: a tab is shaped as a space (tab stops set its advance when
    /// the line is laid out), and a line separator, which ends the line, as an invisible
    /// zero-width space, so neither shows the font's missing-glyph box. Same length, so
    /// clusters are unchanged.
    static func shapingText(_ text: TextUnitSlice) -> TextUnitSlice {
        guard UnitScan.contains(0x09, or: 0x2028, in: text) else { return text }
        return TextUnitSlice(text.map { $0 == 0x09 ? 0x20 : $0 == 0x2028 ? 0x200B : $0 }, at: text.startIndex)
    }

    /// The style run holding character `offset`. (Runs are in the text's order: a binary search,
    /// since a paragraph may have many thousands.)
    func styleRun(containing offset: Int) -> StyleRun? {
        styleRunIndex(containing: offset).map { styleRuns[$0] }
    }

    /// The index of the style run holding character `offset`: for a caller that reads one field
    /// where it lies (a StyleRun copied retains its face and attributes).
    func styleRunIndex(containing offset: Int) -> Int? {
        var low = 0, high = styleRuns.count
        while low < high {
            let mid = (low + high) / 2
            if styleRuns[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low < styleRuns.count && styleRuns[low].range.contains(offset) ? low : nil
    }

    /// Index of the first style run with glyphs at or after glyph `index`.
    func styleRunIndex(endingAfterGlyph index: Int) -> Int {
        var low = 0, high = styleRuns.count
        while low < high {
            let mid = (low + high) / 2
            if styleRuns[mid].glyphRange.upperBound <= index { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// How far short of its measure a justified line may end: a line that starts or ends inside
    /// a URL or an e-mail address, or just before one, ends ragged by up to `addressLineEndEms`
    /// rather than spacing out its few words (an address piece may have no space at all to
    /// stretch, and its first piece may not fit on the line before). Zero for other lines.
    func raggedEnd(ofLineFrom start: Int, to end: Int) -> Double {
        max(lineEndStretch(breakingAt: start), lineEndStretch(breakingAt: end))
    }

    /// The ragged end a line may have for its break at `offset` (see `raggedEnd(ofLineFrom:to:)`).
    func lineEndStretch(breakingAt offset: Int) -> Double {
        guard addressBreaks.contains(offset) || addressStarts.contains(offset) else { return 0 }
        return Self.addressLineEndEms * (styleRunIndex(containing: offset - 1).map { styleRuns[$0].attributes.fontSize } ?? 0)
    }

    /// See `raggedEnd(ofLineFrom:to:)`.
    static let addressLineEndEms = 6.0

    /// The width a hyphen adds when a line ends at `end` right after a soft hyphen.
    func hyphenAdvance(endingAt end: Int) -> Double {
        guard end > range.lowerBound, end <= range.upperBound, units[end - 1] == Self.softHyphen else { return 0 }
        return hyphenAdvance(before: end)
    }

    /// The width of the hyphen shown when a line is broken inside a word at `offset`.
    func hyphenAdvance(before offset: Int) -> Double {
        guard offset > range.lowerBound else { return 0 }
        return styleRunIndex(containing: offset - 1).flatMap { styleRuns[$0].hyphen?.advance } ?? 0
    }

}
