import CFreeType
import Foundation

/// A FreeType library instance, shared by the `FontLibrary` that made it and every `Font`
/// loaded through it, and destroyed when the last of them goes. A font may outlive its
/// `FontLibrary` (Cairo keeps faces in its caches, a caller may keep a laid-out line), and
/// FT_Done_FreeType frees the library's memory manager even while faces still use it.
///
/// Opening and closing faces goes through `withFaceListLocked`: FreeType keeps a library's
/// faces in a list that FT_New_Face and FT_Done_Face change, and a font kept alive by Cairo's
/// caches is released (and its face closed) on whichever thread Cairo lets it go, while the
/// document that loaded it may still be opening faces on its own.
final class FreeTypeLibrary: @unchecked Sendable {
    let handle: FT_Library
    private let faceListLock = NSLock()

    init() throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw FontError.fontconfig("cannot start FreeType") }
        handle = library
    }

    deinit {
        FT_Done_FreeType(handle)
    }

    func withFaceListLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        faceListLock.lock()
        defer { faceListLock.unlock() }
        return try body()
    }
}
