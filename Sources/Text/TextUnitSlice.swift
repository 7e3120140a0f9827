/// A stretch of a text's UTF-16 units, indexed by text offsets, two bytes a unit: what layout
/// and the readers of a paragraph read. It is a slice of the text's own array when the text is
/// kept two bytes a unit, and a copy of the stretch widened once when it is kept one byte a unit
/// (`TextUnits`), so that every loop over a paragraph reads plain UTF-16 whatever the text's
/// width, at the cost of one copy a paragraph (docs/pipeline.md, "Memory that follows the text").
@frozen
public struct TextUnitSlice: RandomAccessCollection, Sendable {
    public typealias Indices = Range<Int>
    public typealias SubSequence = TextUnitSlice

    /// The units this stretch reads, the text's own or a copy.
    @usableFromInline let units: [UInt16]
    /// The text offset of `units[0]`.
    @usableFromInline let unitsStart: Int
    public let startIndex: Int
    public let endIndex: Int

    @inlinable
    init(units: [UInt16], unitsStart: Int, bounds: Range<Int>) {
        self.units = units
        self.unitsStart = unitsStart
        startIndex = bounds.lowerBound
        endIndex = bounds.upperBound
    }

    /// Units that are not a text's (a word, a test's string), at offsets from 0.
    @inlinable
    public init(_ units: [UInt16]) {
        self.init(units: units, unitsStart: 0, bounds: 0 ..< units.count)
    }

    /// `units` standing at text offsets from `start` (a stretch of a text changed, its length kept).
    @inlinable
    public init(_ units: [UInt16], at start: Int) {
        self.init(units: units, unitsStart: start, bounds: start ..< start + units.count)
    }

    /// A slice of an array, at the array's offsets.
    @inlinable
    public init(_ units: ArraySlice<UInt16>) {
        self.init(units: Array(units), unitsStart: units.startIndex, bounds: units.indices)
    }

    @inlinable
    public subscript(offset: Int) -> UInt16 {
        units[offset - unitsStart]
    }

    @inlinable
    public subscript(bounds: Range<Int>) -> TextUnitSlice {
        precondition(bounds.lowerBound >= startIndex && bounds.upperBound <= endIndex, "TextUnitSlice: range out of bounds")
        return TextUnitSlice(units: units, unitsStart: unitsStart, bounds: bounds)
    }

    @inlinable
    public var indices: Range<Int> { startIndex ..< endIndex }

    @inlinable
    public func index(after offset: Int) -> Int { offset + 1 }

    @inlinable
    public func index(before offset: Int) -> Int { offset - 1 }

    /// The stretch's units through a pointer, `[0]` the one at `startIndex`.
    @inlinable
    public func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt16>) throws -> Result) rethrows -> Result {
        try units.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[startIndex - unitsStart ..< endIndex - unitsStart]))
        }
    }

    @inlinable
    public func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<UInt16>) throws -> Result) rethrows -> Result? {
        try withUnsafeBufferPointer(body)
    }

    /// The units as an array slice indexed from the array's start, for a reader of the units
    /// alone (a key, a word to shape), to whom their offsets in the text mean nothing.
    @inlinable
    public var unitsAlone: ArraySlice<UInt16> {
        units[startIndex - unitsStart ..< endIndex - unitsStart]
    }
}

extension TextUnitSlice: ExpressibleByArrayLiteral {
    public init(arrayLiteral units: UInt16...) {
        self.init(units)
    }
}

extension TextUnitSlice: Equatable {
    /// The same units, wherever they are, as two array slices compare.
    @inlinable
    public static func == (a: TextUnitSlice, b: TextUnitSlice) -> Bool {
        a.elementsEqual(b)
    }
}
