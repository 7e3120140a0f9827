import Text

/// French typography's narrow no-break spaces (U+202F), for text whose language is French:
/// before `;`, `:`, `!` and `?`, after `«` and before `»` (and the single `‹ ›`), so that a
/// mark never starts or ends a line apart from its word. A space already there stays where it
/// is: a narrow one as it is, a plain or no-break one turned narrow, so that no line breaks at
/// it. Never inside a URL or an e-mail address (`https://x` keeps its colon bare), nor between
/// digits (`10:30`), nor after another of the marks (`?!` takes one space, before `?`).
///
/// The spaces are real characters of the text (they are copied out of the PDF), put in once
/// the markup is read, each located at the mark it belongs to.
enum FrenchSpacing {
    static let narrowNoBreakSpace: UInt16 = 0x202F

    struct Edits {
        /// Offsets of spaces to turn narrow.
        var replacements: [Int] = []
        /// Narrow spaces to put in, by ascending offset.
        var insertions: [AttributedText.Insertion] = []
    }

    /// Whether text in `language` (a BCP 47 tag) is set the French way.
    static func isFrench(_ language: String) -> Bool {
        // "fr" or "fr-…" in any case, read from the bytes: no lowercased copy for every run.
        var bytes = language.utf8.makeIterator()
        guard bytes.next().map({ $0 | 0x20 }) == 0x66, bytes.next().map({ $0 | 0x20 }) == 0x72 else { return false }
        let next = bytes.next()
        return next == nil || next == 0x2D
    }

    /// The edits that space `text`'s French punctuation; none when no text is French.
    static func edits(of text: AttributedText) -> Edits {
        var edits = Edits()
        let units = text.storage
        // The runs' ranges only: no run's attributes copied.
        let frenchRanges = text.attributeRuns.ranges(in: 0 ..< text.length) { isFrench($0.language) }
        guard !frenchRanges.isEmpty else { return edits }
        let addresses = URLTokens.find(in: units[...])
        var address = 0   // the first address not ending before the mark looked at
        for range in frenchRanges {
            for offset in range {
                let unit = units[offset]
                guard isSpacedBefore(unit) || isOpeningGuillemet(unit) else { continue }
                while address < addresses.count, addresses[address].upperBound <= offset { address += 1 }
                if address < addresses.count, addresses[address].contains(offset) { continue }
                if isOpeningGuillemet(unit) {
                    space(between: offset, and: offset + 1, styledLike: offset, in: units, edits: &edits)
                } else if needsSpace(before: offset, in: units) {
                    space(between: offset - 1, and: offset, styledLike: offset, in: units, edits: &edits)
                }
            }
        }
        return edits
    }

    /// Marks that take a narrow space before them.
    private static func isSpacedBefore(_ unit: UInt16) -> Bool {
        unit == 0x3B || unit == 0x3A || unit == 0x21 || unit == 0x3F || unit == 0xBB || unit == 0x203A
    }

    /// The marks a run of which takes one space (`?!`).
    private static func isHighMark(_ unit: UInt16) -> Bool { unit == 0x3B || unit == 0x3A || unit == 0x21 || unit == 0x3F }

    private static func isOpeningGuillemet(_ unit: UInt16) -> Bool { unit == 0xAB || unit == 0x2039 }

    /// Whether the mark at `offset` gets a space: not at a line's start, not after an opening
    /// bracket or guillemet, not after another of `; : ! ?` when it is one too, nor between digits.
    private static func needsSpace(before offset: Int, in units: TextUnits) -> Bool {
        guard offset > 0 else { return false }
        let previous = units[offset - 1]
        if isLineEnd(previous) || isOpeningGuillemet(previous) || previous == 0x28 || previous == 0x5B || previous == 0x09 { return false }
        if isHighMark(previous), isHighMark(units[offset]) { return false }
        if units[offset] == 0x3A, isDigit(previous), offset + 1 < units.count, isDigit(units[offset + 1]) { return false }
        return true
    }

    /// A narrow space between the characters at `before` and `after`, or the space there made narrow.
    private static func space(between before: Int, and after: Int, styledLike mark: Int, in units: TextUnits, edits: inout Edits) {
        // The space is on the side away from the mark.
        let spaceSide = before == mark ? after : before
        guard spaceSide >= 0, spaceSide < units.count, !isLineEnd(units[spaceSide]) else { return }
        switch units[spaceSide] {
        case narrowNoBreakSpace, 0x2009, 0x200A, 0x09: return
        case 0x20, 0xA0: edits.replacements.append(spaceSide)
        default: edits.insertions.append((offset: after, unit: narrowNoBreakSpace, styledLike: mark))
        }
    }

    private static func isLineEnd(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == AttributedText.paragraphSeparator || unit == 0x2028
    }

    private static func isDigit(_ unit: UInt16) -> Bool { (0x30 ... 0x39).contains(unit) }
}
