/// What the text layer's fonts need to know of a `CFF ` table (Adobe Technical Note 5176):
/// whether it is CID-keyed, that is, whether its Top DICT starts with the `ROS` operator
/// (12 30), which a CIDFont's Top DICT must start with (5176, 18).
///
/// A CID-keyed CFF maps CIDs to glyphs through its own charset; the text layer writes glyph IDs
/// as CIDs, which only a font whose charset is the identity (Noto CJK's, Adobe-Identity-0)
/// reads as the same glyphs. Rather than read the charset, such fonts are left to Cairo.
enum CFFTopDict {
    /// Whether `table` (the bytes of a `CFF ` table) is a CIDFont's; nil when it cannot be read.
    static func isCIDKeyed(_ table: [UInt8]) -> Bool? {
        guard table.count >= 4 else { return nil }
        var position = Int(table[2])  // the header's size
        // The Name INDEX, then the Top DICT INDEX, whose first entry is the font's Top DICT.
        guard let names = index(in: table, at: position) else { return nil }
        position = names.end
        guard let topDicts = index(in: table, at: position), let first = topDicts.entries.first else { return nil }
        // The first operator: operands before it are skipped by their encodings (5176, Table 3).
        var offset = first.lowerBound
        while offset < first.upperBound {
            let byte = table[offset]
            switch byte {
            case 12: return offset + 1 < first.upperBound && table[offset + 1] == 30
            case 0 ... 21: return false
            case 28: offset += 3
            case 29: offset += 5
            case 30:
                // A real number: nibbles up to one of 0xF.
                offset += 1
                while offset < first.upperBound, table[offset] & 0x0F != 0x0F, table[offset] >> 4 != 0x0F { offset += 1 }
                offset += 1
            case 32 ... 246: offset += 1
            case 247 ... 254: offset += 2
            default: return nil
            }
        }
        return false
    }

    /// The INDEX at `position`: each entry's range of bytes in `table`, and where it ends.
    private static func index(in table: [UInt8], at position: Int) -> (entries: [Range<Int>], end: Int)? {
        guard position + 2 <= table.count else { return nil }
        let count = Int(table[position]) << 8 | Int(table[position + 1])
        guard count > 0 else { return ([], position + 2) }
        guard position + 3 <= table.count else { return nil }
        let offSize = Int(table[position + 2])
        guard (1 ... 4).contains(offSize) else { return nil }
        let offsets = position + 3
        let dataStart = offsets + (count + 1) * offSize - 1  // offsets count from 1
        guard offsets + (count + 1) * offSize <= table.count else { return nil }
        func offset(_ index: Int) -> Int {
            (0 ..< offSize).reduce(0) { $0 << 8 | Int(table[offsets + index * offSize + $1]) }
        }
        var entries: [Range<Int>] = []
        for index in 0 ..< count {
            let start = dataStart + offset(index), end = dataStart + offset(index + 1)
            guard start <= end, end <= table.count else { return nil }
            entries.append(start ..< end)
        }
        return (entries, dataStart + offset(count))
    }
}
