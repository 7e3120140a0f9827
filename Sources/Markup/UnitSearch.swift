import Text

/// The searches every character of markup goes through — the scanner's ordinary characters,
/// the line feeds that end paragraphs — done eight UTF-16 units at a time (`UnitBlocks`): one
/// vector comparison tells whether a block of eight holds a unit worth a look, and only such a
/// block is looked at unit by unit.
enum UnitSearch {
    private typealias Block = UnitBlocks.Block

    /// The index of the first line feed in `units`, or nil.
    static func firstLineFeed(in units: ArraySlice<UInt16>) -> Int? {
        units.withUnsafeBufferPointer { buffer in
            firstLineFeed(in: buffer, from: 0).map { units.startIndex + $0 }
        }
    }

    /// The offset of the first line feed of a document's text from `start`, or nil: read at
    /// the text's width, by `memchr` when the units are bytes.
    static func firstLineFeed(in text: TextUnits, from start: Int) -> Int? {
        text.withUnits(narrow: { TextUnits.firstIndex(ofByte: 0x0A, in: $0, range: start ..< $0.count) },
                       wide: { firstLineFeed(in: $0, from: start) })
    }

    private static func firstLineFeed(in buffer: UnsafeBufferPointer<UInt16>, from start: Int) -> Int? {
        let lineFeeds = Block(repeating: 0x0A)
        var index = start
        while true {
            index = UnitBlocks.firstBlock(in: buffer, from: index, end: buffer.count) { any($0 .== lineFeeds) }
            let blockEnd = min(index + Block.scalarCount, buffer.count)
            while index < blockEnd {
                if buffer[index] == 0x0A { return index }
                index += 1
            }
            if index == buffer.count { return nil }
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
            index = UnitBlocks.firstBlock(in: units, from: index, end: units.count) { block in
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

    /// The same over units kept one byte each (`SourceUnits.narrow`), sixteen at a time: below
    /// U+0100 only NUL, line feed, `&` and `<` end a stretch.
    static func stretchEnd(in units: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        typealias Bytes = SIMD16<UInt8>
        let nuls = Bytes(repeating: 0), lineFeeds = Bytes(repeating: 0x0A)
        let ampersands = Bytes(repeating: 0x26), lessThans = Bytes(repeating: 0x3C)
        var index = start
        while true {
            index = UnitBlocks.firstBlock(of: Bytes.self, in: units, from: index, end: units.count) { block in
                any((block .== nuls) .| (block .== lineFeeds) .| (block .== ampersands) .| (block .== lessThans))
            }
            let blockEnd = min(index + Bytes.scalarCount, units.count)
            while index < blockEnd {
                switch units[index] {
                case 0, 0x0A, 0x26, 0x3C: return index
                default: index += 1
                }
            }
            if index == units.count { return index }
        }
    }
}
