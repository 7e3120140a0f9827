import Foundation

/// Cairo font faces shared by every document the process draws, one per key (a face's file
/// and index), kept for the life of the process.
///
/// Cairo keeps up to 256 unused scaled fonts ("holdovers"), and with them their font faces.
/// A face made per document therefore outlived its document, and with it the FreeType face
/// and every page of the font file Cairo had read through it: PDF subsetting reads a Noto CJK
/// face's whole CFF table, 20–26 MB, so a batch grew by about 90 MB a Chinese document.
/// Shared, the face a later document asks for is the one an earlier document made, and so
/// are Cairo's scaled fonts of it: memory grows with the faces a process uses, not with its
/// documents. Cairo locks a face while it uses it, so documents drawn on several threads
/// may share one.
final class ProcessFontFaces: @unchecked Sendable {
    private let lock = NSLock()
    private var faces: [String: OpaquePointer] = [:]

    /// The face stored under `key`; `make` makes it (under the lock) the first time.
    func face(forKey key: String, make: () throws -> OpaquePointer) rethrows -> OpaquePointer {
        lock.lock()
        defer { lock.unlock() }
        if let face = faces[key] { return face }
        let face = try make()
        faces[key] = face
        return face
    }
}
