import Breaking
import Layout
import Text

extension Line {
    /// The offset of the line's last character when the line breaks inside a word, which goes
    /// on at the next line's start: after the word's own hyphen ("small-" | "town", "dit-" |
    /// "il"), or where an address or a path breaks ("redaction@" | "zombie.fr", "example." |
    /// "fr/lettres", "docs/" | "markup.md"), or at a dash set closed up ("this—" | "that"). The
    /// text layer reads that character as itself and a soft hyphen after it
    /// (`RunTextClusters.wordBreakCluster`): the soft hyphen is how a PDF says a line broke
    /// inside a word (ISO 32000-1, 14.8.2.2.3), so that readers join the two lines there as they
    /// join a word broken at an added hyphen, and keep the character, which is the word's.
    /// Nil at any other line end: a space on either side, the paragraph's end, a hyphen added at
    /// the break (the run's `GlyphRun.generatedHyphen`, already a soft hyphen), a picture, or a
    /// break between two ideographic characters, which Chinese and Japanese make anywhere with
    /// nothing to join (every reader gives each character back as it is).
    func wordBrokenAfter(in text: AttributedText) -> Int? {
        let end = stringRange.upperBound
        guard !endsParagraph, end > stringRange.lowerBound, end < text.length,
              !runs.contains(where: { $0.clusters.contains(GlyphRun.generatedHyphen) }) else { return nil }
        // The characters on either side of the end, two units each at most.
        let units = text.storage[max(0, end - 2) ..< min(text.length, end + 2)]
        guard let last = Unicode.Scalar(UTF16Scalars.scalar(in: units, endingAt: end)),
              let next = Unicode.Scalar(UTF16Scalars.scalar(in: units, at: end).value),
              Self.canEndAWordPiece(last), Self.canEndAWordPiece(next),
              !(InterCharacterSpacing.isIdeographicCell(last.value) && InterCharacterSpacing.isIdeographicCell(next.value)) else { return nil }
        return end - 1
    }

    /// Whether a character can stand on either side of a break inside a word: not white space
    /// (a word space, a forced line break), not a soft hyphen (the break shows an added hyphen,
    /// which reads as the soft hyphen already), not a picture's object replacement character
    /// (a lone surrogate, no character at all, is none either).
    private static func canEndAWordPiece(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.properties.isWhitespace && scalar != softHyphen && scalar != objectReplacement
    }

    private static let softHyphen: Unicode.Scalar = "\u{AD}"
    private static let objectReplacement: Unicode.Scalar = "\u{FFFC}"
}
