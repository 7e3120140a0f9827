/// A document's UTF-8 made UTF-16 in one pass, as `MarkupSource` keeps it: CRLF and a lone CR
/// become LF, and the line starts and trail surrogates are noted on the way. The units are
/// written one byte each (`SourceUnits.narrow`) until a character above U+00FF comes, then
/// those written are widened and the rest written two bytes each. Sixteen bytes of ASCII
/// without a line end, most of a Latin text, are copied with one vector operation; the bytes of
/// any other block one at a time, an ASCII byte a comparison and a store, any other character
/// through the standard library's UTF-8 decoder, which also finds where the input stops being
/// UTF-8.
enum DecodedText {
    struct Text {
        var units: SourceUnits = .narrow([])
        /// Offset of the first unit of each line.
        var lineStarts = [0]
        /// Offset of each trail surrogate.
        var trailSurrogates: [Int] = []
    }

    case decoded(Text)
    /// The index, in the slice decoded, of the first byte that does not start a character.
    case invalid(at: Int)

    private typealias Block = SIMD16<UInt8>

    /// Where a decoding stopped before the input's end.
    private enum Stop {
        case invalid(at: Int)
        /// The first byte of a character its units cannot hold.
        case wider(at: Int)
    }

    init(utf8 bytes: ArraySlice<UInt8>) {
        var text = Text()
        var index = 0, written = 0
        var stop: Stop?
        // A byte of UTF-8 is at most a unit of UTF-16 (four bytes make two): the units are
        // written through a pointer into an array as long as the bytes.
        let narrow = [UInt8](unsafeUninitializedCapacity: bytes.count) { output, initialized in
            bytes.withUnsafeBufferPointer { input in
                stop = Self.decode(input, at: &index, into: output, written: &written, noting: &text)
            }
            initialized = written
        }
        if case .wider = stop {
            let wide = [UInt16](unsafeUninitializedCapacity: bytes.count) { output, initialized in
                for offset in 0 ..< written { output[offset] = UInt16(narrow[offset]) }
                bytes.withUnsafeBufferPointer { input in
                    stop = Self.decode(input, at: &index, into: output, written: &written, noting: &text)
                }
                initialized = written
            }
            text.units = .wide(wide)
        } else {
            text.units = .narrow(narrow)
        }
        if case .invalid(let at) = stop {
            self = .invalid(at: bytes.startIndex + at)
        } else {
            self = .decoded(text)
        }
    }

    /// Decodes `input` from `index` into `output` from `written`, noting line starts and trail
    /// surrogates in `text`, to the end (nil) or to where it must stop.
    private static func decode<Unit: FixedWidthInteger & UnsignedInteger & SIMDScalar>(
        _ input: UnsafeBufferPointer<UInt8>, at index: inout Int, into output: UnsafeMutableBufferPointer<Unit>,
        written: inout Int, noting text: inout Text) -> Stop? {
        while index < input.count {
            copyPlainBlocks(of: input, at: &index, into: output, at: &written)
            // The block that stopped the vector loop (or the last bytes), byte by byte; a
            // character may end past it.
            let blockEnd = min(index + Block.scalarCount, input.count)
            while index < blockEnd {
                let byte = input[index]
                if byte < 0x80 {
                    index += 1
                    if byte == 0x0D, index < input.count, input[index] == 0x0A { index += 1 }
                    let isLineEnd = byte == 0x0A || byte == 0x0D
                    output[written] = isLineEnd ? 0x0A : Unit(byte)
                    written += 1
                    if isLineEnd { text.lineStarts.append(written) }
                    continue
                }
                var decoder = UTF8()
                var rest = UnsafeBufferPointer(rebasing: input[index...]).makeIterator()
                guard case .scalarValue(let scalar) = decoder.decode(&rest) else { return .invalid(at: index) }
                if scalar.value <= Unit.max {
                    output[written] = Unit(scalar.value)
                    written += 1
                } else if Unit.bitWidth < 16 {
                    return .wider(at: index)
                } else {
                    output[written] = Unit(UTF16.leadSurrogate(scalar))
                    output[written + 1] = Unit(UTF16.trailSurrogate(scalar))
                    text.trailSurrogates.append(written + 1)
                    written += 2
                }
                index += UTF8.width(scalar)
            }
        }
        return nil
    }

    /// Copies sixteen bytes at a time into units, from `index` to `written`, while every byte
    /// of a block is ASCII above the controls that end lines (0x0E ... 0x7F): such bytes are
    /// units as they are, and no line starts among them.
    private static func copyPlainBlocks<Unit: FixedWidthInteger & SIMDScalar>(
        of input: UnsafeBufferPointer<UInt8>, at index: inout Int, into output: UnsafeMutableBufferPointer<Unit>,
        at written: inout Int) {
        guard let source = UnsafeRawPointer(input.baseAddress), let target = UnsafeMutableRawPointer(output.baseAddress) else { return }
        // A byte below 0x0E wraps round to 0xF2 or more when 0x0E is taken away: one comparison.
        let lowest = Block(repeating: 0x0E), widest = Block(repeating: 0x7F - 0x0E)
        while index + Block.scalarCount <= input.count {
            let block = source.loadUnaligned(fromByteOffset: index, as: Block.self)
            if any(block &- lowest .> widest) { return }
            target.storeBytes(of: SIMD16<Unit>(truncatingIfNeeded: block), toByteOffset: written * MemoryLayout<Unit>.stride,
                              as: SIMD16<Unit>.self)
            index += Block.scalarCount
            written += Block.scalarCount
        }
    }
}
