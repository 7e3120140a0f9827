/// A font's ToUnicode CMap (ISO 32000-1, 9.10.3): for each code (a simple font's byte, or a
/// glyph ID of an Identity-H font, two bytes) the text it stands for, in UTF-16BE, which is how
/// a reader extracts, searches and speaks the text of a PDF.
struct ToUnicodeCMap {
    /// A CMap's `beginbfchar` block holds at most 100 entries (Adobe TN 5014 and 5411).
    static let entriesPerBlock = 100

    /// How many bytes a code has: 1 or 2, the code space `<00> <FF>` or `<0000> <FFFF>`.
    let codeBytes: Int

    init(codeBytes: Int) {
        self.codeBytes = codeBytes
    }

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
        out.append(contentsOf: (codeBytes == 1 ? "1 begincodespacerange\n<00> <FF>\nendcodespacerange\n"
                                                : "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n").utf8)
        var start = 0
        while start < entries.count {
            let block = entries[start ..< min(start + Self.entriesPerBlock, entries.count)]
            out.append(contentsOf: "\(block.count) beginbfchar\n".utf8)
            for entry in block {
                out.append(UInt8(ascii: "<"))
                Self.appendHex(entry.code, digits: 2 * codeBytes, to: &out)
                out.append(contentsOf: "> <".utf8)
                for unit in entry.text { Self.appendHex(unit, digits: 4, to: &out) }
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

    private static func appendHex(_ value: UInt16, digits count: Int, to out: inout [UInt8]) {
        for shift in stride(from: 4 * (count - 1), through: 0, by: -4) { out.append(digits[Int(value >> UInt16(shift) & 0xF)]) }
    }
}
