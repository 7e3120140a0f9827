import CQPDF
import Foundation

/// What PDF/X-4 (ISO 15930-7) asks of a file that Cairo does not write, added in the finishing
/// step: the output intent, RGB made device-independent, the identification and `/Trapped` in
/// the information dictionary (the XMP says them again, `DocumentXMP`), and a version no
/// later than PDF 1.6. What PDF/X forbids in the document itself (links) is refused before
/// the pages are drawn.
struct PDFX4 {
    var outputIntent: OutputIntent

    /// The latest PDF version a PDF/X-4 file may declare.
    static let latestVersion = "1.6"

    func apply(to pdf: qpdf_data) throws {
        try outputIntent.add(to: pdf)
        try DeviceIndependentRGB.apply(to: pdf)
        qpdf_set_info_key(pdf, "/GTS_PDFXVersion", "PDF/X-4")
        let trailer = qpdf_get_trailer(pdf)
        let info = qpdf_oh_get_key(pdf, trailer, "/Info")
        // Nobody has trapped the file: the print shop's prepress may.
        qpdf_oh_replace_key(pdf, info, "/Trapped", qpdf_oh_new_name(pdf, "/False"))
    }

    /// Whether the draft's version (Cairo 1.16 writes 1.5) is too new to be PDF/X-4's.
    static func needsOlderVersion(_ version: String) -> Bool {
        version.compare(latestVersion, options: .numeric) == .orderedDescending
    }
}
