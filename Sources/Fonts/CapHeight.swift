import CFreeType

/// A face's cap height, read once when the face is loaded: the OS/2 table's `sCapHeight`
/// (version 2 and later), else the top of the outline of "H", else 70 % of the em, the
/// proportion of most Latin faces.
enum CapHeight {
    static let usualProportion = 0.7

    static func units(of face: FT_Face) -> Int {
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
           table.pointee.version != 0xFFFF, table.pointee.version >= 2, table.pointee.sCapHeight > 0 {
            return Int(table.pointee.sCapHeight)
        }
        let glyph = FT_Get_Char_Index(face, FT_ULong(UInt8(ascii: "H")))
        if glyph != 0, FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph {
            // Unscaled, the glyph's top bearing is the top of its outline in font units.
            let top = Int(slot.pointee.metrics.horiBearingY)
            if top > 0 { return top }
        }
        return Int((Double(face.pointee.units_per_EM) * usualProportion).rounded())
    }
}
