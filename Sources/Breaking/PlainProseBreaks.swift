/// ICU's line-break opportunities for the commonest paragraphs of English text, found without
/// ICU: words of ASCII letters, digits and apostrophes, spaces between them, and the marks
/// `, . : ; ? !` each right after a word and before a space or the paragraph's end. A word may
/// hold `, . : ;` between two of its units (`1:1`, `2967.57`) and `-` between a unit and a digit
/// (`KXB-30417-5521`): a verse's reference, a part number, a price. In such text UAX #14 (as ICU
/// applies it, the root rules English uses) comes down to one rule: a line may start at each
/// word that follows a space (LB18), and nowhere else but the text's end (LB3). Letters and
/// digits never part (LB23, LB25, LB28), nor an apostrophe from what is beside it but a space
/// before it (LB19, after LB18), nor a word and the mark after it (LB13), nor a space and what
/// comes before it (LB7), nor `, . : ;` from a unit on either side (LB13, LB29, LB25), nor a
/// hyphen from what precedes it and a digit after it (LB21, LB25). Any other character or
/// arrangement (a hyphen before a letter, which ICU breaks after) is ICU's to answer.
/// `PlainProseBreaksTests` compares the two on every paragraph of the King James Bible, on the
/// fixtures, on part numbers and prices, and on random strings of these characters.
enum PlainProseBreaks {
    /// Whether the locale's line breaking is the root rules' for these characters.
    static func applies(to locale: String) -> Bool {
        if locale == "en" { return true }
        let utf8 = locale.utf8
        guard utf8.starts(with: "en".utf8) else { return false }
        guard utf8.count > 2 else { return true }
        let separator = utf8[utf8.index(utf8.startIndex, offsetBy: 2)]
        return separator == UInt8(ascii: "-") || separator == UInt8(ascii: "_")
    }

    /// The opportunities of `units` as ICU gives them (none mandatory), or nil when the text is
    /// not plain prose as above.
    static func find(in units: UnsafeBufferPointer<UInt16>) -> BreakOpportunities? {
        guard !units.isEmpty else { return nil }
        // One opportunity at most per character, and the end: filled in place, then trimmed.
        var offsets = Array(repeatElement(0, count: units.count + 1))
        let count = offsets.withUnsafeMutableBufferPointer { offsets in opportunities(of: units, into: offsets) }
        guard let count else { return nil }
        offsets.removeLast(offsets.count - count)
        return BreakOpportunities(offsets: offsets, mandatory: Array(repeatElement(false, count: count)))
    }

    /// Writes the opportunities into `offsets` and returns how many there are; nil when the text
    /// is not plain prose. Word by word, each word's units in a loop of their own.
    private static func opportunities(of units: UnsafeBufferPointer<UInt16>, into offsets: UnsafeMutableBufferPointer<Int>) -> Int? {
        var count = 0
        var index = 0
        while index < units.count, units[index] == space { index += 1 }
        while index < units.count {
            // A word starts here, after spaces: a line may start with it, but at the text's start.
            guard isWordUnit(units[index]) else { return nil }
            if index > 0 {
                offsets[count] = index
                count += 1
            }
            index = endOfWord(in: units, from: index + 1)
            guard index < units.count else { break }
            // A mark may end the word, and then a space or the text's end must follow.
            if isMark(units[index]) {
                index += 1
                guard index == units.count || units[index] == space else { return nil }
            } else if units[index] != space {
                return nil
            }
            while index < units.count, units[index] == space { index += 1 }
        }
        offsets[count] = units.count
        return count + 1
    }

    /// Where the word whose units continue at `index` ends: past its units and each joint
    /// that keeps two units together (`, . : ;` before a unit, `-` before a digit).
    private static func endOfWord(in units: UnsafeBufferPointer<UInt16>, from start: Int) -> Int {
        var index = start
        while true {
            while index < units.count, isWordUnit(units[index]) { index += 1 }
            guard index + 1 < units.count else { return index }
            let joint = units[index], next = units[index + 1]
            if isJoiningMark(joint) ? isWordUnit(next) : (joint == hyphen && isDigit(next)) {
                index += 2
            } else {
                return index
            }
        }
    }

    private static let space: UInt16 = 0x20
    private static let hyphen: UInt16 = 0x2D

    /// An ASCII letter, a digit or an apostrophe.
    private static func isWordUnit(_ unit: UInt16) -> Bool {
        (unit | 0x20) &- 0x61 < 26 || isDigit(unit) || unit == 0x27
    }

    private static func isDigit(_ unit: UInt16) -> Bool {
        unit &- 0x30 < 10
    }

    /// `, . : ; ? !`
    private static func isMark(_ unit: UInt16) -> Bool {
        isJoiningMark(unit) || unit == 0x3F || unit == 0x21
    }

    /// `, . : ;`, which ICU keeps between two word units.
    private static func isJoiningMark(_ unit: UInt16) -> Bool {
        unit == 0x2C || unit == 0x2E || unit == 0x3A || unit == 0x3B
    }
}
