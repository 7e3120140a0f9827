import CFreeType

/// The broad design of a face, as fontconfig's generic families name it: a fallback face for
/// a character the face lacks is looked for under the same generic family, so that Chinese
/// set beside a serif face comes out in a Song/Mincho face and beside a sans in a Hei/Gothic.
public enum FontDesign: String, Sendable {
    case serif
    case sansSerif = "sans-serif"
    case monospace

    /// fontconfig's generic family for this design.
    public var genericFamily: String { rawValue }

    /// The design of `face`: fixed pitch from the `post` table; serif or sans from the OS/2
    /// PANOSE serif style when the font states it; otherwise measured on the capital I.
    /// PANOSE alone is not enough: TeX Gyre Pagella, the body face, leaves it at 0 ("any").
    static func of(_ face: FT_Face) -> FontDesign {
        if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_FIXED_WIDTH) != 0 { return .monospace }
        if let stated = statedByPanose(face) { return stated }
        return measuredSerif(face) ?? .sansSerif
    }

    /// PANOSE bSerifStyle for Latin text faces (bFamilyType 2): 2–10 are serif styles,
    /// 11–13 sans, 14 flared and 15 rounded (counted as sans); 0 and 1 say nothing.
    private static func statedByPanose(_ face: FT_Face) -> FontDesign? {
        guard let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
              table.pointee.version != 0xFFFF else { return nil }
        let panose = table.pointee.panose
        guard panose.0 == 2 else { return nil }
        switch panose.1 {
        case 2 ... 10: return .serif
        case 11 ... 15: return .sansSerif
        default: return nil
        }
    }

    /// Renders the capital I large and compares the ink at its foot with the ink at half its
    /// height: a serif foot is much wider than the stem, a sans I is as wide at both.
    private static func measuredSerif(_ face: FT_Face) -> FontDesign? {
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0,
              FT_Get_Char_Index(face, 0x49) != 0,
              FT_Set_Pixel_Sizes(face, 0, 200) == 0,
              FT_Load_Char(face, 0x49, FT_Int32(FT_LOAD_RENDER | FT_LOAD_NO_HINTING)) == 0 else { return nil }
        let bitmap = face.pointee.glyph.pointee.bitmap
        let rows = Int(bitmap.rows)
        guard rows >= 20, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer else { return nil }
        func inkWidth(row: Int) -> Int {
            let line = buffer + row * Int(bitmap.pitch)
            let columns = (0 ..< Int(bitmap.width)).filter { line[$0] >= 128 }
            guard let first = columns.first, let last = columns.last else { return 0 }
            return last - first + 1
        }
        let stem = inkWidth(row: rows / 2)
        // A little above the bottom edge, where antialiasing leaves the serifs' full width.
        let foot = inkWidth(row: rows - 1 - rows / 40)
        guard stem > 0 else { return nil }
        return Double(foot) >= 1.4 * Double(stem) ? .serif : .sansSerif
    }
}
