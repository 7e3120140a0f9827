extension AttributedText {
    /// Whether the glyph of `character` may hang into the margin: a punctuation mark in a
    /// paragraph with hanging punctuation. A negative `character` is the hyphen shown at a break,
    /// in the paragraph of the line ending at `lineEnd`. The checks of what is drawn allow such a
    /// glyph past its column's edge.
    public func mayHang(_ character: Int, lineEnd: Int) -> Bool {
        let offset = character >= 0 ? character : max(0, lineEnd - 1)
        guard offset < length, paragraphStyle(at: offset).hangingPunctuation else { return false }
        if character < 0 { return true }
        guard let scalar = Unicode.Scalar(storage[character]) else { return false }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return scalar == "'" || scalar == "\""
        }
    }
}
