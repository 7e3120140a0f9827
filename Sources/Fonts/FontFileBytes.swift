import CFreeType
import CHarfBuzz
import Foundation

/// A font file read whole, once, and shared by every face a run makes from it: FreeType's for
/// layout and for drawing (`Font`, `SeparateFace`, a colour font's strikes) and HarfBuzz's for
/// shaping and subsetting.
///
/// Each of them opened the file by its name and mapped it: a font file truncated in place
/// while a run used it (`cp` of an update over it, a font manager's rewrite) ended the run with
/// SIGBUS in HarfBuzz, and one renamed over between layout and drawing would have been drawn
/// with the other file's glyphs. Read once, every face is made from the same bytes, which
/// nothing outside the process can change. The bytes go when the last face made from them does.
public final class FontFileBytes: @unchecked Sendable {
    public let path: String
    private let base: UnsafeMutableRawPointer
    private let count: Int

    /// The bytes of each file read, while a face holds them.
    private final class Held {
        weak var bytes: FontFileBytes?
        init(_ bytes: FontFileBytes) { self.bytes = bytes }
    }
    private static let lock = NSLock()
    nonisolated(unsafe) private static var held: [String: Held] = [:]

    /// The bytes of the font file at `path`: those read already while a face holds them, else
    /// read now. Throws when it cannot be read, or is not a regular file.
    public static func of(_ path: String) throws -> FontFileBytes {
        lock.lock()
        defer { lock.unlock() }
        if let bytes = held[path]?.bytes { return bytes }
        let bytes = try FontFileBytes(reading: path)
        held = held.filter { $0.value.bytes != nil }
        held[path] = Held(bytes)
        return bytes
    }

    private init(reading path: String) throws {
        self.path = path
        // Without blocking: a named pipe under a font's name must not hang the run.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FontError.cannotRead(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw FontError.cannotRead(path: path, reason: "it is not a regular file")
        }
        count = Int(info.st_size)
        base = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        var done = 0
        while done < count {
            let read = pread(descriptor, base + done, count - done, off_t(done))
            if read < 0, errno == EINTR { continue }
            guard read > 0 else {
                base.deallocate()
                throw FontError.cannotRead(path: path, reason: read < 0 ? String(cString: strerror(errno)) : "it ended while it was read")
            }
            done += read
        }
    }

    deinit {
        base.deallocate()
    }

    /// A FreeType face of these bytes (`FT_New_Memory_Face`); the caller keeps `self` as long
    /// as the face, and holds the library's face-list lock if it needs one.
    public func newFace(in library: FT_Library, faceIndex: Int) -> (error: FT_Error, face: FT_Face?) {
        var face: FT_Face?
        let error = FT_New_Memory_Face(library, base.assumingMemoryBound(to: FT_Byte.self), FT_Long(count), FT_Long(faceIndex), &face)
        return (error, face)
    }

    /// A HarfBuzz blob of these bytes, which keeps them as long as it lives.
    func harfBuzzBlob() -> OpaquePointer {
        hb_blob_create(base.assumingMemoryBound(to: CChar.self), UInt32(count), HB_MEMORY_MODE_READONLY,
                       Unmanaged.passRetained(self).toOpaque()) { owner in
            Unmanaged<FontFileBytes>.fromOpaque(owner!).release()
        }
    }

}
