/// The cmap table (OpenType, "cmap") of a simple TrueType font's program: its one-byte codes to
/// their glyphs, as Cairo gives its TrueType subsets. A simple font that is symbolic and has no
/// `/Encoding` reaches a code's glyph through the (3,0) subtable at 0xF000 plus the code, or the
/// (1,0) subtable at the code itself (ISO 32000-1, 9.6.6.4); poppler, MuPDF and pdfium read
/// either, so both are written. Glyph IDs keep their 16 bits (the subset keeps the face's IDs):
/// format 6 for (1,0), format 4 with a glyph array for (3,0).
struct CodeCmap {
    let bytes: [UInt8]

    /// `codes`: each code with its glyph, in increasing order of code.
    init(codes: [(code: UInt8, glyph: UInt32)]) {
        let first = Int(codes.first?.code ?? 0), last = Int(codes.last?.code ?? 0)
        var glyphs = [UInt16](repeating: 0, count: last - first + 1)
        for (code, glyph) in codes { glyphs[Int(code) - first] = UInt16(truncatingIfNeeded: glyph) }

        var macintosh = Writer()  // format 6: trimmed table mapping
        macintosh.uint16(6)
        macintosh.uint16(UInt16(10 + 2 * glyphs.count))
        macintosh.uint16(0)  // language
        macintosh.uint16(UInt16(first))
        macintosh.uint16(UInt16(glyphs.count))
        for glyph in glyphs { macintosh.uint16(glyph) }

        // Format 4, two segments: the codes at 0xF000 through the glyph array, then the
        // closing segment 0xFFFF that the format requires.
        var symbol = Writer()
        let segmentCount = 2
        symbol.uint16(4)
        symbol.uint16(UInt16(16 + 8 * segmentCount + 2 * glyphs.count))
        symbol.uint16(0)  // language
        symbol.uint16(UInt16(2 * segmentCount))
        symbol.uint16(4)  // searchRange: 2 × the largest power of 2 ≤ segmentCount
        symbol.uint16(1)  // entrySelector: log2 of it
        symbol.uint16(0)  // rangeShift: 2 × segmentCount − searchRange
        symbol.uint16(UInt16(0xF000 + last))
        symbol.uint16(0xFFFF)
        symbol.uint16(0)  // reservedPad
        symbol.uint16(UInt16(0xF000 + first))
        symbol.uint16(0xFFFF)
        symbol.uint16(0)  // idDelta
        symbol.uint16(1)  // 0xFFFF + 1: glyph 0
        symbol.uint16(UInt16(2 * segmentCount))  // idRangeOffset: from here to the glyph array
        symbol.uint16(0)
        for glyph in glyphs { symbol.uint16(glyph) }

        var table = Writer()
        table.uint16(0)  // version
        table.uint16(2)
        let subtables = 4 + 2 * 8
        for (platform, encoding, offset) in [(1, 0, subtables), (3, 0, subtables + macintosh.bytes.count)] {
            table.uint16(UInt16(platform))
            table.uint16(UInt16(encoding))
            table.uint32(UInt32(offset))
        }
        bytes = table.bytes + macintosh.bytes + symbol.bytes
    }

    /// Big-endian integers, as OpenType tables hold them.
    private struct Writer {
        var bytes: [UInt8] = []

        mutating func uint16(_ value: UInt16) {
            bytes.append(UInt8(value >> 8))
            bytes.append(UInt8(value & 0xFF))
        }

        mutating func uint32(_ value: UInt32) {
            uint16(UInt16(value >> 16))
            uint16(UInt16(value & 0xFFFF))
        }
    }
}
