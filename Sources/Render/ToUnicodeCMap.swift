/// A font's ToUnicode CMap (ISO 32000-1, 9.10.3): for each code (a glyph ID of an Identity-H
/// font, two bytes) the text it stands for, in UTF-16BE, which is how a reader extracts,
/// searches and speaks the text of a PDF.
struct ToUnicodeCMap {
    /// A CMap's `beginbfchar` block holds at most 100 entries (Adobe TN 5014 and 5411).
    static let entriesPerBlock = 100

    /// Codes and their texts, in increasing order of code.
    private(set) var entries: [(code: UInt16, text: [UInt16])] = []

    mutating func add(code: UInt16, text: some Sequence<UInt16>) {
        entries.append((code, Array(text)))
    }

    var bytes: [UInt8] {
        var out = Array("""
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def

        """.utf8)
        out.append(contentsOf: "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n".utf8)
        var start = 0
        while start < entries.count {
            let block = entries[start ..< min(start + Self.entriesPerBlock, entries.count)]
            out.append(contentsOf: "\(block.count) beginbfchar\n".utf8)
            for entry in block {
                out.append(UInt8(ascii: "<"))
                Self.appendHex(entry.code, to: &out)
                out.append(contentsOf: "> <".utf8)
                for unit in entry.text { Self.appendHex(unit, to: &out) }
                out.append(contentsOf: ">\n".utf8)
            }
            out.append(contentsOf: "endbfchar\n".utf8)
            start += Self.entriesPerBlock
        }
        out.append(contentsOf: """
        endcmap
        CMapName currentdict /CMap defineresource pop
        end
        end

        """.utf8)
        return out
    }

    private static let digits = Array("0123456789ABCDEF".utf8)

    private static func appendHex(_ value: UInt16, to out: inout [UInt8]) {
        for shift in stride(from: 12, through: 0, by: -4) { out.append(digits[Int(value >> UInt16(shift) & 0xF)]) }
    }
}
