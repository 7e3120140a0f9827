/// A PNG's compressed rows, when a PDF can hold them as they are: the image data (its IDAT
/// chunks joined) is a zlib stream of rows each led by its filter byte, which a PDF's
/// `/FlateDecode` filter with `/Predictor 15` reads unchanged. That holds for 8-bit grey and
/// RGB pictures, not interlaced (PDF has no interlacing) and without transparency (a `tRNS`
/// chunk, which a PDF would need as a separate mask); others are decoded and compressed again.
public struct PNGRows: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// 1 (grey) or 3 (RGB), 8 bits each.
    public var colours: Int
    /// The IDAT chunks' data, joined.
    public var compressed: [UInt8]

    public init(width: Int, height: Int, colours: Int, compressed: [UInt8]) {
        self.width = width
        self.height = height
        self.colours = colours
        self.compressed = compressed
    }

    /// The rows of `bytes`, a PNG file already checked and decoded once (`ImageFile`, and the
    /// decoder that verified its data); nil when a PDF cannot take them as they are.
    public init?(png bytes: [UInt8]) {
        guard bytes.count >= 33, bytes.starts(with: PNGHeader.signature) else { return nil }
        let depth = bytes[24], colourType = bytes[25], interlace = bytes[28]
        guard depth == 8, colourType == 0 || colourType == 2, interlace == 0 else { return nil }
        var compressed: [UInt8] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = ImageInfo.bigEndian(bytes, offset, 4)
            let type = bytes[offset + 4 ..< offset + 8]
            let data = offset + 8
            guard data + length + 4 <= bytes.count else { return nil }
            if type.elementsEqual("tRNS".utf8) { return nil }
            if type.elementsEqual("IDAT".utf8) { compressed += bytes[data ..< data + length] }
            if type.elementsEqual("IEND".utf8) { break }
            offset = data + length + 4
        }
        guard !compressed.isEmpty else { return nil }
        self.init(width: ImageInfo.bigEndian(bytes, 16, 4), height: ImageInfo.bigEndian(bytes, 20, 4),
                  colours: colourType == 0 ? 1 : 3, compressed: compressed)
    }
}
