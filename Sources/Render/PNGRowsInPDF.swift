import CQPDF
import Foundation

/// Puts each PNG's compressed rows in the place of the envelope Cairo embedded them in
/// (`PNGEnvelope`): the image's data becomes the colour rows, read by `/FlateDecode` with
/// `/Predictor 15` (PNG's filters, a byte a row saying which), and its dictionary keeps what
/// Cairo wrote (size, colour space, interpolation). A picture with alpha gets its alpha rows as
/// a soft mask: a grey image of the same size, named by the image's `/SMask` (ISO 32000-1,
/// 8.9.5 and 11.6.5.3), as Cairo writes a decoded picture's alpha. A finishing step that has
/// the PDF open calls `restore(in:)`.
enum PNGRowsInPDF {
    /// Returns how many images were changed.
    @discardableResult
    static func restore(in pdf: qpdf_data) -> Int {
        QPDFObjects.forEachImage(filteredBy: "/DCTDecode", in: pdf) { object in
            guard let image = envelopedImage(object, in: pdf) else { return false }
            replaceData(of: object, with: image.colourRows, colours: image.colours, width: image.width, in: pdf)
            if let alphaRows = image.alphaRows {
                let dictionary = qpdf_oh_get_dict(pdf, object)
                let mask = softMask(alphaRows, width: image.width, height: image.height,
                                    interpolated: qpdf_oh_get_key(pdf, dictionary, "/Interpolate"), in: pdf)
                qpdf_oh_replace_key(pdf, dictionary, "/SMask", mask)
                qpdf_oh_release(pdf, mask)
                qpdf_oh_release(pdf, dictionary)
            }
            return true
        }
    }

    /// A new image of the alpha samples, interpolated as its picture is (`interpolated`: the
    /// picture's `/Interpolate` value, or null).
    private static func softMask(_ rows: [UInt8], width: Int, height: Int, interpolated: qpdf_oh, in pdf: qpdf_data) -> qpdf_oh {
        let mask = qpdf_oh_new_stream(pdf)
        replaceData(of: mask, with: rows, colours: 1, width: width, in: pdf)
        let dictionary = qpdf_oh_get_dict(pdf, mask)
        for (key, value) in [("/Type", "/XObject"), ("/Subtype", "/Image"), ("/Width", "\(width)"), ("/Height", "\(height)"),
                             ("/ColorSpace", "/DeviceGray"), ("/BitsPerComponent", "8")] {
            let parsed = qpdf_oh_parse(pdf, value)
            qpdf_oh_replace_key(pdf, dictionary, key, parsed)
            qpdf_oh_release(pdf, parsed)
        }
        if qpdf_oh_is_bool(pdf, interpolated) != QPDF_FALSE { qpdf_oh_replace_key(pdf, dictionary, "/Interpolate", interpolated) }
        qpdf_oh_release(pdf, interpolated)
        qpdf_oh_release(pdf, dictionary)
        return mask
    }

    /// `rows` become `object`'s data, with the filter and predictor that read them.
    private static func replaceData(of object: qpdf_oh, with rows: [UInt8], colours: Int, width: Int, in pdf: qpdf_data) {
        let filter = qpdf_oh_new_name(pdf, "/FlateDecode")
        let parameters = qpdf_oh_parse(pdf, "<< /Predictor 15 /Colors \(colours) /BitsPerComponent 8 /Columns \(width) >>")
        rows.withUnsafeBufferPointer {
            qpdf_oh_replace_stream_data(pdf, object, $0.baseAddress, $0.count, filter, parameters)
        }
        qpdf_oh_release(pdf, filter)
        qpdf_oh_release(pdf, parameters)
    }

    private static func envelopedImage(_ object: qpdf_oh, in pdf: qpdf_data) -> FlateImage? {
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard qpdf_oh_get_stream_data(pdf, object, qpdf_dl_none, nil, &buffer, &length) == 0, let buffer else { return nil }
        defer { free(buffer) }
        return PNGEnvelope.unwrap(UnsafeBufferPointer(start: buffer, count: length))
    }
}
