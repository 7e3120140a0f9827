import CFreeType

/// The fonts' faces made again from their files' bytes (`FontFileBytes`), in a FreeType
/// library of their own.
///
/// FreeType allows a face to be used by one thread at a time, and Cairo sets a face's size
/// and transform and loads glyphs into it while it draws; layout meanwhile looks glyphs up
/// in the fonts' faces (`Font.hasGlyph`). A renderer that draws with these faces on one
/// thread while another lays out shares no FreeType state with it.
///
/// Not thread-safe: the renderer makes its faces under a lock (`ProcessFontFaces`).
public final class SeparateFaces: @unchecked Sendable {
    private let library: FreeTypeLibrary
    private var faces: [String: SeparateFace] = [:]

    public init() throws {
        library = try FreeTypeLibrary()
    }

    /// The face at `path` and `faceIndex`, opened on first use.
    public func face(path: String, faceIndex: Int) throws -> SeparateFace {
        let key = "\(path)#\(faceIndex)"
        if let face = faces[key] { return face }
        let face = try SeparateFace(library: library, path: path, faceIndex: faceIndex)
        faces[key] = face
        return face
    }
}

/// One FreeType face of `SeparateFaces`. It keeps its library alive, so it may outlive them
/// (Cairo holds faces in its caches past their last use) and be closed on any thread.
public final class SeparateFace: @unchecked Sendable {
    private let face: FT_Face
    private let library: FreeTypeLibrary
    /// The bytes layout's face was made from (`FontFileBytes`), not the file opened again:
    /// what is drawn is what was measured.
    private let file: FontFileBytes

    init(library: FreeTypeLibrary, path: String, faceIndex: Int) throws {
        let file = try FontFileBytes.of(path)
        let (error, loaded) = library.withFaceListLocked { file.newFace(in: library.handle, faceIndex: faceIndex) }
        guard error == 0, let loaded else { throw FontError.cannotLoad(path: path, code: Int(error)) }
        self.file = file
        face = loaded
        self.library = library
    }

    deinit {
        library.withFaceListLocked { _ = FT_Done_Face(face) }
    }

    /// The `FT_Face`.
    public var freeTypeFace: UnsafeMutableRawPointer { UnsafeMutableRawPointer(face) }
}
