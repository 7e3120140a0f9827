import Foundation
import Images

/// Says in a PDF which of its JPEGs store inverted ink values.
///
/// Pictures are embedded as their JPEG files, byte for byte. Adobe's CMYK JPEGs (those with an
/// APP14 "Adobe" segment, as Photoshop writes them) store every sample inverted, 255 for no
/// ink; a PDF's DCTDecode filter does not undo that, so such an image needs
/// `/Decode [1 0 1 0 1 0 1 0]`. Cairo 1.16 writes every four-component JPEG as `/DeviceCMYK`
/// without it, and its colours come out as a negative. The finishing step asks of each image
/// it copies, leaving the image's data untouched.
enum InvertedCMYKImages {
    static let decodeArray = PDFValue.array([1, 0, 1, 0, 1, 0, 1, 0].map(PDFValue.integer))

    /// Whether the stream of `dictionary` is a DCT-encoded CMYK image with no `/Decode` yet,
    /// whose data must be looked at.
    static func mayNeedDecodeArray(_ dictionary: PDFDictionary) -> Bool {
        dictionary["/Subtype"]?.name == "/Image" && dictionary["/Filter"]?.name == "/DCTDecode"
            && dictionary["/ColorSpace"]?.name == "/DeviceCMYK" && dictionary["/Decode"] == nil
    }

    /// Whether `jpeg`, the image's data, stores inverted values: its header read as the
    /// picture's file was read.
    static func storesInvertedValues(_ jpeg: [UInt8]) -> Bool {
        guard let info = try? ImageInfo.probe(data: Data(jpeg)) else { return false }
        return info.isAdobeCMYK
    }
}
