import Images

/// A PNG's compressed rows (`FlateImage`: a grey or RGB PNG's own, or a PNG with alpha's colour
/// and alpha rows) dressed as a JPEG (`JPEGEnvelope`), so that Cairo 1.16 puts them into a PDF
/// as they are.
///
/// Cairo embeds a picture's JPEG file byte for byte when the surface carries it as MIME data,
/// but has no such path for PNG data: it compresses the decoded pixels again, which was most of
/// the zombie magazine's zlib time. The envelope's frame header is the picture's size and colour
/// components (Cairo writes them into the image's dictionary); its payload is four bytes saying
/// how many of the bytes that follow are the colour rows, then the colour rows and the alpha
/// rows after them. The finishing step (`PNGRowsInPDF`) finds the envelope in the PDF and puts
/// the rows in its place, with the filter that reads them.
enum PNGEnvelope {
    /// The first comment segment, which tells an envelope from a real JPEG.
    static let tag = Array("typeset PNG rows".utf8)

    static func wrap(_ image: FlateImage) -> [UInt8] {
        let colourCount = image.colourRows.count
        let payload = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: colourCount >> $0) } + image.colourRows + (image.alphaRows ?? [])
        return JPEGEnvelope.wrap(tag: tag, width: image.width, height: image.height, colours: image.colours, payload: payload)
    }

    /// The rows in `bytes` when they are an envelope; nil for any other data.
    static func unwrap<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> FlateImage? where Bytes.Index == Int {
        guard let envelope = JPEGEnvelope.unwrap(bytes, tag: tag), envelope.payload.count >= 4 else { return nil }
        let colourCount = envelope.payload.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let rows = envelope.payload.dropFirst(4)
        guard colourCount <= rows.count else { return nil }
        return FlateImage(width: envelope.width, height: envelope.height, colours: envelope.colours,
                          colourRows: Array(rows.prefix(colourCount)),
                          alphaRows: colourCount < rows.count ? Array(rows.dropFirst(colourCount)) : nil)
    }
}
