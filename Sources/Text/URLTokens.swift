/// URLs, DOIs and e-mail addresses in a paragraph, and where such a token may break across
/// lines: after `/`, `.`, `@`, `?` or `&`, as LaTeX's `\url` breaks, and before a hyphen, with
/// no hyphen shown. ICU sees most of a URL as one word, so a justified line before a long
/// address would be spaced out rather than the address cut.
///
/// A token is a run of characters between spaces, less the punctuation around it
/// (`(https://example.com).`); it is a URL when it has a scheme (`https://`) or starts with
/// `www.`, a DOI when it reads `doi:10.1000/…` or `10.1000/…`, an e-mail address when it reads
/// `name@host.tld`. Finding them is one pass over the text, and each token is read a fixed
/// number of times, whatever its length.
public enum URLTokens {
    /// The characters a token may break after.
    static func isBreakAfter(_ unit: UInt16) -> Bool {
        unit == 0x2F || unit == 0x2E || unit == 0x40 || unit == 0x3F || unit == 0x26
    }

    /// The character a token may break before: its own hyphen, which at a line's end would read
    /// as a hyphen added to break the word, and at the next line's start cannot (Chicago Manual
    /// of Style 14.18).
    static func isBreakBefore(_ unit: UInt16) -> Bool {
        unit == 0x2D
    }

    private static func isSeparator(_ unit: UInt16) -> Bool {
        isBreakAfter(unit) || isBreakBefore(unit)
    }

    /// Each piece of a token on either side of a break holds at least this many characters
    /// besides the separators, so that no line starts or ends with one character of it alone.
    static let shortestPiece = 2

    /// The ranges (indices of `units`) of the URLs and e-mail addresses in `units`.
    public static func find(in units: TextUnitSlice) -> [Range<Int>] {
        guard mayHoldAddress(units) else { return [] }
        var tokens: [Range<Int>] = []
        var start = units.startIndex
        while start < units.endIndex {
            while start < units.endIndex, isSeparatingSpace(units[start]) { start += 1 }
            var end = start
            while end < units.endIndex, !isSeparatingSpace(units[end]) { end += 1 }
            if end > start, let token = trimmed(start ..< end, of: units), isAddress(units[token]) { tokens.append(token) }
            start = end
        }
        return tokens
    }

    /// Whether `units` hold a `://`, a `www.`, a `10.` or an `@`, one of which every address has
    /// (see `isAddress`): most paragraphs have none, and one look at each character tells, where
    /// cutting the paragraph into tokens and trimming each took ten times as long.
    static func mayHoldAddress(_ units: TextUnitSlice) -> Bool {
        // Through a pointer: a slice's subscript checks its bounds at each character.
        units.withUnsafeBufferPointer { units in
            for index in units.indices {
                switch units[index] {
                case 0x40:
                    return true
                case 0x3A where index + 2 < units.count && units[index + 1] == 0x2F && units[index + 2] == 0x2F:
                    return true
                case 0x2E where index >= 3 && units[index - 3] | 0x20 == 0x77 && units[index - 2] | 0x20 == 0x77
                    && units[index - 1] | 0x20 == 0x77:
                    return true
                case 0x2E where index >= 2 && units[index - 2] == 0x31 && units[index - 1] == 0x30:
                    return true
                default:
                    continue
                }
            }
            return false
        }
    }

    /// Where `token` (a range `find` returned) may break: after its separators and before its
    /// hyphens, never inside a run of them (`//` stays whole), and never leaving a piece with
    /// fewer than `shortestPiece` characters besides separators between two breaks or at either
    /// end of the token.
    public static func breaks(in token: Range<Int>, of units: TextUnitSlice) -> [Int] {
        var offsets: [Int] = []
        var charactersLeft = units[token].reduce(0) { $0 + (isSeparator($1) ? 0 : 1) }
        var charactersSinceBreak = 0
        for index in token.dropLast() {
            let unit = units[index]
            if !isSeparator(unit) {
                charactersSinceBreak += 1
                charactersLeft -= 1
                continue
            }
            guard charactersSinceBreak >= shortestPiece, charactersLeft >= shortestPiece else { continue }
            if isBreakBefore(unit) {
                guard index > token.lowerBound, !isSeparator(units[index - 1]) else { continue }
                offsets.append(index)
            } else {
                guard !isSeparator(units[index + 1]) else { continue }
                offsets.append(index + 1)
            }
            charactersSinceBreak = 0
        }
        return offsets
    }

    /// Where the text around `token` (a range `find` returned) starts: before the brackets and
    /// quotes that open it.
    public static func start(ofTokenAround token: Range<Int>, in units: TextUnitSlice) -> Int {
        var start = token.lowerBound
        while start > units.startIndex, isLeadingPunctuation(units[start - 1]) { start -= 1 }
        return start
    }

    /// Spaces and line ends split tokens (a no-break space too: it is no part of an address).
    private static func isSeparatingSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0xA0 || unit == 0x202F || unit == 0x3000
            || unit == 0x2028 || unit == 0x2029
    }

    /// The token without the brackets, quotes and sentence punctuation around it; nil when
    /// nothing is left.
    private static func trimmed(_ range: Range<Int>, of units: TextUnitSlice) -> Range<Int>? {
        var start = range.lowerBound, end = range.upperBound
        while start < end, isLeadingPunctuation(units[start]) { start += 1 }
        while end > start, isTrailingPunctuation(units[end - 1]) { end -= 1 }
        return start < end ? start ..< end : nil
    }

    private static func isLeadingPunctuation(_ unit: UInt16) -> Bool {
        [0x28, 0x5B, 0x7B, 0x3C, 0x22, 0x27, 0xAB, 0x2039, 0x201C, 0x2018, 0x201E].contains(unit)
    }

    private static func isTrailingPunctuation(_ unit: UInt16) -> Bool {
        [0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x29, 0x5D, 0x7D, 0x3E, 0x22, 0x27, 0xBB, 0x203A, 0x201D, 0x2019].contains(unit)
    }

    /// Whether a trimmed token is a URL (`scheme://…`, `www.…`), a DOI or an e-mail address
    /// (`name@host.tld`).
    static func isAddress(_ token: TextUnitSlice) -> Bool {
        hasScheme(token) || startsWithWWW(token) || isDOI(token) || isMailAddress(token)
    }

    /// `10.`, a registrant's code of four digits or more, `/` and a suffix, after `doi:` or
    /// alone (`doi:10.1038/nphys1170`, `10.5194/essd-13-4349-2021`).
    private static func isDOI(_ token: TextUnitSlice) -> Bool {
        var index = token.startIndex
        let prefix: [UInt16] = [0x64, 0x6F, 0x69, 0x3A]   // doi:
        if token.count > prefix.count, prefix.indices.allSatisfy({ token[index + $0] | ($0 < 3 ? 0x20 : 0) == prefix[$0] }) {
            index += prefix.count
        }
        guard index + 3 < token.endIndex, token[index] == 0x31, token[index + 1] == 0x30, token[index + 2] == 0x2E else { return false }
        var end = index + 3
        while end < token.endIndex, (0x30 ... 0x39).contains(token[end]) { end += 1 }
        return end - (index + 3) >= 4 && end + 1 < token.endIndex && token[end] == 0x2F
    }

    /// `letters://` before anything else: `https://`, `ftp://`.
    private static func hasScheme(_ token: TextUnitSlice) -> Bool {
        var index = token.startIndex
        while index < token.endIndex, isASCIILetter(token[index]) || token[index] == 0x2B { index += 1 }
        return index - token.startIndex >= 2 && index + 3 < token.endIndex
            && token[index] == 0x3A && token[index + 1] == 0x2F && token[index + 2] == 0x2F
    }

    private static func startsWithWWW(_ token: TextUnitSlice) -> Bool {
        guard token.count > 4 else { return false }
        let start = token.startIndex
        return (0 ..< 3).allSatisfy { token[start + $0] | 0x20 == 0x77 } && token[start + 3] == 0x2E
    }

    /// One `@` with a name before it, and a host with a dot and at least two letters after it.
    private static func isMailAddress(_ token: TextUnitSlice) -> Bool {
        guard let at = token.firstIndex(of: 0x40), at > token.startIndex else { return false }
        let host = token[(at + 1)...]
        guard !host.contains(0x40), let dot = host.lastIndex(of: 0x2E), dot > host.startIndex else { return false }
        let domain = host[(dot + 1)...]
        return domain.count >= 2 && domain.allSatisfy(isASCIILetter)
    }

    private static func isASCIILetter(_ unit: UInt16) -> Bool {
        (0x41 ... 0x5A).contains(unit) || (0x61 ... 0x7A).contains(unit)
    }
}
