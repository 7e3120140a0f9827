import Foundation

/// A UUID made from bytes rather than from the clock or chance, so that the same document
/// gets the same identifiers (XMP's `xmpMM:DocumentID`) and so the same file bytes.
///
/// It is two 64-bit FNV-1a hashes of the bytes, from two offsets, stamped as a version 8
/// ("custom") UUID of RFC 9562. It tells documents apart; it is no cryptographic digest.
struct ContentUUID {
    private var first: UInt64 = 0xCBF2_9CE4_8422_2325, second: UInt64 = 0x84222325_CBF29CE4

    /// A UUID of the bytes added after `salt`, which tells apart identifiers of the same bytes.
    init(salt: String) {
        for byte in salt.utf8 { mix(byte) }
    }

    /// Adds bytes: a file is hashed a piece at a time, never held whole (a book's draft is
    /// megabytes, and mapped it counted in the run's peak memory).
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes { mix(byte) }
    }

    /// The UUID of the bytes added so far.
    var uuid: String {
        var bytes = (0 ..< 8).map { UInt8(truncatingIfNeeded: first >> (56 - 8 * $0)) }
            + (0 ..< 8).map { UInt8(truncatingIfNeeded: second >> (56 - 8 * $0)) }
        bytes[6] = bytes[6] & 0x0F | 0x80
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }
        return [hex[0 ..< 4], hex[4 ..< 6], hex[6 ..< 8], hex[8 ..< 10], hex[10 ..< 16]].map { $0.joined() }.joined(separator: "-")
    }

    private mutating func mix(_ byte: UInt8) {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        first = (first ^ UInt64(byte)) &* prime
        second = (second ^ UInt64(byte ^ 0x5A)) &* prime
    }
}
