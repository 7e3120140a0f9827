/// The space characters a text layer must not leave to a reader's word spaces: every space
/// separator (Unicode's `Zs`) but U+0020 — the no-break space, French's narrow no-break space
/// before `;` `:` `!` `?` and inside « », the figure and thin spaces.
///
/// Readers rebuild word spaces from the gaps between glyphs and drop the space characters they
/// are given: poppler skips a glyph whose text is only white space and MuPDF turns every one
/// into U+0020, whatever its ToUnicode entry or `/ActualText` says; pdfium drops a space alone
/// in an `/ActualText` span. Given with the character after it, in one span, poppler and pdfium
/// keep it (`PDFTextLayer`'s `GlyphWriter.inOneSpan`; with the character before it when it ends
/// its run).
enum SpaceCharacters {
    /// Whether `utf8` is one space separator other than U+0020 (which is one byte, and the
    /// word space). Every cluster of the text passes here: the space separators past ASCII
    /// have one of four lead bytes (U+00A0; U+1680; U+2000–U+205F; U+3000), so a letter is
    /// answered by its length and first byte.
    static func isSpaceOtherThanWordSpace(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count > 1 else { return false }
        let value: UInt32
        switch (utf8.count, utf8[0]) {
        case (2, 0xC2):
            value = UInt32(utf8[1] & 0x3F) | 0x80
        case (3, 0xE1), (3, 0xE2), (3, 0xE3):
            value = UInt32(utf8[0] & 0x0F) << 12 | UInt32(utf8[1] & 0x3F) << 6 | UInt32(utf8[2] & 0x3F)
        default:
            return false
        }
        return Unicode.Scalar(value)?.properties.generalCategory == .spaceSeparator
    }
}
