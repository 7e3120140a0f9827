import CCairo
import Fonts

/// Stand-ins for colour faces in the text layer under their pictures: Cairo user fonts whose
/// glyphs draw nothing.
///
/// Cairo 1.16 paints a colour glyph as a picture and drops its text, so text shown in the
/// colour face itself cannot be extracted. Shown in a stand-in, the glyphs become a Type 3 font
/// with empty glyphs and a ToUnicode map: the emoji's characters come back out of the PDF.
///
/// Like `CairoFontFaces`, the faces are the process's, one per face file and index: each keeps
/// the `Font` it was made for (the first document's), which Cairo's caches would otherwise
/// keep alive once per document, with its FreeType face and HarfBuzz font.
final class InvisibleTextFaces {
    /// This document's fonts by id, so that a face is looked up without the process's lock.
    private var faces: [Int: OpaquePointer] = [:]
    private static let shared = ProcessFontFaces()
    private static let fontKey = CairoUserDataKey()

    func face(for font: Font) -> OpaquePointer {
        if let face = faces[font.id] { return face }
        let face = Self.shared.face(forKey: "\(font.path)#\(font.faceIndex)") { Self.makeFace(for: font) }
        faces[font.id] = face
        return face
    }

    /// A user font whose glyphs are `font`'s in size and draw nothing.
    private static func makeFace(for font: Font) -> OpaquePointer {
        let face = cairo_user_font_face_create()!
        // Each glyph advances half an em and has the colour glyph's box (in ems, y down).
        // Cairo places every glyph itself, so the advance only sets the glyph's width in the
        // PDF; poppler (pdftotext, Evince) guesses a Type 3 font's scale from its first glyph's
        // width, taking half an em as usual, and with the emoji's 1.25 em it would put them on
        // lines of their own. The ink box keeps the font's bounding box from being empty.
        cairo_user_font_face_set_render_glyph_func(face) { scaledFont, glyph, _, extents in
            if let scaledFont, let extents, let fontFace = cairo_scaled_font_get_font_face(scaledFont),
               let pointer = cairo_font_face_get_user_data(fontFace, InvisibleTextFaces.fontKey.pointer) {
                let font = Unmanaged<Font>.fromOpaque(pointer).takeUnretainedValue()
                let unitsPerEm = Double(font.unitsPerEm)
                extents.pointee.x_advance = 0.5
                extents.pointee.x_bearing = 0
                extents.pointee.y_bearing = -Double(font.ascender) / unitsPerEm
                extents.pointee.width = Double(font.horizontalAdvance(of: UInt32(glyph))) / unitsPerEm
                extents.pointee.height = Double(font.ascender - font.descender) / unitsPerEm
            }
            return CAIRO_STATUS_SUCCESS
        }
        CairoFontFaces.keep(font, aliveWith: face, key: Self.fontKey)
        return face
    }
}
