/// What the text layer's fonts need to know of a `CFF ` table (Adobe Technical Note 5176):
/// whether it is CID-keyed, that is, whether its Top DICT starts with the `ROS` operator
/// (12 30), which a CIDFont's Top DICT must start with (5176, 18), and whether its charset is
/// the identity.
///
/// A CID-keyed CFF maps CIDs to glyphs through its own charset; the text layer writes glyph IDs
/// as CIDs (`/Identity-H`), which a reader draws as the same glyphs only when the charset gives
/// every glyph its own ID as its CID — Noto CJK's does (Adobe-Identity-0). Such a font is the
/// layer's; one with another charset (Adobe-Japan1 and the like) is left to Cairo.
enum CFFTopDict {
    /// Whether `table` (the bytes of a `CFF ` table) is a CIDFont's; nil when it cannot be read.
    static func isCIDKeyed(_ table: [UInt8]) -> Bool? {
        guard let first = topDictOperators(table)?.first else { return nil }
        return first.op == rosOperator
    }

    /// Whether the text layer can write `table`'s glyphs by their IDs: a CFF that is not
    /// CID-keyed (it reads CIDs as glyph indices), or a CID-keyed one whose charset gives each of
    /// its `glyphCount` glyphs its own ID as its CID. Nil when the table cannot be read.
    static func readsGlyphIDsAsCIDs(_ table: [UInt8], glyphCount: Int) -> Bool? {
        guard let operators = topDictOperators(table), let first = operators.first else { return nil }
        guard first.op == rosOperator else { return true }
        guard let charset = operators.first(where: { $0.op == charsetOperator })?.operands.last, charset > 2 else {
            return false  // the predefined charsets (0–2) are of name-keyed fonts
        }
        return isIdentity(charsetAt: charset, in: table, glyphCount: glyphCount)
    }

    /// `ROS`, two bytes 12 30, as `topDictOperators` numbers them.
    private static let rosOperator = 1200 + 30
    /// `charset`, its offset from the table's start.
    private static let charsetOperator = 15

    /// The Top DICT's operators and their integer operands (a real one counts as 0), in order.
    private static func topDictOperators(_ table: [UInt8]) -> [(op: Int, operands: [Int])]? {
        guard table.count >= 4 else { return nil }
        // The header, the Name INDEX, then the Top DICT INDEX, whose first entry is the font's.
        guard let names = index(in: table, at: Int(table[2])),
              let topDicts = index(in: table, at: names.end), let dict = topDicts.entries.first else { return nil }
        var operators: [(op: Int, operands: [Int])] = [], operands: [Int] = []
        var offset = dict.lowerBound
        func byte(_ at: Int) -> Int? { at < dict.upperBound ? Int(table[at]) : nil }
        while let b0 = byte(offset) {
            switch b0 {
            case 0 ... 21:
                if b0 == 12 {
                    guard let b1 = byte(offset + 1) else { return nil }
                    operators.append((1200 + b1, operands))
                    offset += 2
                } else {
                    operators.append((b0, operands))
                    offset += 1
                }
                operands = []
            case 28:
                guard let b1 = byte(offset + 1), let b2 = byte(offset + 2) else { return nil }
                operands.append(Int(Int16(truncatingIfNeeded: b1 << 8 | b2)))
                offset += 3
            case 29:
                guard offset + 4 < dict.upperBound else { return nil }
                let value = (1 ... 4).reduce(0) { $0 << 8 | Int(table[offset + $1]) }
                operands.append(Int(Int32(truncatingIfNeeded: value)))
                offset += 5
            case 30:
                // A real number: nibbles up to one of 0xF.
                offset += 1
                while let next = byte(offset), next & 0x0F != 0x0F, next >> 4 != 0x0F { offset += 1 }
                offset += 1
                operands.append(0)
            case 32 ... 246:
                operands.append(b0 - 139)
                offset += 1
            case 247 ... 254:
                guard let b1 = byte(offset + 1) else { return nil }
                operands.append(b0 < 251 ? (b0 - 247) * 256 + b1 + 108 : -(b0 - 251) * 256 - b1 - 108)
                offset += 2
            default: return nil
            }
        }
        return operators
    }

    /// Whether the charset at `offset` gives glyph i the CID i for every glyph (5176, 13: glyph 0
    /// is .notdef and not listed; formats 0, 1 and 2).
    private static func isIdentity(charsetAt offset: Int, in table: [UInt8], glyphCount: Int) -> Bool? {
        guard offset < table.count else { return nil }
        func card16(_ at: Int) -> Int? { at + 1 < table.count ? Int(table[at]) << 8 | Int(table[at + 1]) : nil }
        var glyph = 1, position = offset + 1
        switch table[offset] {
        case 0:
            while glyph < glyphCount {
                guard let cid = card16(position) else { return nil }
                if cid != glyph { return false }
                glyph += 1
                position += 2
            }
        case 1, 2:
            let countSize = table[offset] == 1 ? 1 : 2
            while glyph < glyphCount {
                guard let first = card16(position), position + 2 + countSize <= table.count else { return nil }
                let left = countSize == 1 ? Int(table[position + 2]) : card16(position + 2)!
                if first != glyph { return false }
                glyph += left + 1
                position += 2 + countSize
            }
        default: return nil
        }
        return true
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
