import CCairo
import Fonts

/// Cairo font faces, made once per font over FreeType faces of the renderer's own
/// (`SeparateFaces`): Cairo changes a face's size and loads glyphs into it while drawing,
/// which must not happen to a face layout may be using on another thread (`PagesAhead`).
/// Each Cairo face keeps its FreeType face alive for as long as Cairo holds it: Cairo caches
/// faces past their last use, and a freed FT_Face must never be reachable from that cache.
final class CairoFontFaces {
    private var faces: [Int: OpaquePointer] = [:]
    private var separateFaces: SeparateFaces?
    private static let faceKey = CairoUserDataKey()

    func face(for font: Font) throws -> OpaquePointer {
        if let face = faces[font.id] { return face }
        let separateFaces = try separateFaces ?? SeparateFaces()
        self.separateFaces = separateFaces
        let ftFace = try separateFaces.face(for: font)
        let face = cairo_ft_font_face_create_for_ft_face(ftFace.freeTypeFace.assumingMemoryBound(to: FT_FaceRec_.self), 0)!
        Self.keep(ftFace, aliveWith: face, key: Self.faceKey)
        faces[font.id] = face
        return face
    }

    /// Stores `object` in `face`'s user data under `key`, retained until Cairo destroys the face.
    static func keep<Object: AnyObject>(_ object: Object, aliveWith face: OpaquePointer, key: CairoUserDataKey) {
        let retained = Unmanaged.passRetained(object).toOpaque()
        cairo_font_face_set_user_data(face, key.pointer, retained) { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
    }

    deinit {
        for face in faces.values { cairo_font_face_destroy(face) }
    }
}
