/// Unicode scalars read straight out of UTF-16 storage, by offset: the layout stages work in
/// UTF-16 offsets and need a character's value without building Strings.
public enum UTF16Scalars {
    /// The scalar that starts at `offset` and how many units it takes (a lone surrogate is
    /// taken as itself, one unit long).
    @inline(__always)
    public static func scalar(in units: TextUnitSlice, at offset: Int) -> (value: UInt32, length: Int) {
        let unit = units[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < units.endIndex, UTF16.isTrailSurrogate(units[offset + 1]) {
            return (0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[offset + 1]) - 0xDC00), 2)
        }
        return (UInt32(unit), 1)
    }

    /// The scalar that ends just before `offset`.
    @inline(__always)
    public static func scalar(in units: TextUnitSlice, endingAt offset: Int) -> UInt32 {
        let unit = units[offset - 1]
        if UTF16.isTrailSurrogate(unit), offset - 2 >= units.startIndex, UTF16.isLeadSurrogate(units[offset - 2]) {
            return 0x10000 + ((UInt32(units[offset - 2]) - 0xD800) << 10) + (UInt32(unit) - 0xDC00)
        }
        return UInt32(unit)
    }
}
