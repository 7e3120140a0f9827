import Images

/// A PNG's compressed rows (`FlateImage`: a grey or RGB PNG's own, or a PNG with alpha's colour
/// and alpha rows) dressed as a JPEG, so that Cairo 1.16 puts them into a PDF as they are.
///
/// Cairo embeds a picture's JPEG file byte for byte when the surface carries it as MIME data,
/// but has no such path for PNG data: it compresses the decoded pixels again, which was most of
/// the zombie magazine's zlib time. The envelope is a JPEG header Cairo reads the size and the
/// colour space from (its frame header, of the colour samples), a comment segment saying how
/// many of the bytes that follow are the colour rows, then comment segments holding the colour
/// rows and the alpha rows after them; the finishing step (`PNGRowsInPDF`) finds the envelope
/// in the PDF and puts the rows in its place, with the filter that reads them.
enum PNGEnvelope {
    /// The first comment segment, which tells an envelope from a real JPEG.
    static let tag = Array("typeset PNG rows".utf8)
    /// A segment's length counts its two length bytes and is at most 65,535.
    private static let largestSegment = 65_533

    static func wrap(_ image: FlateImage) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        // Baseline frame header: precision, height, width, components (identifier, sampling,
        // quantisation table each).
        var frame: [UInt8] = [8] + bigEndian16(image.height) + bigEndian16(image.width) + [UInt8(image.colours)]
        for component in 1 ... image.colours { frame += [UInt8(component), 0x11, 0] }
        append(marker: 0xC0, frame, to: &bytes)
        append(marker: 0xFE, tag, to: &bytes)
        let colourCount = image.colourRows.count
        append(marker: 0xFE, [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: colourCount >> $0) }, to: &bytes)
        let rows = image.colourRows + (image.alphaRows ?? [])
        var start = 0
        while start < rows.count {
            let end = min(start + largestSegment, rows.count)
            append(marker: 0xFE, rows[start ..< end], to: &bytes)
            start = end
        }
        bytes += [0xFF, 0xD9]
        return bytes
    }

    /// The rows in `bytes` when they are an envelope; nil for any other data.
    static func unwrap<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> FlateImage? where Bytes.Index == Int {
        var segments: [(marker: UInt8, data: Range<Int>)] = []
        var offset = bytes.startIndex + 2
        guard bytes.count >= 4, bytes[bytes.startIndex] == 0xFF, bytes[bytes.startIndex + 1] == 0xD8 else { return nil }
        while offset + 4 <= bytes.endIndex, bytes[offset] == 0xFF, bytes[offset + 1] != 0xD9 {
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.endIndex else { return nil }
            segments.append((bytes[offset + 1], offset + 4 ..< offset + 2 + length))
            offset += 2 + length
        }
        guard segments.count >= 3, segments[0].marker == 0xC0, segments[1].marker == 0xFE,
              bytes[segments[1].data].elementsEqual(tag), segments.dropFirst(2).allSatisfy({ $0.marker == 0xFE }) else { return nil }
        let frame = Array(bytes[segments[0].data]), colourCount = bytes[segments[2].data].reduce(0) { $0 << 8 | Int($1) }
        guard frame.count >= 6, segments[2].data.count == 4 else { return nil }
        var rows: [UInt8] = []
        for segment in segments.dropFirst(3) { rows += bytes[segment.data] }
        guard colourCount <= rows.count else { return nil }
        return FlateImage(width: Int(frame[3]) << 8 | Int(frame[4]), height: Int(frame[1]) << 8 | Int(frame[2]),
                          colours: Int(frame[5]), colourRows: Array(rows[..<colourCount]),
                          alphaRows: colourCount < rows.count ? Array(rows[colourCount...]) : nil)
    }

    private static func append<Data: Collection<UInt8>>(marker: UInt8, _ data: Data, to bytes: inout [UInt8]) {
        bytes += [0xFF, marker] + bigEndian16(data.count + 2)
        bytes += data
    }

    private static func bigEndian16(_ value: Int) -> [UInt8] {
        [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
