import CQPDF
import Foundation
import Images

/// Says in a PDF which of its JPEGs store inverted ink values.
///
/// Pictures are embedded as their JPEG files, byte for byte. Adobe's CMYK JPEGs (those with an
/// APP14 "Adobe" segment, as Photoshop writes them) store every sample inverted, 255 for no
/// ink; a PDF's DCTDecode filter does not undo that, so such an image needs
/// `/Decode [1 0 1 0 1 0 1 0]`. Cairo 1.16 writes every four-component JPEG as `/DeviceCMYK`
/// without it, and its colours come out as a negative. This adds the array to each image of a
/// PDF open in qpdf that needs it, leaving the image's data untouched; a finishing step that
/// has the PDF open calls `addDecodeArrays(in:)`.
public enum InvertedCMYKImages {
    static let decodeArray = "[1 0 1 0 1 0 1 0]"

    /// Adds the array to every DCT-encoded CMYK image whose data has an Adobe marker and that
    /// has no `/Decode` yet. Returns how many images were changed.
    @discardableResult
    public static func addDecodeArrays(in pdf: qpdf_data) -> Int {
        QPDFObjects.forEachImage(filteredBy: "/DCTDecode", in: pdf) { object in
            guard isCMYKJPEGWithoutDecode(object, in: pdf), storesInvertedValues(object, in: pdf) else { return false }
            let dictionary = qpdf_oh_get_dict(pdf, object), decode = qpdf_oh_parse(pdf, decodeArray)
            qpdf_oh_replace_key(pdf, dictionary, "/Decode", decode)
            release([dictionary, decode], in: pdf)
            return true
        }
    }

    private static func isCMYKJPEGWithoutDecode(_ object: qpdf_oh, in pdf: qpdf_data) -> Bool {
        let dictionary = qpdf_oh_get_dict(pdf, object)
        let colorSpace = qpdf_oh_get_key(pdf, dictionary, "/ColorSpace")
        // Handles live until released: a caller's qpdf keeps its own.
        defer { release([dictionary, colorSpace], in: pdf) }
        return qpdf_oh_is_name_and_equals(pdf, colorSpace, "/DeviceCMYK") != 0
            && qpdf_oh_has_key(pdf, dictionary, "/Decode") == 0
    }

    /// Reads the stream's JPEG header, as the picture's file was read.
    private static func storesInvertedValues(_ object: qpdf_oh, in pdf: qpdf_data) -> Bool {
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard qpdf_oh_get_stream_data(pdf, object, qpdf_dl_none, nil, &buffer, &length) == 0, let buffer else { return false }
        defer { free(buffer) }
        guard let info = try? ImageInfo.probe(data: Data(bytesNoCopy: buffer, count: length, deallocator: .none)) else { return false }
        return info.isAdobeCMYK
    }

    private static func release(_ handles: [qpdf_oh], in pdf: qpdf_data) {
        for handle in handles { qpdf_oh_release(pdf, handle) }
    }
}
