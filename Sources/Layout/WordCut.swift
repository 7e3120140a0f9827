import Text

/// Where a word wider than its line may be cut when it has no hyphenation point to break at:
/// leaving at least as many letters before the cut and after it as a hyphen would leave
/// (the paragraph's `hyphenate-min-before` and `-min-after`, TeX's \lefthyphenmin and
/// \righthyphenmin), so that the next line never starts with a letter or a full stop alone;
/// in a word too short for that, a letter at least on either side, never a mark alone.
/// No hyphen is drawn at such a cut: it is at no syllable, and inside a name, a code or a
/// number a hyphen would read as the word's own (InDesign and CSS's `overflow-wrap` cut so;
/// TeX never cuts, and lets the word stick out).
struct WordCut {
    let paragraph: PreparedParagraph
    /// The word and what follows it up to the next break opportunity (punctuation, spaces).
    let word: Range<Int>

    /// Whether a cut at `offset` leaves enough letters (letters and digits) on either side.
    func leavesEnoughLetters(at offset: Int) -> Bool {
        let rules = paragraph.style.hyphenation
        return letters(in: word.lowerBound ..< offset) >= rules.minimumBefore
            && letters(in: offset ..< word.upperBound) >= rules.minimumAfter
    }

    /// Whether some cut leaves enough letters on either side (`leavesEnoughLetters`): a word
    /// shorter than that ("No.", "Dr") is cut only a letter from its end.
    var mayBeCutWithEnoughLetters: Bool {
        let rules = paragraph.style.hyphenation
        return letters(in: word, atMost: rules.minimumBefore + rules.minimumAfter) >= rules.minimumBefore + rules.minimumAfter
    }

    /// Whether a cut at `offset` leaves a letter on either side: not a mark alone ("No" / ".").
    func leavesALetter(at offset: Int) -> Bool {
        letters(in: word.lowerBound ..< offset, atMost: 1) > 0 && letters(in: offset ..< word.upperBound, atMost: 1) > 0
    }

    /// The letters (alphabetic or numeric scalars) of `range`, counted up to `limit`.
    private func letters(in range: Range<Int>, atMost limit: Int = .max) -> Int {
        var count = 0
        for unit in paragraph.units[range] where !UTF16.isTrailSurrogate(unit) {
            // A lead surrogate stands for a letter of the scripts above the BMP (no cut goes there).
            guard UTF16.isLeadSurrogate(unit) || Self.isLetter(unit) else { continue }
            count += 1
            if count >= limit { break }
        }
        return count
    }

    private static func isLetter(_ unit: UInt16) -> Bool {
        if unit < 0x80 { return (0x30 ... 0x39).contains(unit) || (0x41 ... 0x5A).contains(unit) || (0x61 ... 0x7A).contains(unit) }
        guard let scalar = Unicode.Scalar(unit) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
