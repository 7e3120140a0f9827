/// A hash of bytes given in pieces, the same however they are cut: two 64-bit lanes mixed
/// eight bytes at a time (FNV-1a's prime; a rotation in the second lane), finished with the
/// count and splitmix64's mixing. It tells files apart, a PDF's identifier made without the
/// clock, a hyphenation table's name; it is no cryptographic digest.
public struct ContentHash {
    private var first: UInt64 = 0xCBF2_9CE4_8422_2325
    private var second: UInt64 = 0x8422_2325_CBF2_9CE4
    private var count: UInt64 = 0
    /// The bytes of a word not yet whole, the first in the lowest bits (as a little-endian load
    /// of the eight would put them).
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    public init() {}

    /// The 64-bit hash of `bytes`, taken whole.
    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = ContentHash()
        hash.add(bytes)
        return hash.value
    }

    public mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add($0) }
    }

    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        // A word begun by the piece before is finished first.
        while pendingCount > 0, index < bytes.count {
            pending |= UInt64(bytes[index]) << (8 * UInt64(pendingCount))
            pendingCount += 1
            index += 1
            if pendingCount == 8 {
                mix(pending)
                (pending, pendingCount) = (0, 0)
            }
        }
        while index + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < bytes.count {
            pending |= UInt64(bytes[index]) << (8 * UInt64(pendingCount))
            pendingCount += 1
            index += 1
        }
        count &+= UInt64(bytes.count)
    }

    private mutating func mix(_ word: UInt64) {
        first = (first ^ word) &* Self.prime
        let product = (second ^ word) &* Self.prime
        second = (product >> 29 | product << 35) ^ first
    }

    /// The two lanes with what is pending and the count mixed in.
    private var finished: (UInt64, UInt64) {
        var copy = self
        if copy.pendingCount > 0 { copy.mix(copy.pending) }
        return (Self.splitmix(copy.first ^ copy.count), Self.splitmix(copy.second &+ copy.count))
    }

    /// The hash in 64 bits.
    public var value: UInt64 { finished.0 }

    /// The hash in 16 bytes, both lanes.
    public var bytes: [UInt8] {
        let (first, second) = finished
        return (0 ..< 8).map { UInt8(truncatingIfNeeded: first >> (56 - 8 * $0)) }
            + (0 ..< 8).map { UInt8(truncatingIfNeeded: second >> (56 - 8 * $0)) }
    }

    private static func splitmix(_ value: UInt64) -> UInt64 {
        var value = value &+ 0x9E37_79B9_7F4A_7C15
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
