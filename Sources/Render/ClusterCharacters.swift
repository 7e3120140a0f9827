/// How a cluster of several glyphs drawn for one text reads glyph by glyph, for the readers
/// that ignore `/ActualText` (pypdf, MuPDF, pdfminer.six): when it has as many characters as
/// glyphs, each glyph reads as the character in its place, the text in the order it is given
/// (a right-to-left cluster's backwards, as drawn: `RunTextClusters`). A lam-alef ligature
/// drawn as two glyphs then reads as its two letters, where the glyphs' own texts are none.
/// Which glyph draws which letter does not matter to a reader: the order of the text does.
enum ClusterCharacters {
    /// The byte ranges of `utf8`'s characters (Unicode scalars), one for each of `glyphCount`
    /// glyphs; nil when the counts differ (a glyph would read as nothing, or as several
    /// characters, which readers do not reverse with a right-to-left word).
    static func ranges(in utf8: UnsafeBufferPointer<UInt8>, glyphCount: Int) -> [Range<Int>]? {
        var ranges: [Range<Int>] = []
        var start = 0
        while start < utf8.count {
            let end = min(start + scalarLength(leadingByte: utf8[start]), utf8.count)
            ranges.append(start ..< end)
            if ranges.count > glyphCount { return nil }
            start = end
        }
        return ranges.count == glyphCount ? ranges : nil
    }

    /// How many bytes a UTF-8 sequence starting with `byte` has (1 for a stray continuation
    /// byte, which the writer's own UTF-8 never has).
    static func scalarLength(leadingByte byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
