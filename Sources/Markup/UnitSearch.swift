/// The searches every character of a document goes through — the scanner's ordinary
/// characters, the line feeds that end paragraphs — done eight UTF-16 units at a time: one
/// vector comparison tells whether a block of eight holds a unit worth a look, and only such a
/// block is looked at unit by unit.
enum UnitSearch {
    private typealias Block = SIMD8<UInt16>

    /// The index of the first line feed in `units`, or nil.
    static func firstLineFeed(in units: ArraySlice<UInt16>) -> Int? {
        units.withUnsafeBufferPointer { buffer in
            let lineFeeds = Block(repeating: 0x0A)
            var index = 0
            while true {
                index = firstBlock(in: buffer, from: index) { any($0 .== lineFeeds) }
                let blockEnd = min(index + Block.scalarCount, buffer.count)
                while index < blockEnd {
                    if buffer[index] == 0x0A { return units.startIndex + index }
                    index += 1
                }
                if index == buffer.count { return nil }
            }
        }
    }

    /// The index of the first unit from `start` for which `endsStretch` holds, or the end of
    /// `units`; `endsStretch` must hold for no unit but NUL, line feed, `&`, `<` and units from
    /// U+D800 on (surrogates and the noncharacters above them).
    static func stretchEnd(in units: UnsafeBufferPointer<UInt16>, from start: Int, endsStretch: (UInt16) -> Bool) -> Int {
        let nuls = Block(repeating: 0), lineFeeds = Block(repeating: 0x0A)
        let ampersands = Block(repeating: 0x26), lessThans = Block(repeating: 0x3C)
        let belowSurrogates = Block(repeating: 0xD7FF)
        var index = start
        while true {
            index = firstBlock(in: units, from: index) { block in
                // Split in two: one expression of five comparisons takes the type checker too long.
                let markup = (block .== nuls) .| (block .== lineFeeds) .| (block .== ampersands) .| (block .== lessThans)
                return any(markup .| (block .> belowSurrogates))
            }
            let blockEnd = min(index + Block.scalarCount, units.count)
            while index < blockEnd {
                if endsStretch(units[index]) { return index }
                index += 1
            }
            if index == units.count { return index }
        }
    }

    /// The start of the first whole block from `start` for which `mayHold` holds, or of the
    /// units left after the last whole block.
    @inline(__always)
    private static func firstBlock(in units: UnsafeBufferPointer<UInt16>, from start: Int, where mayHold: (Block) -> Bool) -> Int {
        guard let base = UnsafeRawPointer(units.baseAddress) else { return start }
        var index = start
        while index + Block.scalarCount <= units.count {
            let block = base.loadUnaligned(fromByteOffset: index * MemoryLayout<UInt16>.stride, as: Block.self)
            if mayHold(block) { break }
            index += Block.scalarCount
        }
        return index
    }
}
