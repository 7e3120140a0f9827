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
        guard let file = PNGImageData(png: bytes), file.bitDepth == 8, file.colourType == 0 || file.colourType == 2,
              !file.isInterlaced else { return nil }
        self.init(width: file.width, height: file.height, colours: file.colourType == 0 ? 1 : 3, compressed: file.compressed)
    }
}
