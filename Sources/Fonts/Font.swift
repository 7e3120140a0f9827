import CFreeType
import CHarfBuzz

/// One font face loaded from a file: a FreeType face for metrics and outlines, and a HarfBuzz
/// font over the same file for shaping. Sizes are applied by scaling, so one `Font` serves
/// every point size: HarfBuzz works in font units (its scale is the units-per-em).
public final class Font: @unchecked Sendable {
    /// Stable within one `FontLibrary`, in order of first use: a deterministic cache key.
    public let id: Int
    public let path: String
    public let faceIndex: Int
    public let familyName: String
    public let styleName: String
    public let postScriptName: String
    public let unitsPerEm: Int
    /// Typographic ascender (positive, up) and descender (negative, down), and line gap, in font units.
    public let ascender: Int
    public let descender: Int
    public let lineGap: Int
    /// The height of capital letters above the baseline, in font units: what a drop cap's
    /// size is measured by (see `CapHeight`).
    public let capHeight: Int
    /// OS/2 weight class (400 regular, 700 bold) and whether the face slants: a fallback face
    /// is asked for in the style of the face it stands in for.
    public let weight: Int
    public let isItalic: Bool
    /// Serif, sans or monospace: the generic family fallback faces are looked for under.
    public let design: FontDesign
    /// Whether every printable ASCII character (U+0020–U+007E) has a glyph, so that scanning
    /// a text for characters the face lacks costs one comparison per ASCII character.
    public let coversPrintableASCII: Bool
    /// Whether the face has colour bitmap strikes (CBDT or sbix, as Noto Color Emoji and Apple
    /// Color Emoji have): a renderer draws those glyphs as pictures, not outlines.
    public let hasColorBitmaps: Bool
    /// Whether the face has outlines (a face of colour bitmaps only has none).
    public let isScalable: Bool
    /// Read once here, so that drawing never reads the face while layout uses it (see `SeparateFaces`).
    private let decorationUnits: DecorationUnits
    /// Its glyphs' ink boxes and outlines, measured once a glyph (see `GlyphInkMemo`).
    let inks = GlyphInkMemo()

    let face: FT_Face
    /// The file's bytes, which the face is made from (and HarfBuzz's face): released after it.
    public let file: FontFileBytes
    /// Kept alive as long as this face: it may outlive the `FontLibrary` that loaded it.
    private let library: FreeTypeLibrary
    /// `hb_font_t *`, for the Shaping stage.
    public let harfBuzzFont: OpaquePointer

    init(id: Int, library: FreeTypeLibrary, path: String, faceIndex: Int) throws {
        let file = try FontFileBytes.of(path)
        let (error, loaded) = library.withFaceListLocked { file.newFace(in: library.handle, faceIndex: faceIndex) }
        guard error == 0, let face = loaded else { throw FontError.cannotLoad(path: path, code: Int(error)) }
        self.file = file
        self.face = face
        self.library = library
        self.id = id
        self.path = path
        self.faceIndex = faceIndex
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? "?"
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? familyName
        let blob = file.harfBuzzBlob()
        let hbFace = hb_face_create(blob, UInt32(faceIndex))
        hb_blob_destroy(blob)
        let font = hb_font_create(hbFace)!
        hb_face_destroy(hbFace)
        isScalable = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        if isScalable {
            unitsPerEm = Int(face.pointee.units_per_EM)
            ascender = Int(face.pointee.ascender)
            descender = Int(face.pointee.descender)
            lineGap = max(0, Int(face.pointee.height) - (ascender - descender))
        } else {
            // A bitmap-only face (Noto Color Emoji's CBDT strikes): FreeType leaves the
            // units-per-em and the vertical metrics at 0, though the head and hhea tables
            // have them; HarfBuzz reads them from there.
            unitsPerEm = Int(hb_face_get_upem(hb_font_get_face(font)))
            hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
            var extents = hb_font_extents_t()
            hb_font_get_h_extents(font, &extents)
            ascender = Int(extents.ascender)
            descender = Int(extents.descender)
            lineGap = max(0, Int(extents.line_gap))
        }
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        weight = Self.weightClass(of: face)
        isItalic = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        design = FontDesign.of(face)
        coversPrintableASCII = (0x20 ... 0x7E as ClosedRange<FT_ULong>).allSatisfy { FT_Get_Char_Index(face, $0) != 0 }
        hasColorBitmaps = Self.hasTable("CBDT", in: face) || Self.hasTable("sbix", in: face)
        decorationUnits = DecorationUnits(of: face)
        capHeight = isScalable ? CapHeight.units(of: face) : ascender
        harfBuzzFont = font
    }

    deinit {
        hb_font_destroy(harfBuzzFont)
        library.withFaceListLocked { _ = FT_Done_Face(face) }
    }

    /// The FreeType face (`FT_Face`) layout measures with. A renderer draws with faces of its
    /// own (`SeparateFaces`): it may draw on another thread while layout uses this one.
    public var freeTypeFace: UnsafeMutableRawPointer { UnsafeMutableRawPointer(face) }

    /// Font units to points at `size`.
    @inlinable public func scale(for size: Double) -> Double { size / Double(unitsPerEm) }

    public func metrics(at size: Double) -> LineMetrics {
        let scale = scale(for: size)
        return LineMetrics(ascent: Double(ascender) * scale, descent: Double(-descender) * scale, leading: Double(lineGap) * scale)
    }

    /// Where underlines and strike-through lines go, from the font's `post` and `OS/2`
    /// tables (with the usual proportions when a font leaves them out).
    public func decorationMetrics(at size: Double) -> DecorationMetrics {
        let scale = scale(for: size)
        var underlineThickness = Double(decorationUnits.underlineThickness) * scale
        var underlinePosition = Double(-decorationUnits.underlinePosition) * scale
        if underlineThickness <= 0 { underlineThickness = size / 18 }
        if underlinePosition <= 0 { underlinePosition = size / 10 }
        var strikeoutPosition = size * 0.25
        var strikeoutThickness = underlineThickness
        if let strikeout = decorationUnits.strikeout {
            strikeoutPosition = Double(strikeout.position) * scale
            strikeoutThickness = Double(strikeout.size) * scale
        }
        return DecorationMetrics(underlinePosition: underlinePosition, underlineThickness: underlineThickness,
                                 strikeoutPosition: strikeoutPosition, strikeoutThickness: strikeoutThickness)
    }

    /// The OS/2 weight class; FreeType's bold flag when the font has no OS/2 table. Some old
    /// fonts give it on a 1–9 scale.
    private static func weightClass(of face: FT_Face) -> Int {
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
           table.pointee.version != 0xFFFF, table.pointee.usWeightClass > 0 {
            let value = Int(table.pointee.usWeightClass)
            return value < 10 ? value * 100 : value
        }
        return face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400
    }

    private static func hasTable(_ tag: String, in face: FT_Face) -> Bool {
        let code = tag.unicodeScalars.reduce(FT_ULong(0)) { $0 << 8 | FT_ULong($1.value) }
        var length: FT_ULong = 0
        return FT_Load_Sfnt_Table(face, code, 0, nil, &length) == 0 && length > 0
    }

    /// A glyph's horizontal advance in font units, as shaping gives it.
    public func horizontalAdvance(of glyph: UInt32) -> Int {
        Int(hb_font_get_glyph_h_advance(harfBuzzFont, glyph))
    }

    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    public var displayName: String { styleName.isEmpty ? familyName : "\(familyName) \(styleName)" }
}

/// A face's decoration lines in font units, as its `post` and `OS/2` tables give them.
private struct DecorationUnits {
    var underlinePosition: Int
    var underlineThickness: Int
    /// The OS/2 strike-through line, nil when the face has none.
    var strikeout: (position: Int, size: Int)?

    init(of face: FT_Face) {
        underlinePosition = Int(face.pointee.underline_position)
        underlineThickness = Int(face.pointee.underline_thickness)
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
           table.pointee.version != 0xFFFF, table.pointee.yStrikeoutSize > 0 {
            strikeout = (Int(table.pointee.yStrikeoutPosition), Int(table.pointee.yStrikeoutSize))
        }
    }
}

/// Vertical metrics of a font at a size, in points: ascent above the baseline, descent below
/// it (positive), and the gap the font asks for between lines.
public struct LineMetrics: Hashable, Sendable {
    public var ascent: Double
    public var descent: Double
    public var leading: Double

    public init(ascent: Double, descent: Double, leading: Double) {
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
    }
}

/// Positions (from the baseline, in points) and thicknesses of a font's decoration lines.
public struct DecorationMetrics: Hashable, Sendable {
    /// Centre of the underline below the baseline (positive = down).
    public var underlinePosition: Double
    public var underlineThickness: Double
    /// Top of the strike-through line above the baseline (positive = up), as OS/2 gives it.
    public var strikeoutPosition: Double
    public var strikeoutThickness: Double
}

public enum FontError: Error, CustomStringConvertible {
    case cannotLoad(path: String, code: Int)
    case cannotRead(path: String, reason: String)
    case noFonts(directory: String)
    case fontconfig(String)

    public var description: String {
        switch self {
        case .cannotLoad(let path, let code): return "cannot load font \(path) (FreeType error \(code))"
        case .cannotRead(let path, let reason): return "cannot read font \(path): \(reason)"
        case .noFonts(let directory): return "no fonts found in \(directory)"
        case .fontconfig(let what): return "fontconfig: \(what)"
        }
    }
}
