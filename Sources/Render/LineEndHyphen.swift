import Layout
import Text

extension Line {
    /// The offset of the line's last character when it is a hyphen of the text's own and the
    /// word it is in goes on at the next line's start: "small-" | "town", "dit-" | "il". The
    /// text layer reads that hyphen as itself and a soft hyphen after it
    /// (`RunTextClusters.brokenHyphenCluster`): the soft hyphen says where a line broke inside
    /// a word (ISO 32000-1, 14.8.2.2.3), so that readers join the two lines there as they join
    /// a word broken at an added hyphen, and keep the hyphen, which is the word's. Nil at any
    /// other line end: a space, the paragraph's end, a hyphen added at the break (the run's
    /// `GlyphRun.generatedHyphen`, already a soft hyphen).
    func ownHyphenBrokenAfter(in text: AttributedText) -> Int? {
        let end = stringRange.upperBound
        guard !endsParagraph, end > stringRange.lowerBound, end < text.length else { return nil }
        let last = text.storage[end - 1], next = text.storage[end]
        guard last == Self.hyphenMinus || last == Self.hyphen else { return nil }
        // A surrogate (no scalar alone) is half of a letter beyond the Basic Multilingual Plane.
        let nextIsSpace = Unicode.Scalar(next).map { $0.properties.isWhitespace } ?? false
        return nextIsSpace ? nil : end - 1
    }

    private static let hyphenMinus: UInt16 = 0x2D
    private static let hyphen: UInt16 = 0x2010
}
