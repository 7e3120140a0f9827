import CCairo
import Foundation
import Fonts

/// The colour bitmaps of faces with colour strikes (CBDT, sbix), loaded with FreeType at each
/// face's largest strike and kept as Cairo image surfaces until the page is done.
///
/// The faces are opened again here rather than borrowed from `Font`: Cairo keeps its own idea
/// of the size a shared FT_Face is set to, and selecting a strike behind its back would change
/// the size of the glyphs it loads next.
final class ColorGlyphBitmaps {
    /// A glyph's picture and its box in ems: from the glyph's origin, x to the right and y
    /// down, so `top` is negative for a picture standing on the baseline.
    struct Glyph {
        let surface: OpaquePointer
        let left: Double
        let top: Double
        /// Ems per pixel, across and down: one over the strike's ppem.
        let emsPerPixelX: Double
        let emsPerPixelY: Double
        var pixelWidth: Int32 { cairo_image_surface_get_width(surface) }
        var pixelHeight: Int32 { cairo_image_surface_get_height(surface) }
    }

    private struct Key: Hashable {
        let font: Int
        let glyph: UInt32
    }

    private struct Strike {
        let face: FT_Face
        /// The bytes the face is made from, the font's own.
        let file: FontFileBytes
        let ppemX: Double
        let ppemY: Double
    }

    private var library: FT_Library?
    private var strikes: [Int: Strike?] = [:]
    /// nil for a glyph that has no colour bitmap (a space).
    private var glyphs: [Key: Glyph?] = [:]

    init() {
        if FT_Init_FreeType(&library) != 0 { library = nil }
    }

    deinit {
        removeAll()
        for case let strike? in strikes.values { FT_Done_Face(strike.face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The glyph's picture, or nil when the face has none for it.
    func glyph(_ glyph: UInt32, of font: Font) -> Glyph? {
        let key = Key(font: font.id, glyph: glyph)
        if let cached = glyphs[key] { return cached }
        let loaded = strike(of: font).flatMap { load(glyph, from: $0, font: font) }
        glyphs[key] = loaded
        return loaded
    }

    /// Lets the pictures go (they are made again for a later page that needs them).
    func removeAll() {
        for case let glyph? in glyphs.values { cairo_surface_destroy(glyph.surface) }
        glyphs.removeAll()
    }

    private func strike(of font: Font) -> Strike? {
        if let known = strikes[font.id] { return known }
        var strike: Strike?
        if let library, case let (0, face?) = font.file.newFace(in: library, faceIndex: font.faceIndex) {
            let sizes = UnsafeBufferPointer(start: face.pointee.available_sizes, count: Int(face.pointee.num_fixed_sizes))
            if let best = sizes.indices.max(by: { sizes[$0].y_ppem < sizes[$1].y_ppem }),
               FT_Select_Size(face, FT_Int(best)) == 0 {
                // Sizes are 26.6 fixed point.
                strike = Strike(face: face, file: font.file, ppemX: Double(sizes[best].x_ppem) / 64, ppemY: Double(sizes[best].y_ppem) / 64)
            } else {
                FT_Done_Face(face)
            }
        }
        strikes[font.id] = strike
        return strike
    }

    private func load(_ glyph: UInt32, from strike: Strike, font: Font) -> Glyph? {
        guard FT_Load_Glyph(strike.face, glyph, FT_Int32(FT_LOAD_COLOR)) == 0 else { return nil }
        let slot = strike.face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        guard slot.format == FT_GLYPH_FORMAT_BITMAP, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue),
              bitmap.width > 0, bitmap.rows > 0, let buffer = bitmap.buffer else { return nil }
        let width = Int(bitmap.width), rows = Int(bitmap.rows)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(rows)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let pitch = Int(bitmap.pitch)
        for row in 0 ..< rows {
            // A negative pitch means the rows are stored bottom up.
            let source = buffer + (pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch)
            let target = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0 ..< width {
                // FreeType's premultiplied B, G, R, A bytes; Cairo's ARGB32 is a native-endian word.
                let pixel = source + 4 * column
                target[column] = UInt32(pixel[3]) << 24 | UInt32(pixel[2]) << 16 | UInt32(pixel[1]) << 8 | UInt32(pixel[0])
            }
        }
        cairo_surface_mark_dirty(surface)
        // A glyph's picture, made again for each page, is stored once per document.
        SurfaceUniqueID.set("typeset colour glyph \(font.path)#\(font.faceIndex):\(glyph)", on: surface)
        return Glyph(surface: surface, left: Double(slot.bitmap_left) / strike.ppemX, top: -Double(slot.bitmap_top) / strike.ppemY,
                     emsPerPixelX: 1 / strike.ppemX, emsPerPixelY: 1 / strike.ppemY)
    }
}
