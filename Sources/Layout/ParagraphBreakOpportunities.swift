import Breaking
import Text

/// Where the layout may end a line in one paragraph, in one place: ICU's opportunities (UAX #14)
/// for its language, with typography's changes (no line starts with a closing mark or a dash
/// that stands apart, `word — word`; none inside notation, `⟨E⟩T` or `49 700`; breaks inside
/// addresses), none inside `<nobr>`, inside a drop cap's initial and the spaces after it, nor at
/// or after the tab of an entry row (EntryRow). `PreparedParagraph` breaks its lines at these;
/// the page checker reads a line's words by them (a word is what no line breaks inside).
struct ParagraphBreakOpportunities {
    var opportunities: BreakOpportunities
    /// The opportunities inside URLs and e-mail addresses (see `PreparedParagraph`).
    var addressBreaks: Set<Int>
    var addressStarts: Set<Int>
    /// The drop cap's initial's characters, when the paragraph has one.
    var initialCharacters: (range: Range<Int>, hiddenEnd: Int)?

    /// The opportunities of the paragraph whose content (its terminator excluded) is `range`,
    /// read from `units`, its characters (`text.storage[range]`, which a text kept a byte a
    /// unit copies: the caller's copy is read); `text` borrowed, not copied for the call (an
    /// initialiser's arguments are otherwise the callee's own: the text's arrays retained and
    /// released, some 700 instructions a paragraph).
    init(text: borrowing AttributedText, units: TextUnitSlice, content range: Range<Int>, style: ParagraphStyle) {
        let language = text.length > 0 ? text.sharedAttributes(at: min(range.lowerBound, text.length - 1)).value.language : "en"
        let found = BreakOpportunities.find(in: units, locale: language)
        initialCharacters = style.dropCap.isOn ? InitialLetter.characters(of: units, isAnchor: { offset in
            text.attributes(at: offset).attributes.image?.isSetApart ?? false
        }) : nil
        // No line ends inside the initial or the spaces after it: the first line starts past them.
        let initialSpan = initialCharacters.map { [range.lowerBound ..< min($0.hiddenEnd + 1, range.upperBound)] } ?? []
        // Typography's changes to ICU's opportunities first, so that <nobr> wins over an address's breaks.
        let typographic = BreakOpportunities(offsets: found.offsets.map { $0 + range.lowerBound }, mandatory: found.mandatory)
            .movingHardBreaksPastSpaces(in: units)
            .removingBreaksBeforeClosingPunctuation(in: units)
            .removingBreaksInsideNotation(in: units)
            .addingAddressBreaks(in: units)
        let entryEnd = EntryRow.unbreakableEnd(of: units, content: range, style: style).map { [$0] } ?? []
        opportunities = Self.removingBreaks(inside: text.attributeRanges(in: range) { $0.noBreak } + initialSpan + entryEnd,
                                            from: typographic.opportunities)
        addressBreaks = Set(typographic.addressBreaks)
        addressStarts = Set(typographic.addressStarts)
    }

    /// Drops the opportunities strictly inside a no-break span (its ends still break).
    private static func removingBreaks(inside spans: [Range<Int>], from found: BreakOpportunities) -> BreakOpportunities {
        guard !spans.isEmpty else { return found }
        var kept = BreakOpportunities(offsets: [], mandatory: [])
        for (offset, mandatory) in zip(found.offsets, found.mandatory) {
            if !mandatory, spans.contains(where: { $0.lowerBound < offset && offset < $0.upperBound }) { continue }
            kept.offsets.append(offset)
            kept.mandatory.append(mandatory)
        }
        return kept
    }
}

extension AttributedText {
    /// Where the layout may start a new line in the paragraph holding `offset`, after its start,
    /// in order, each saying whether a line must start there (`<br>`, the paragraph's end): what
    /// parts its words, as the line breaker reads them (`ParagraphBreakOpportunities`).
    public func lineBreaks(inParagraphOf offset: Int) -> [(offset: Int, isMandatory: Bool)] {
        let paragraph = paragraphRange(containing: offset)
        var contentEnd = paragraph.upperBound
        if contentEnd > paragraph.lowerBound, Self.isParagraphEnd(storage[contentEnd - 1]) { contentEnd -= 1 }
        let found = ParagraphBreakOpportunities(text: self, units: storage[paragraph.lowerBound ..< contentEnd],
                                                content: paragraph.lowerBound ..< contentEnd,
                                                style: paragraphStyle(at: paragraph.lowerBound)).opportunities
        return Array(zip(found.offsets, found.mandatory)).map { (offset: $0.0, isMandatory: $0.1) }
    }
}
