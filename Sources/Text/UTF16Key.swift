/// A piece of UTF-16 text as a dictionary key without copying it: a slice of the document's
/// own storage, hashed in one pass (FNV-1a) rather than unit by unit. Caches of words
/// (shaping, hyphenation) look words up by the hundred thousand.
public struct UTF16Key: Hashable, Sendable {
    public var units: ArraySlice<UInt16>

    // Inlinable: the caches that use these live in other modules and call them per word, where
    // a generic, unspecialised call costs more than the lookup itself.
    @inlinable
    public init(_ units: ArraySlice<UInt16>) {
        self.units = units
    }

    @inlinable
    public init<C: Collection>(_ units: C) where C.Element == UInt16 {
        self.units = (units as? ArraySlice<UInt16>) ?? ArraySlice(units)
    }

    @inlinable
    public static func == (a: UTF16Key, b: UTF16Key) -> Bool { a.units == b.units }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in units { value = (value ^ UInt64(unit)) &* 0x100_0000_01b3 }
        hasher.combine(value)
    }
}
