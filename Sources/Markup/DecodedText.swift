/// A document's UTF-8 made UTF-16 in one pass, as `MarkupSource` keeps it: CRLF and a lone CR
/// become LF, and the line starts and trail surrogates are noted on the way. An ASCII byte,
/// nearly every byte of a Latin text, costs a comparison and a store; any other character goes
/// through the standard library's UTF-8 decoder, which also finds where the input stops being
/// UTF-8.
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

    init(utf8 bytes: ArraySlice<UInt8>) {
        var text = Text()
        text.units.reserveCapacity(bytes.count)
        let invalid: Int? = bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let byte = buffer[index]
                index += 1
                if byte < 0x80 {
                    if byte == 0x0D, index < buffer.count, buffer[index] == 0x0A { index += 1 }
                    let isLineEnd = byte == 0x0A || byte == 0x0D
                    text.units.append(isLineEnd ? 0x0A : UInt16(byte))
                    if isLineEnd { text.lineStarts.append(text.units.count) }
                    continue
                }
                var decoder = UTF8()
                var rest = UnsafeBufferPointer(rebasing: buffer[(index - 1)...]).makeIterator()
                guard case .scalarValue(let scalar) = decoder.decode(&rest) else { return index - 1 }
                if scalar.value <= 0xFFFF {
                    text.units.append(UInt16(scalar.value))
                } else {
                    text.units.append(UTF16.leadSurrogate(scalar))
                    text.trailSurrogates.append(text.units.count)
                    text.units.append(UTF16.trailSurrogate(scalar))
                }
                index += UTF8.width(scalar) - 1
            }
            return nil
        }
        if let invalid {
            self = .invalid(at: bytes.startIndex + invalid)
        } else {
            self = .decoded(text)
        }
    }
}
