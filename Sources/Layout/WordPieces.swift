import Breaking

/// A paragraph's words as a line narrower than them breaks them: at the points its language's
/// dictionary allows, else between any two characters, and inside a word with a digit (a
/// figure) last. What a table's columns are measured by below their widest words
/// (`LeastColumnWidths`).
struct WordPieces {
    let paragraph: PreparedParagraph
    private let breaker: ParagraphBreaker

    init(paragraph: PreparedParagraph, hyphenator: @escaping (String) -> Hyphenator?) {
        self.paragraph = paragraph
        breaker = ParagraphBreaker(paragraph: paragraph, hyphenator: hyphenator)
    }

    /// The widest piece of the word `start ..< end` hyphenated wherever it may be, each piece
    /// but the last with its hyphen: the word's own width where it may not.
    func widestPiece(from start: Int, to end: Int) -> Double {
        var widest = 0.0, pieceStart = start
        for point in breaker.hyphenationPoints(from: start, to: end) where point > pieceStart && point < end {
            widest = max(widest, paragraph.width(from: pieceStart, to: point) + paragraph.hyphenAdvance(before: point))
            pieceStart = point
        }
        return max(widest, paragraph.width(from: pieceStart, to: end))
    }

    /// The least the word `start ..< end` needs across: all of it when it holds a decimal digit
    /// (of any script), or when it is too short to be cut with the language's letters on either
    /// side (`WordCut`: "No." in an 18 pt column was set "N" / "o." beside a column that had
    /// room to give), else its widest glyph, where a word of letters broken anywhere still
    /// stays in its line.
    func unbreakableWidth(from start: Int, to end: Int) -> Double {
        if paragraph.units[start ..< end].contains(where: Self.isDigit)
            || !WordCut(paragraph: paragraph, word: start ..< end).mayBeCutWithEnoughLetters {
            return paragraph.width(from: start, to: end)
        }
        return widestGlyph(from: start, to: end)
    }

    /// The widest glyph of the word `start ..< end`: the least a line holding it needs across,
    /// however it is broken, figures too.
    func widestGlyph(from start: Int, to end: Int) -> Double {
        let glyphs = paragraph.glyphIndex(atOrAfter: start) ..< paragraph.glyphIndex(atOrAfter: end)
        return paragraph.advances[glyphs].max() ?? 0
    }

    private static func isDigit(_ unit: UInt16) -> Bool {
        (0x30 ... 0x39).contains(unit) || unit >= 0x80 && Unicode.Scalar(unit)?.properties.numericType == .decimal
    }
}
