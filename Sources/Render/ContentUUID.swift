import Foundation
import Text

/// UUIDs made from bytes rather than from the clock or chance, so that the same document gets
/// the same identifiers (XMP's `xmpMM:DocumentID` and `InstanceID`) and so the same file bytes.
///
/// The bytes are hashed once, eight at a time (`ContentHash`); each identifier is the hash of
/// its salt and that hash, stamped as a version 8 ("custom") UUID of RFC 9562, so that one pass
/// over a draft of megabytes gives both. It tells documents apart; it is no cryptographic digest.
struct ContentUUID {
    private var content = ContentHash()

    /// Adds bytes: a file is hashed a piece at a time, never held whole (a book's draft is
    /// megabytes, and mapped it counted in the run's peak memory).
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        content.add(bytes)
    }

    /// The UUID of the bytes added so far, told apart by `salt` from another identifier of the
    /// same bytes.
    func uuid(salt: String) -> String {
        var salted = ContentHash()
        salted.add(Array(salt.utf8))
        salted.add(content.bytes)
        var bytes = salted.bytes
        bytes[6] = bytes[6] & 0x0F | 0x80
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }
        return [hex[0 ..< 4], hex[4 ..< 6], hex[6 ..< 8], hex[8 ..< 10], hex[10 ..< 16]].map { $0.joined() }.joined(separator: "-")
    }
}
