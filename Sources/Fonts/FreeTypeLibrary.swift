import CFreeType

/// A FreeType library instance, shared by the `FontLibrary` that made it and every `Font`
/// loaded through it, and destroyed when the last of them goes. A font may outlive its
/// `FontLibrary` (Cairo keeps faces in its caches, a caller may keep a laid-out line), and
/// FT_Done_FreeType frees the library's memory manager even while faces still use it.
final class FreeTypeLibrary: @unchecked Sendable {
    let handle: FT_Library

    init() throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw FontError.fontconfig("cannot start FreeType") }
        handle = library
    }

    deinit {
        FT_Done_FreeType(handle)
    }
}
