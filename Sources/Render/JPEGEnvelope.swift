/// Bytes of typeset's own dressed as a JPEG, so that Cairo 1.16 carries them into its PDF draft
/// as they are: Cairo embeds a surface's JPEG MIME data byte for byte, as an image's
/// `/DCTDecode` stream, and reads nothing of it but the frame header (the size and colour
/// components it writes into the image's dictionary). The finishing step finds an envelope by
/// its tag and writes what it carries in the image's place: a PNG's rows (`PNGEnvelope`), a PDF
/// picture's page (`PDFPageEnvelope`).
///
/// The envelope is a JPEG header (its baseline frame header), a comment segment holding the
/// tag, then comment segments holding the payload, and the end of image.
enum JPEGEnvelope {
    /// A segment's length counts its two length bytes and is at most 65,535.
    private static let largestSegment = 65_533

    static func wrap(tag: [UInt8], width: Int, height: Int, colours: Int, payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes.reserveCapacity(payload.count + payload.count / largestSegment * 4 + 64)
        // Baseline frame header: precision, height, width, components (identifier, sampling,
        // quantisation table each).
        var frame: [UInt8] = [8] + bigEndian16(height) + bigEndian16(width) + [UInt8(colours)]
        for component in 1 ... colours { frame += [UInt8(component), 0x11, 0] }
        append(marker: 0xC0, frame[...], to: &bytes)
        append(marker: 0xFE, tag[...], to: &bytes)
        var start = 0
        while start < payload.count {
            let end = min(start + largestSegment, payload.count)
            append(marker: 0xFE, payload[start ..< end], to: &bytes)
            start = end
        }
        bytes += [0xFF, 0xD9]
        return bytes
    }

    /// The frame's size and colours and the payload of `bytes` when they are an envelope with
    /// `tag`; nil for any other data.
    static func unwrap<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, tag: [UInt8])
        -> (width: Int, height: Int, colours: Int, payload: [UInt8])? where Bytes.Index == Int {
        var segments: [(marker: UInt8, data: Range<Int>)] = []
        var offset = bytes.startIndex + 2
        guard bytes.count >= 4, bytes[bytes.startIndex] == 0xFF, bytes[bytes.startIndex + 1] == 0xD8 else { return nil }
        while offset + 4 <= bytes.endIndex, bytes[offset] == 0xFF, bytes[offset + 1] != 0xD9 {
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.endIndex else { return nil }
            segments.append((bytes[offset + 1], offset + 4 ..< offset + 2 + length))
            offset += 2 + length
            // A real JPEG is told apart by its first segments, before its image data is walked.
            if segments.count == 2, segments[0].marker != 0xC0 || segments[1].marker != 0xFE || !bytes[segments[1].data].elementsEqual(tag) {
                return nil
            }
        }
        guard segments.count >= 2, segments.dropFirst(2).allSatisfy({ $0.marker == 0xFE }) else { return nil }
        let frame = Array(bytes[segments[0].data])
        guard frame.count >= 6 else { return nil }
        var payload: [UInt8] = []
        payload.reserveCapacity(segments.dropFirst(2).reduce(0) { $0 + $1.data.count })
        for segment in segments.dropFirst(2) { payload += bytes[segment.data] }
        return (Int(frame[3]) << 8 | Int(frame[4]), Int(frame[1]) << 8 | Int(frame[2]), Int(frame[5]), payload)
    }

    private static func append(marker: UInt8, _ data: ArraySlice<UInt8>, to bytes: inout [UInt8]) {
        bytes += [0xFF, marker] + bigEndian16(data.count + 2)
        bytes += data
    }

    private static func bigEndian16(_ value: Int) -> [UInt8] {
        [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
