import Images

/// A picture as the finishing step writes it into a PDF (`PNGRowsInPDF`): zlib streams of rows
/// each led by its PNG filter type, read by `/FlateDecode` with `/Predictor 15`; the colour
/// samples, and for a picture that is not opaque its alpha, which becomes the image's soft mask
/// (`/SMask`, ISO 32000-1, 11.6.5.3).
struct FlateImage: Equatable {
    var width: Int
    var height: Int
    /// 1 (grey) or 3 (RGB), 8 bits each.
    var colours: Int
    var colourRows: [UInt8]
    /// The alpha's rows, one sample a pixel; nil: opaque, no mask.
    var alphaRows: [UInt8]?

    /// An 8-bit grey or RGB PNG's own compressed rows, as they are.
    init(_ rows: PNGRows) {
        self.init(width: rows.width, height: rows.height, colours: rows.colours, colourRows: rows.compressed, alphaRows: nil)
    }

    /// A PNG with alpha's split rows, each set compressed by `deflater` (libdeflate's fastest
    /// level: on the zombie magazine's cat it takes a third of Cairo's instructions for
    /// its pixels and gives 217 KB against Cairo's 322 KB, docs/pipeline.md, "Speed:
    /// pictures"); an opaque picture's alpha is left out.
    init(_ rows: PNGAlphaRows, deflater: Deflater) throws {
        let alpha = rows.isOpaque ? nil : try deflater.bytes(rows.alphaRows, of: "a picture's alpha")
        self.init(width: rows.width, height: rows.height, colours: rows.colours,
                  colourRows: try deflater.bytes(rows.colourRows, of: "a picture's colours"), alphaRows: alpha)
    }

    init(width: Int, height: Int, colours: Int, colourRows: [UInt8], alphaRows: [UInt8]?) {
        self.width = width
        self.height = height
        self.colours = colours
        self.colourRows = colourRows
        self.alphaRows = alphaRows
    }
}
