import Text

/// The typographer's changes to ICU's break opportunities, in one place: breaks added inside
/// URLs and e-mail addresses, and breaks taken away before closing punctuation. Offsets are
/// indices of the `units` given (absolute text offsets when it is a slice of the text).
extension BreakOpportunities {
    /// These opportunities with those strictly inside each URL or e-mail address replaced by
    /// the address's own (see URLTokens); the added offsets, which the breaker costs as
    /// address breaks; and where each address starts (with the brackets or quotes before it),
    /// where a line may end short rather than spaced out. A hard break inside an address stays.
    public func addingAddressBreaks(in units: TextUnitSlice)
        -> (opportunities: BreakOpportunities, addressBreaks: [Int], addressStarts: [Int]) {
        let tokens = URLTokens.find(in: units)
        guard !tokens.isEmpty else { return (self, [], []) }
        var result = BreakOpportunities(offsets: [], mandatory: [])
        var added: [Int] = []
        var index = 0
        for token in tokens {
            while index < offsets.count, offsets[index] <= token.lowerBound {
                result.append(offsets[index], mandatory: mandatory[index])
                index += 1
            }
            var tokenBreaks = URLTokens.breaks(in: token, of: units)[...]
            while index < offsets.count, offsets[index] < token.upperBound {
                while let next = tokenBreaks.first, next < offsets[index] {
                    result.append(next, mandatory: false)
                    added.append(next)
                    tokenBreaks.removeFirst()
                }
                if mandatory[index] {
                    result.append(offsets[index], mandatory: true)
                    if tokenBreaks.first == offsets[index] { tokenBreaks.removeFirst() }
                }
                index += 1
            }
            for next in tokenBreaks {
                result.append(next, mandatory: false)
                added.append(next)
            }
        }
        while index < offsets.count {
            result.append(offsets[index], mandatory: mandatory[index])
            index += 1
        }
        return (result, added, tokens.map { URLTokens.start(ofTokenAround: $0, in: units) })
    }

    /// These opportunities less those that would start a line with a closing quotation mark
    /// or a dash that closes or stands apart (`word — word`, `word—,`): the mark stays at the
    /// end of the line before; and less those that would end a line with a dash that opens. A
    /// mark after a space and before a letter or digit opens something (`“Yes`, Swedish `”Ja`,
    /// `—Non`, French `«\u{202F}Oui`) and may start a line, as may a dash after the end of a
    /// sentence (`friends? — Lonely`). Unspaced dashes between words pair up within a sentence
    /// (`why—or when—she`): the first of a pair may start a line, the second may not. A spaced
    /// separator (`Report · Output`, `Editor | Layout`) stays at the end of the line before, as
    /// a spaced dash does and as `/` does by ICU's rules.
    public func removingBreaksBeforeClosingPunctuation(in units: TextUnitSlice) -> BreakOpportunities {
        // Every break taken away is next to a closing mark (the dashes are among them) or a
        // separator: a paragraph without one keeps its opportunities, told by one look at each character.
        guard Self.holdsLineEndMark(units) else { return self }
        let closingDashes = units.contains(where: Self.isDash) ? Self.closingUnspacedDashes(in: units) : []
        return removingOptionalBreaks { offset in
            closingDashes.contains(offset) || Self.startsLineBadly(at: offset, in: units) || Self.endsLineBadly(at: offset, in: units)
        }
    }

    /// These opportunities with each hard line break (`<br>`, U+2028) moved past the spaces
    /// after it, which then end its line and hang there unseen, as at any other break, instead
    /// of starting the next line a space to the right (and past its column's edge when the
    /// line is full): TeX discards the glue after a break, CSS the spaces at a line's start.
    /// ICU breaks only after them (UAX #14 LB4 and LB7). A tab after it stays: it goes to a stop.
    public func movingHardBreaksPastSpaces(in units: TextUnitSlice) -> BreakOpportunities {
        guard mandatory.contains(true) else { return self }
        var result = BreakOpportunities(offsets: [], mandatory: [])
        for (offset, isMandatory) in zip(offsets, mandatory) {
            var moved = offset
            while isMandatory, moved < units.endIndex, units[moved] == 0x20 { moved += 1 }
            // The opportunity ICU gives after those spaces is now the hard break's own.
            if let last = result.offsets.last, last >= moved { continue }
            result.append(moved, mandatory: isMandatory)
        }
        return result
    }

    /// Whether `units` hold a closing mark or a separator. Every one is past `{` (U+007B): the largest
    /// unit is found first, by a loop without an early exit that the compiler makes vector
    /// instructions of, and text below (most prose in a Latin script) is not looked at again.
    static func holdsLineEndMark(_ units: TextUnitSlice) -> Bool {
        units.withUnsafeBufferPointer { units in
            var largest: UInt16 = 0
            for unit in units { largest = max(largest, unit) }
            guard largest > 0x7B else { return false }
            for unit in units where unit > 0x7B && isLineEndMark(unit) { return true }
            return false
        }
    }

    /// Whether a line starting at `offset` would start with a closing mark or a spaced separator.
    static func startsLineBadly(at offset: Int, in units: TextUnitSlice) -> Bool {
        guard offset > units.startIndex, offset < units.endIndex else { return false }
        let afterSpace = isSpace(units[offset - 1])
        if isSeparator(units[offset]) { return afterSpace && offset + 1 < units.endIndex && isSpace(units[offset + 1]) }
        guard isClosingMark(units[offset]) else { return false }
        // A no-break space may part an opening mark from its word (French `«\u{202F}Oui`).
        var next = offset + 1
        while next < units.endIndex, isNoBreakSpace(units[next]) { next += 1 }
        let beforeWord = next < units.endIndex && isLetterOrDigit(units[next])
        if afterSpace && beforeWord { return false }
        // An unspaced dash between words opens or closes by its place in a pair (see
        // `closingUnspacedDashes`); before anything else it closes.
        if !afterSpace, isDash(units[offset]) { return !beforeWord }
        // A dash after the end of a sentence introduces what follows (`friends? — Lonely`).
        return !(afterSpace && isDash(units[offset]) && followsSentenceEnd(offset, in: units))
    }

    /// Whether the last mark before the spaces ending at `offset` ends a sentence, a closing
    /// quotation mark after it included (`?” — `).
    private static func followsSentenceEnd(_ offset: Int, in units: TextUnitSlice) -> Bool {
        var index = offset - 1
        while index > units.startIndex, isSpace(units[index]) { index -= 1 }
        if index > units.startIndex, [0x201D, 0x2019, 0xBB, 0x22].contains(units[index]) { index -= 1 }
        return [0x2E, 0x21, 0x3F, 0x2026].contains(units[index])
    }

    /// The offsets of the unspaced dashes between words that close a pair in their sentence
    /// (`why—or when—she`: the second), found in one pass.
    static func closingUnspacedDashes(in units: TextUnitSlice) -> Set<Int> {
        var closing: Set<Int> = []
        var open = false
        for index in units.indices {
            let unit = units[index]
            if unit == 0x2E || unit == 0x21 || unit == 0x3F || unit == 0x2026 || unit == 0x0A || unit == 0x2029 {
                open = false
            } else if isDash(unit), index > units.startIndex, index + 1 < units.endIndex,
                      isLetterOrDigit(units[index - 1]), isLetterOrDigit(units[index + 1]) {
                if open { closing.insert(index) }
                open.toggle()
            }
        }
        return closing
    }

    /// Whether a line ending at `offset` would end with a dash that opens a phrase (`dit —|Non`).
    static func endsLineBadly(at offset: Int, in units: TextUnitSlice) -> Bool {
        guard offset - 1 > units.startIndex, offset < units.endIndex, isDash(units[offset - 1]) else { return false }
        return isSpace(units[offset - 2]) && isLetterOrDigit(units[offset])
    }

    static func isDash(_ unit: UInt16) -> Bool { unit == 0x2014 || unit == 0x2013 || unit == 0x2015 }

    /// Quotation marks that close in most languages (a German closing `“` or `«` follows a
    /// letter, where ICU never breaks), and dashes.
    static func isClosingMark(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x201D, 0x2019, 0xBB, 0x203A, 0x2014, 0x2013, 0x2015: return true
        default: return false
        }
    }

    /// Bars, middle dots and bullets set between spaces to part the items of a line (`Report ·
    /// Output`): ICU breaks before them after a space (UAX #14: a bar is class BA, the dots and
    /// bullets AI, taken as letters), so a line may start with one.
    static func isSeparator(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x7C, 0xA6, 0xB7, 0x2022, 0x2219, 0x22C5, 0x2E31, 0x25E6, 0x2043, 0x25AA, 0x25C6, 0x2666: return true
        default: return false
        }
    }

    /// The marks that keep to the end of a line, one way or another.
    static func isLineEndMark(_ unit: UInt16) -> Bool { isClosingMark(unit) || isSeparator(unit) }

    private static func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0xA0 || unit == 0x202F || unit == 0x2009 || unit == 0x3000 || unit == 0x09
    }

    private static func isNoBreakSpace(_ unit: UInt16) -> Bool {
        unit == 0xA0 || unit == 0x202F || unit == 0x2060
    }

    private static func isLetterOrDigit(_ unit: UInt16) -> Bool {
        if UTF16.isLeadSurrogate(unit) { return true }
        guard let scalar = Unicode.Scalar(unit) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    private mutating func append(_ offset: Int, mandatory isMandatory: Bool) {
        offsets.append(offset)
        mandatory.append(isMandatory)
    }
}
