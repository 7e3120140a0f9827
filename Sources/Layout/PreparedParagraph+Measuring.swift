import Breaking

/// Measuring a prepared paragraph for the line breaker, and finding where a word too long
/// for any line may be cut.
extension PreparedParagraph: LineMeasuring {

    /// Index of the first glyph whose character is at or after `offset`.
    @inline(__always)
    func glyphIndex(atOrAfter offset: Int) -> Int {
        glyphLookup.glyphIndex(atOrAfter: offset)
    }

    /// `end` moved back over the white space that would hang at the end of a line. A tab that
    /// ends the paragraph stays where a stop has a leader: it goes to its stop and draws its
    /// leader there, the line of a form (`Signature<TAB>` at `end right leader=_`), as InDesign
    /// draws a right tab's leader at a paragraph's end and LaTeX a `\hrulefill`.
    func trimmedEnd(from start: Int, to end: Int) -> Int {
        var trimmed = min(end, range.upperBound)
        let keepsTab = end >= range.upperBound && hasTabs && tabStops.haveLeader
        while trimmed > start, Self.isSpace(units[trimmed - 1]), !(keepsTab && units[trimmed - 1] == TabLayout.tab) { trimmed -= 1 }
        return trimmed
    }

    /// The width of a line from `start` to `end` at the column's edge (tab stops measured from it).
    func width(from start: Int, to end: Int) -> Double {
        width(from: start, to: end, tabs: .columnEdge)
    }

    /// The width of a line from `start` to `end`, its tabs going to the stops `tabs` says.
    func width(from start: Int, to end: Int, tabs: TabOrigin) -> Double {
        let last = trimmedEnd(from: start, to: end)
        let first = glyphIndex(atOrAfter: start), limit = glyphIndex(atOrAfter: last)
        let natural = hasTabs
            ? TabLayout(paragraph: self, glyphs: first ..< limit, startX: tabs.startX, endX: tabs.endX).width
            : prefixAdvance[limit] - prefixAdvance[first]
        return natural + hyphenAdvance(endingAt: last)
    }

    /// The paragraph measured for the line breaker as a line placed at `tabs` is.
    func measured(at tabs: TabOrigin) -> PlacedMeasure {
        PlacedMeasure(paragraph: self, tabs: tabs)
    }

    /// A paragraph's lines measured where they are placed: tabs make a line's width depend on it.
    struct PlacedMeasure: LineMeasuring {
        let paragraph: PreparedParagraph
        let tabs: TabOrigin

        func width(from start: Int, to end: Int) -> Double {
            paragraph.width(from: start, to: end, tabs: tabs)
        }

        func emergencyBreak(from start: Int, before end: Int, available: Double) -> Int? {
            paragraph.emergencyBreak(from: start, before: end, available: available)
        }
    }

    func emergencyBreak(from start: Int, before end: Int, available: Double) -> Int? {
        let first = glyphIndex(atOrAfter: start)
        let limit = glyphIndex(atOrAfter: end)
        // The last glyph that can start the next line with everything before it fitting.
        var low = first + 1, high = limit
        while low < high {
            let mid = (low + high + 1) / 2
            if prefixAdvance[mid] - prefixAdvance[first] <= available + 1e-9 { low = mid } else { high = mid - 1 }
        }
        // Step back to a cut that keeps clusters and graphemes whole, and fits with the glyph
        // before it standing alone (its kern with the glyph after it given back)…
        func fits(_ glyph: Int) -> Bool {
            clusters[glyph] > start && clusters[glyph] < end && isCut(at: glyph)
                && prefixAdvance[glyph] - prefixAdvance[first] + kernAcrossCut(at: clusters[glyph]) <= available + 1e-9
        }
        let farthest = min(low, limit - 1)
        // …the farthest that leaves as many letters on each side as a hyphen would
        // (`WordCut`: never "Observator" / "y", nor "No" / ".")…
        let cut = WordCut(paragraph: self, word: start ..< end)
        var glyph = farthest
        while glyph > first, !(fits(glyph) && cut.leavesEnoughLetters(at: clusters[glyph])) { glyph -= 1 }
        if glyph > first { return clusters[glyph] }
        // …in a word too short for them ("No." in a sliver of a cell), one that leaves a letter
        // on each side (not "No" / ".")…
        glyph = farthest
        while glyph > first, !(fits(glyph) && cut.leavesALetter(at: clusters[glyph])) { glyph -= 1 }
        if glyph > first { return clusters[glyph] }
        // …in a line too narrow even for that, the farthest cut that fits…
        glyph = farthest
        while glyph > first, !fits(glyph) { glyph -= 1 }
        if glyph > first { return clusters[glyph] }
        // …or, when not even one fits, forward to the first such cut.
        glyph = first + 1
        while glyph < limit, !(clusters[glyph] > start && isCut(at: glyph)) { glyph += 1 }
        return glyph < limit ? clusters[glyph] : nil
    }

    /// Whether a line may be cut before glyph `index`: it starts a new cluster and a new grapheme.
    private func isCut(at index: Int) -> Bool {
        clusters[index] != clusters[index - 1] && startsGrapheme(at: clusters[index])
    }

    /// False where a cut would split what a reader sees as one character: before a combining
    /// mark, a variation selector or a joiner, or after a zero-width joiner.
    private func startsGrapheme(at offset: Int) -> Bool {
        guard let scalar = scalar(at: offset) else { return false }
        if scalar.properties.isGraphemeExtend || scalar.value == 0x200D { return false }
        if offset > range.lowerBound, units[offset - 1] == 0x200D { return false }
        return true
    }

    private func scalar(at offset: Int) -> Unicode.Scalar? {
        let unit = units[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < range.upperBound {
            return Unicode.Scalar(UTF16.decode(UTF16.EncodedScalar([unit, units[offset + 1]])).value)
        }
        return Unicode.Scalar(UInt32(unit))
    }
}
