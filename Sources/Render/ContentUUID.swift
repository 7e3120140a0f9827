import Foundation

/// A UUID made from bytes rather than from the clock or chance, so that the same document
/// gets the same identifiers (XMP's `xmpMM:DocumentID`) and so the same file bytes.
///
/// It is two 64-bit FNV-1a hashes of the bytes, from two offsets, stamped as a version 8
/// ("custom") UUID of RFC 9562. It tells documents apart; it is no cryptographic digest.
enum ContentUUID {
    static func make(from data: Data, salt: String) -> String {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325, second: UInt64 = 0x84222325_CBF29CE4
        let prime: UInt64 = 0x0000_0100_0000_01B3
        func mix(_ byte: UInt8) {
            first = (first ^ UInt64(byte)) &* prime
            second = (second ^ UInt64(byte ^ 0x5A)) &* prime
        }
        for byte in salt.utf8 { mix(byte) }
        data.withUnsafeBytes { buffer in
            for byte in buffer { mix(byte) }
        }
        var bytes = (0 ..< 8).map { UInt8(truncatingIfNeeded: first >> (56 - 8 * $0)) }
            + (0 ..< 8).map { UInt8(truncatingIfNeeded: second >> (56 - 8 * $0)) }
        bytes[6] = bytes[6] & 0x0F | 0x80
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { String(format: "%02x", $0) }
        return [hex[0 ..< 4], hex[4 ..< 6], hex[6 ..< 8], hex[8 ..< 10], hex[10 ..< 16]].map { $0.joined() }.joined(separator: "-")
    }
}
