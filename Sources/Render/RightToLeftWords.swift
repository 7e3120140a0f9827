/// The pieces a right-to-left run is written in by the text layer: its words in reading
/// order, each with the white space before it (docs/pipeline.md, "A right-to-left run's words
/// in reading order").
enum RightToLeftWords {
    /// The pieces of the clusters whose texts are `texts`, given in the order drawn: ranges of
    /// their indices, the rightmost piece first. A piece is a word (clusters without white
    /// space) and the white space before it in reading order, drawn right of it, so that a
    /// piece's clusters are drawn left to right; white space at the run's left end, after its
    /// last word, is a piece of its own.
    static func piecesInReadingOrder<Texts: Collection>(of texts: Texts) -> [Range<Int>] where Texts.Element: StringProtocol {
        var pieces: [Range<Int>] = []
        var start = 0, previousIsSpace = false
        for (index, text) in texts.enumerated() {
            let isSpace = text.unicodeScalars.contains { $0.properties.isWhitespace }
            // A word drawn right of white space starts a piece.
            if !isSpace, previousIsSpace {
                pieces.append(start ..< index)
                start = index
            }
            previousIsSpace = isSpace
        }
        if start < texts.count { pieces.append(start ..< texts.count) }
        return pieces.reversed()
    }
}
