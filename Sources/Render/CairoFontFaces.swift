import CCairo
import Fonts

/// Cairo font faces over FreeType faces of the renderer's own (`SeparateFaces`): Cairo
/// changes a face's size and loads glyphs into it while drawing, which must not happen to a
/// face layout may be using on another thread (`PagesAhead`). Each Cairo face keeps its
/// FreeType face alive for as long as Cairo holds it: Cairo caches faces past their last
/// use, and a freed FT_Face must never be reachable from that cache.
///
/// The faces are the process's (`ProcessFontFaces`), one per face file and index, so that
/// what Cairo keeps after a document is reused by the next instead of piling up.
final class CairoFontFaces {
    /// This document's fonts by id, so that a face is looked up without the process's lock.
    private var faces: [Int: OpaquePointer] = [:]
    /// The face asked for last: runs in a row mostly share their font, which then costs no lookup.
    private var last: (id: Int, face: OpaquePointer)?
    private static let shared = ProcessFontFaces()
    /// One FreeType library for every renderer face of the process.
    private static let separateFaces = Result { try SeparateFaces() }
    private static let faceKey = CairoUserDataKey()

    func face(for font: Font) throws -> OpaquePointer {
        if let last, last.id == font.id { return last.face }
        let face = try lookUpFace(for: font)
        last = (font.id, face)
        return face
    }

    private func lookUpFace(for font: Font) throws -> OpaquePointer {
        if let face = faces[font.id] { return face }
        let face = try Self.shared.face(forKey: "\(font.path)#\(font.faceIndex)") {
            let ftFace = try Self.separateFaces.get().face(path: font.path, faceIndex: font.faceIndex)
            let face = cairo_ft_font_face_create_for_ft_face(ftFace.freeTypeFace.assumingMemoryBound(to: FT_FaceRec_.self), 0)!
            Self.keep(ftFace, aliveWith: face, key: Self.faceKey)
            return face
        }
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
}
