/// Sixteen bytes that tell files apart, from everything that goes into one: two 64-bit lanes
/// mixed eight bytes at a time (FNV-1a's prime, a rotation between words). It is no
/// cryptographic digest; it makes a file's identifier without the clock.
struct ContentHash {
    private var first: UInt64 = 0xCBF2_9CE4_8422_2325
    private var second: UInt64 = 0x8422_2325_CBF2_9CE4
    private var count: UInt64 = 0
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add($0) }
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        while index + 8 <= bytes.count {
            mix(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        var tail: UInt64 = 0
        while index < bytes.count {
            tail = tail << 8 | UInt64(bytes[index])
            index += 1
        }
        mix(tail ^ UInt64(bytes.count))
        count &+= UInt64(bytes.count)
    }

    private mutating func mix(_ word: UInt64) {
        first = (first ^ word) &* Self.prime
        second = ((second ^ word) &* Self.prime) >> 29 | ((second ^ word) &* Self.prime) << 35
        second ^= first
    }

    var bytes: [UInt8] {
        let last = (first ^ count) &* Self.prime
        return (0 ..< 8).map { UInt8(truncatingIfNeeded: last >> (56 - 8 * $0)) }
            + (0 ..< 8).map { UInt8(truncatingIfNeeded: second >> (56 - 8 * $0)) }
    }
}
