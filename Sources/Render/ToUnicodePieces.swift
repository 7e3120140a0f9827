/// A lone glyph's text cut into pieces that every reader reads from a ToUnicode entry. MuPDF
/// (1.21) keeps no entry longer than 8 UTF-16 units (`PDF_MRANGE_CAP`: a ZWJ family, 11 units,
/// or a flag's tag sequence, 14, read as U+FFFD), and decodes a surrogate pair only when it is
/// the whole entry: in a longer one it gives each half on its own (a man and a girl joined,
/// U+1F468 U+200D U+1F467, came out as ill-formed UTF-8). So a piece is one character outside
/// the Basic Multilingual Plane, or up to 8 units of characters inside it: a ZWJ family is
/// seven pieces, "ffi" one. The writer shows the glyph as the first piece and each further one
/// in a code of its own that draws nothing (`EmbeddedFontGlyphs.continuationCode(as:)`).
enum ToUnicodePieces {
    /// The most UTF-16 units of an entry MuPDF keeps.
    static let longestEntry = 8
    /// The width of a later piece's code, in thousandths of an em: a family's or a flag's six
    /// stay within its emoji (1.25 em), and none is within a tenth of an em of the one before,
    /// where poppler and pdfium take a character for a duplicate drawn again (a faked bold) and
    /// drop it; pdfminer.six puts characters of no width on lines of their own.
    static let laterPieceWidth = 100

    /// Whether `utf8` is one piece (nearly every cluster's text): decided from its length
    /// alone for texts of up to three bytes, which hold at most three units and no character
    /// outside the Basic Multilingual Plane.
    @inline(__always)
    static func isOnePiece(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.count <= 3 || pieceEnd(in: utf8, from: 0) == utf8.count
    }

    /// The byte ranges of `utf8`'s pieces, in order.
    static func pieces(of utf8: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        while start < utf8.count {
            let end = pieceEnd(in: utf8, from: start)
            pieces.append(start ..< end)
            start = end
        }
        return pieces
    }

    /// Where the piece starting at byte `start` ends: after its one character outside the
    /// Basic Multilingual Plane, or before the next such character or the ninth unit.
    private static func pieceEnd(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let first = ClusterCharacters.scalarLength(leadingByte: utf8[start])
        if first == 4 { return min(start + 4, utf8.count) }
        var end = start, units = 0
        while end < utf8.count, units < longestEntry {
            let length = ClusterCharacters.scalarLength(leadingByte: utf8[end])
            if length == 4 { break }
            end = min(end + length, utf8.count)
            units += 1
        }
        return end
    }
}
