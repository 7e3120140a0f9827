/// A document's UTF-8 made UTF-16 in one pass, as `MarkupSource` keeps it: CRLF and a lone CR
/// become LF, and the line starts and trail surrogates are noted on the way. Sixteen bytes of
/// ASCII without a line end, most of a Latin text, are widened with one vector operation; the
/// bytes of any other block one at a time, an ASCII byte a comparison and a store, any other
/// character through the standard library's UTF-8 decoder, which also finds where the input
/// stops being UTF-8.
enum DecodedText {
    struct Text {
        var units: [UInt16] = []
        /// Offset of the first unit of each line.
        var lineStarts = [0]
        /// Offset of each trail surrogate.
        var trailSurrogates: [Int] = []
    }

    case decoded(Text)
    /// The index, in the slice decoded, of the first byte that does not start a character.
    case invalid(at: Int)

    private typealias Block = SIMD16<UInt8>

    init(utf8 bytes: ArraySlice<UInt8>) {
        var lineStarts = [0]
        var trailSurrogates: [Int] = []
        var invalid: Int?
        // A byte of UTF-8 is at most a unit of UTF-16 (four bytes make two): the units are
        // written through a pointer into an array as long as the bytes.
        let units = [UInt16](unsafeUninitializedCapacity: bytes.count) { output, initialized in
            var written = 0
            defer { initialized = written }
            bytes.withUnsafeBufferPointer { input in
                var index = 0
                while index < input.count {
                    Self.widenPlainBlocks(of: input, at: &index, into: output, at: &written)
                    // The block that stopped the vector loop (or the last bytes), byte by byte;
                    // a character may end past it.
                    let blockEnd = min(index + Block.scalarCount, input.count)
                    while index < blockEnd {
                        let byte = input[index]
                        index += 1
                        if byte < 0x80 {
                            if byte == 0x0D, index < input.count, input[index] == 0x0A { index += 1 }
                            let isLineEnd = byte == 0x0A || byte == 0x0D
                            output[written] = isLineEnd ? 0x0A : UInt16(byte)
                            written += 1
                            if isLineEnd { lineStarts.append(written) }
                            continue
                        }
                        var decoder = UTF8()
                        var rest = UnsafeBufferPointer(rebasing: input[(index - 1)...]).makeIterator()
                        guard case .scalarValue(let scalar) = decoder.decode(&rest) else {
                            invalid = index - 1
                            return
                        }
                        if scalar.value <= 0xFFFF {
                            output[written] = UInt16(scalar.value)
                            written += 1
                        } else {
                            output[written] = UTF16.leadSurrogate(scalar)
                            output[written + 1] = UTF16.trailSurrogate(scalar)
                            trailSurrogates.append(written + 1)
                            written += 2
                        }
                        index += UTF8.width(scalar) - 1
                    }
                }
            }
        }
        if let invalid {
            self = .invalid(at: bytes.startIndex + invalid)
        } else {
            self = .decoded(Text(units: units, lineStarts: lineStarts, trailSurrogates: trailSurrogates))
        }
    }

    /// Widens sixteen bytes at a time into units, from `index` to `written`, while every byte of
    /// a block is ASCII above the controls that end lines (0x0E ... 0x7F): such bytes are units
    /// as they are, and no line starts among them.
    private static func widenPlainBlocks(of input: UnsafeBufferPointer<UInt8>, at index: inout Int,
                                         into output: UnsafeMutableBufferPointer<UInt16>, at written: inout Int) {
        guard let source = UnsafeRawPointer(input.baseAddress), let target = UnsafeMutableRawPointer(output.baseAddress) else { return }
        // A byte below 0x0E wraps round to 0xF2 or more when 0x0E is taken away: one comparison.
        let lowest = Block(repeating: 0x0E), widest = Block(repeating: 0x7F - 0x0E)
        while index + Block.scalarCount <= input.count {
            let block = source.loadUnaligned(fromByteOffset: index, as: Block.self)
            if any(block &- lowest .> widest) { return }
            target.storeBytes(of: SIMD16<UInt16>(truncatingIfNeeded: block), toByteOffset: written * MemoryLayout<UInt16>.stride,
                              as: SIMD16<UInt16>.self)
            index += Block.scalarCount
            written += Block.scalarCount
        }
    }
}
