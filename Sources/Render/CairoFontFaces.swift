import CCairo
import Fonts

/// Cairo font faces over the FreeType faces of the Fonts stage, made once per font.
/// Each cairo face keeps its `Font` (and so the FreeType face) alive for as long as Cairo
/// holds it: Cairo caches faces past their last use, and a freed FT_Face must never be
/// reachable from that cache.
final class CairoFontFaces {
    private var faces: [Int: OpaquePointer] = [:]
    private static let fontKey = CairoUserDataKey()

    func face(for font: Font) -> OpaquePointer {
        if let face = faces[font.id] { return face }
        let ftFace = font.freeTypeFace.assumingMemoryBound(to: FT_FaceRec_.self)
        let face = cairo_ft_font_face_create_for_ft_face(ftFace, 0)!
        Self.keep(font, aliveWith: face, key: Self.fontKey)
        faces[font.id] = face
        return face
    }

    /// Stores `font` in `face`'s user data under `key`, retained until Cairo destroys the face.
    static func keep(_ font: Font, aliveWith face: OpaquePointer, key: CairoUserDataKey) {
        let retained = Unmanaged.passRetained(font).toOpaque()
        cairo_font_face_set_user_data(face, key.pointer, retained) { pointer in
            if let pointer { Unmanaged<Font>.fromOpaque(pointer).release() }
        }
    }

    deinit {
        for face in faces.values { cairo_font_face_destroy(face) }
    }
}
