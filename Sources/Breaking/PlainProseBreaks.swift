/// ICU's line-break opportunities for the commonest paragraph of English prose, found without
/// ICU: words of ASCII letters and digits, spaces between them, and the marks `, . : ; ? !`
/// each right after a word and before a space or the paragraph's end. In such text UAX #14
/// (as ICU applies it, the root rules English uses) comes down to one rule: a line may start
/// at each word that follows a space (LB18), and nowhere else but the text's end (LB3).
/// Letters and digits never part (LB23, LB25, LB28), nor a word and the mark after it (LB13),
/// nor a space and what comes before it (LB7). Any other character or arrangement is ICU's to
/// answer. `PlainProseBreaksTests` compares the two on every paragraph of the King James Bible,
/// on the fixtures and on random strings of these characters.
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
        let count = offsets.withUnsafeMutableBufferPointer { offsets -> Int? in
            var count = 0
            var previous = Kind.space
            for index in 0 ..< units.count {
                let unit = units[index]
                let kind = Self.kind(of: unit)
                switch kind {
                case .word:
                    if previous == .mark { return nil }
                    if previous == .space, index > 0 {
                        offsets[count] = index
                        count += 1
                    }
                case .mark:
                    if previous != .word { return nil }
                case .space:
                    break
                case .other:
                    return nil
                }
                previous = kind
            }
            offsets[count] = units.count
            return count + 1
        }
        guard let count else { return nil }
        offsets.removeLast(offsets.count - count)
        return BreakOpportunities(offsets: offsets, mandatory: Array(repeatElement(false, count: count)))
    }

    private enum Kind { case word, mark, space, other }

    private static func kind(of unit: UInt16) -> Kind {
        switch unit {
        case 0x61 ... 0x7A, 0x41 ... 0x5A, 0x30 ... 0x39: return .word
        case 0x20: return .space
        case 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x21: return .mark
        default: return .other
        }
    }
}
