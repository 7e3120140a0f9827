/// Puts each PNG's compressed rows in the place of the envelope Cairo embedded them in
/// (`PNGEnvelope`): the image's data becomes the colour rows, read by `/FlateDecode` with
/// `/Predictor 15` (PNG's filters, a byte a row saying which), and its dictionary keeps what
/// Cairo wrote (size, colour space, interpolation). A picture with alpha gets its alpha rows as
/// a soft mask: a grey image of the same size, named by the image's `/SMask` (ISO 32000-1,
/// 8.9.5 and 11.6.5.3), as Cairo writes a decoded picture's alpha. The finishing step asks of
/// each DCT image it copies.
enum PNGRowsInPDF {
    /// An image whose data was an envelope, as it is to be written.
    struct Restored {
        var dictionary: PDFDictionary
        var rows: [UInt8]
        /// The soft mask's dictionary and rows; the caller sets the image's `/SMask` to it.
        var mask: (dictionary: PDFDictionary, rows: [UInt8])?
    }

    /// Whether the stream of `dictionary` may hold an envelope: a DCT image.
    static func mayHoldEnvelope(_ dictionary: PDFDictionary) -> Bool {
        dictionary["/Subtype"]?.name == "/Image" && dictionary["/Filter"]?.name == "/DCTDecode"
    }

    /// The image of `dictionary` with the rows of the envelope `data`; nil when `data` is a
    /// JPEG of its own.
    static func restore(_ dictionary: PDFDictionary, data: [UInt8]) -> Restored? {
        guard let image = PNGEnvelope.unwrap(data) else { return nil }
        var restored = Restored(dictionary: dictionary, rows: image.colourRows)
        setRows(of: &restored.dictionary, colours: image.colours, width: image.width)
        if let alphaRows = image.alphaRows {
            var mask = PDFDictionary([("/Type", .name("/XObject")), ("/Subtype", .name("/Image")), ("/Width", .integer(image.width)),
                                      ("/Height", .integer(image.height)), ("/ColorSpace", .name("/DeviceGray")), ("/BitsPerComponent", .integer(8))])
            if case .boolean? = dictionary["/Interpolate"] { mask["/Interpolate"] = dictionary["/Interpolate"] }
            setRows(of: &mask, colours: 1, width: image.width)
            restored.mask = (mask, alphaRows)
        }
        return restored
    }

    /// The filter and predictor that read the rows.
    private static func setRows(of dictionary: inout PDFDictionary, colours: Int, width: Int) {
        dictionary["/Filter"] = .name("/FlateDecode")
        dictionary["/DecodeParms"] = .dictionary(PDFDictionary([("/Predictor", .integer(15)), ("/Colors", .integer(colours)),
                                                                ("/BitsPerComponent", .integer(8)), ("/Columns", .integer(width))]))
    }
}
