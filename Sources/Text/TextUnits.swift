import Glibc

/// A text's UTF-16 units, kept one byte each while every one of them is below U+0100 (ASCII
/// and Latin-1: most Latin books), two bytes each from the first that is not: the text is
/// widened once, there. Offsets are UTF-16's either way. The text is held from reading to the
/// end of drawing, where a run's memory peaks, so a Latin book's text costs half what it did
/// (docs/pipeline.md, "Memory that follows the text").
///
/// A unit read alone goes through a switch (markup's and the checks' readers); a stretch read
/// by layout is a `TextUnitSlice`, two bytes a unit, widened once; the loops over the whole
/// text take both widths through `withUnits`, each path compiled for its width.
public enum TextUnits: RandomAccessCollection, Sendable {
    public typealias Indices = Range<Int>
    public typealias SubSequence = TextUnitSlice

    case narrow([UInt8])
    case wide([UInt16])

    public init() { self = .narrow([]) }

    public var startIndex: Int { 0 }

    @inlinable
    public var endIndex: Int {
        switch self {
        case .narrow(let bytes): bytes.count
        case .wide(let units): units.count
        }
    }

    @inlinable
    public var indices: Range<Int> { 0 ..< endIndex }

    @inlinable
    public subscript(offset: Int) -> UInt16 {
        switch self {
        case .narrow(let bytes): UInt16(bytes[offset])
        case .wide(let units): units[offset]
        }
    }

    /// The units of `bounds` two bytes each, at their offsets: the text's own array when it is
    /// wide, a copy of the stretch when it is narrow.
    public subscript(bounds: Range<Int>) -> TextUnitSlice {
        switch self {
        case .narrow(let bytes):
            // No array of no units is made so: `init(unsafeUninitializedCapacity: 0)` writes its
            // count into the empty array all threads share (ThreadSanitizer: a race with any
            // other thread reading an empty array's count).
            guard !bounds.isEmpty else { return TextUnitSlice(units: [], unitsStart: bounds.lowerBound, bounds: bounds) }
            let copy = [UInt16](unsafeUninitializedCapacity: bounds.count) { wide, initialized in
                bytes.withUnsafeBufferPointer { narrow in
                    guard let source = narrow.baseAddress, let target = wide.baseAddress else { return }
                    Self.widen(source + bounds.lowerBound, into: target, count: bounds.count)
                }
                initialized = bounds.count
            }
            return TextUnitSlice(units: copy, unitsStart: bounds.lowerBound, bounds: bounds)
        case .wide(let units):
            precondition(bounds.lowerBound >= 0 && bounds.upperBound <= units.count, "TextUnits: range out of bounds")
            return TextUnitSlice(units: units, unitsStart: 0, bounds: bounds)
        }
    }

    /// Whether each unit is kept in one byte.
    public var isNarrow: Bool {
        if case .narrow = self { return true }
        return false
    }

    /// The units through a pointer of their width, for a loop over the whole text: `narrow`'s
    /// or `wide`'s body, chosen once.
    @inlinable
    public func withUnits<Result>(narrow: (UnsafeBufferPointer<UInt8>) throws -> Result,
                                  wide: (UnsafeBufferPointer<UInt16>) throws -> Result) rethrows -> Result {
        switch self {
        case .narrow(let bytes): try bytes.withUnsafeBufferPointer(narrow)
        case .wide(let units): try units.withUnsafeBufferPointer(wide)
        }
    }

    /// The first offset in `range` holding `unit`, without widening the stretch.
    public func firstIndex(of unit: UInt16, in range: Range<Int>) -> Int? {
        withUnits(narrow: { bytes in
            guard unit <= UInt8.max else { return nil }
            return Self.firstIndex(ofByte: UInt8(unit), in: bytes, range: range)
        }, wide: { units in
            range.first { units[$0] == unit }
        })
    }

    /// The first offset in `range` of `bytes` holding `byte`: libc's `memchr`, which reads
    /// a vector at a time (a paragraph's line feed some 30 bytes on is a few dozen
    /// instructions; Swift's `any` over a SIMD comparison is a call a block).
    public static func firstIndex(ofByte byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Int? {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "TextUnits: range out of bounds")
        guard !range.isEmpty, let base = bytes.baseAddress,
              let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    // MARK: Changing

    public mutating func reserveCapacity(_ count: Int) {
        switch self {
        case .narrow(var bytes):
            self = .narrow([])
            bytes.reserveCapacity(count)
            self = .narrow(bytes)
        case .wide(var units):
            self = .narrow([])
            units.reserveCapacity(count)
            self = .wide(units)
        }
    }

    /// Appends `more`, one byte a unit while the text and `more` allow it, widening the text
    /// at the first unit that needs two. In place: the array is taken out of `self` before it
    /// grows, so that it is not copied.
    public mutating func append(contentsOf more: UnsafeBufferPointer<UInt16>) {
        guard !more.isEmpty else { return }
        switch self {
        case .narrow(var bytes) where Self.fitsOneByte(more):
            self = .narrow([])
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: more.count))
            bytes.withUnsafeMutableBufferPointer { narrow in
                guard let target = narrow.baseAddress, let source = more.baseAddress else { return }
                Self.narrowCopy(source, into: target + start, count: more.count)
            }
            self = .narrow(bytes)
        case .narrow(let bytes):
            // Widened with the room the text had been given, so that it does not grow by doubling.
            var units = Self.widen(bytes, capacity: Swift.max(bytes.capacity, bytes.count + more.count))
            self = .narrow([])
            units.append(contentsOf: more)
            self = .wide(units)
        case .wide(var units):
            self = .narrow([])
            units.append(contentsOf: more)
            self = .wide(units)
        }
    }

    public mutating func append(contentsOf more: ArraySlice<UInt16>) {
        more.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    public mutating func append(contentsOf more: TextUnitSlice) {
        more.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    public mutating func append(_ unit: UInt16) {
        withUnsafePointer(to: unit) { append(contentsOf: UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// Keeps the first `length` units.
    public mutating func removeSubrange(from length: Int) {
        switch self {
        case .narrow(var bytes):
            self = .narrow([])
            bytes.removeSubrange(length...)
            self = .narrow(bytes)
        case .wide(var units):
            self = .narrow([])
            units.removeSubrange(length...)
            self = .wide(units)
        }
    }

    /// Puts `unit` in place of the one at `offset`.
    public mutating func replace(at offset: Int, with unit: UInt16) {
        switch self {
        case .narrow(var bytes) where unit <= UInt8.max:
            self = .narrow([])
            bytes[offset] = UInt8(unit)
            self = .narrow(bytes)
        case .narrow(let bytes):
            var units = Self.widen(bytes, capacity: bytes.count)
            units[offset] = unit
            self = .wide(units)
        case .wide(var units):
            self = .narrow([])
            units[offset] = unit
            self = .wide(units)
        }
    }

    /// The bytes the units take, for the tests that pin what a text holds.
    public var bytesHeld: Int {
        switch self {
        case .narrow(let bytes): bytes.capacity
        case .wide(let units): units.capacity * MemoryLayout<UInt16>.stride
        }
    }

    // MARK: Widths

    /// The units two bytes each: the text's own array when it is wide, a copy when it is
    /// narrow (for a reader of the whole text that takes nothing else: ICU's regular expressions).
    public var widened: [UInt16] {
        switch self {
        case .narrow(let bytes): Self.widen(bytes, capacity: bytes.count)
        case .wide(let units): units
        }
    }

    /// `bytes` two bytes each, in an array with room for `capacity` units.
    private static func widen(_ bytes: [UInt8], capacity: Int) -> [UInt16] {
        guard capacity > 0 else { return [] }   // see `subscript(bounds:)`
        return [UInt16](unsafeUninitializedCapacity: capacity) { wide, initialized in
            bytes.withUnsafeBufferPointer { narrow in
                guard let source = narrow.baseAddress, let target = wide.baseAddress else { return }
                widen(source, into: target, count: narrow.count)
            }
            initialized = bytes.count
        }
    }

    /// Whether every unit is below U+0100: one comparison a unit with no branch, a loop the
    /// compiler makes vector.
    private static func fitsOneByte(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
        var high: UInt16 = 0
        for unit in units { high |= unit }
        return high <= UInt16(UInt8.max)
    }

    // Loops over pointers without checked indices, which the compiler makes vector.
    private static func widen(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt16>, count: Int) {
        for index in 0 ..< count { target[index] = UInt16(source[index]) }
    }

    private static func narrowCopy(_ source: UnsafePointer<UInt16>, into target: UnsafeMutablePointer<UInt8>, count: Int) {
        for index in 0 ..< count { target[index] = UInt8(truncatingIfNeeded: source[index]) }
    }
}
