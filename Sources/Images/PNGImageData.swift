/// What a PDF needs of a PNG file to take its rows without decoding it: the header's fields
/// and the image data, its IDAT chunks joined (a zlib stream of rows each led by its filter
/// type). Nothing is inflated.
public struct PNGImageData: Sendable {
    public var width: Int
    public var height: Int
    public var bitDepth: UInt8
    /// PNG's colour type: 0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA.
    public var colourType: UInt8
    public var isInterlaced: Bool
    public var compressed: [UInt8]

    /// Nil when `bytes` is not a PNG file, a chunk runs past the end, there is no image data,
    /// or a `tRNS` chunk makes some colours transparent (which a picture with an alpha channel
    /// may not have, and a PDF would need as a mask).
    public init?(png bytes: [UInt8]) {
        guard bytes.count >= 33, bytes.starts(with: PNGHeader.signature) else { return nil }
        var compressed: [UInt8] = []
        var chunks = PNGChunks(bytes)
        while let chunk = chunks.next() {
            if chunk.isType("tRNS") { return nil }
            if chunk.isType("IDAT") { compressed += bytes[chunk.data] }
        }
        guard chunks.problem == nil else { return nil }
        guard !compressed.isEmpty else { return nil }
        width = ImageInfo.bigEndian(bytes, 16, 4)
        height = ImageInfo.bigEndian(bytes, 20, 4)
        bitDepth = bytes[24]
        colourType = bytes[25]
        isInterlaced = bytes[28] != 0
        self.compressed = compressed
    }
}
