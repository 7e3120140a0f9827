/// A PDF picture's file and the page of it shown, dressed as a one-pixel JPEG
/// (`JPEGEnvelope`) for Cairo to carry into its draft where the picture is drawn: Cairo writes
/// it as an image and paints it with the picture's matrix and clip, in its place among what
/// the page draws, and the finishing step puts the page there as a form XObject copied from the
/// file (`PDFPageForm`). Cairo stores a surface painted again once (`SurfaceUniqueID`), so the
/// file and its form are in the PDF once however often it is shown.
enum PDFPageEnvelope {
    /// The first comment segment, which tells an envelope from a real JPEG.
    static let tag = Array("typeset PDF page".utf8)

    /// Whether the stream of `dictionary` may hold an envelope: a DCT image of one pixel.
    static func mayHoldEnvelope(_ dictionary: PDFDictionary) -> Bool {
        dictionary["/Subtype"]?.name == "/Image" && dictionary["/Filter"]?.name == "/DCTDecode"
            && dictionary["/Width"]?.integer == 1 && dictionary["/Height"]?.integer == 1
    }

    /// The envelope of `file`'s page `page` (from 0).
    static func wrap(file: [UInt8], page: Int) -> [UInt8] {
        JPEGEnvelope.wrap(tag: tag, width: 1, height: 1, colours: 3,
                          payload: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: page >> $0) } + file)
    }

    /// The file and the page (from 0) in `bytes` when they are an envelope; nil for any other data.
    static func unwrap<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> (file: [UInt8], page: Int)? where Bytes.Index == Int {
        guard let envelope = JPEGEnvelope.unwrap(bytes, tag: tag), envelope.payload.count >= 4 else { return nil }
        return (Array(envelope.payload.dropFirst(4)), envelope.payload.prefix(4).reduce(0) { $0 << 8 | Int($1) })
    }
}
