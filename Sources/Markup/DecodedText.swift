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
        var lineStarts = [0]
        var trailSurrogates: [Int] = []
        var invalid: Int?
        // A byte of UTF-8 is at most a unit of UTF-16 (four bytes make two): the units are
        // written through a pointer into an array as long as the bytes.
        let units = [UInt16](unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
            // The loop works on local copies (the output's pointer, the count written), which
            // stay in registers: through the closure's `inout` parameters every byte cost a
            // load and a store more.
            let output = buffer
            var written = 0
            defer { initialized = written }
            bytes.withUnsafeBufferPointer { input in
                var index = 0
                while index < input.count {
                    let byte = input[index]
                    index += 1
                    if byte < 0x80 {
                        // Above the line ends: a printing character or a control, stored as it is.
                        if byte > 0x0D {
                            output[written] = UInt16(truncatingIfNeeded: byte)
                            written += 1
                            continue
                        }
                        if byte == 0x0D, index < input.count, input[index] == 0x0A { index += 1 }
                        let isLineEnd = byte == 0x0A || byte == 0x0D
                        output[written] = isLineEnd ? 0x0A : UInt16(truncatingIfNeeded: byte)
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
        if let invalid {
            self = .invalid(at: bytes.startIndex + invalid)
        } else {
            self = .decoded(Text(units: units, lineStarts: lineStarts, trailSurrogates: trailSurrogates))
        }
    }
}
