import CQPDF
import Foundation
import Images

/// Puts each PNG's compressed rows in the place of the envelope Cairo embedded them in
/// (`PNGEnvelope`): the image's data becomes the rows, read by `/FlateDecode` with
/// `/Predictor 15` (PNG's filters, a byte a row saying which), and its dictionary keeps what
/// Cairo wrote (size, colour space, interpolation). A finishing step that has the PDF open calls
/// `restore(in:)`.
enum PNGRowsInPDF {
    /// Returns how many images were changed.
    @discardableResult
    static func restore(in pdf: qpdf_data) -> Int {
        QPDFObjects.forEachImage(filteredBy: "/DCTDecode", in: pdf) { object in
            guard let rows = envelopedRows(object, in: pdf) else { return false }
            let filter = qpdf_oh_new_name(pdf, "/FlateDecode")
            let parameters = qpdf_oh_parse(pdf, "<< /Predictor 15 /Colors \(rows.colours) /BitsPerComponent 8 /Columns \(rows.width) >>")
            rows.compressed.withUnsafeBufferPointer {
                qpdf_oh_replace_stream_data(pdf, object, $0.baseAddress, $0.count, filter, parameters)
            }
            qpdf_oh_release(pdf, filter)
            qpdf_oh_release(pdf, parameters)
            return true
        }
    }

    private static func envelopedRows(_ object: qpdf_oh, in pdf: qpdf_data) -> PNGRows? {
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard qpdf_oh_get_stream_data(pdf, object, qpdf_dl_none, nil, &buffer, &length) == 0, let buffer else { return nil }
        defer { free(buffer) }
        return PNGEnvelope.unwrap(UnsafeBufferPointer(start: buffer, count: length))
    }
}
