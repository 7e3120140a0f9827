import CQPDF
import Foundation

/// A structural check of a written PDF, read through qpdf as a reader reads it (whether its
/// objects are written plainly or packed in compressed object streams), in place of running
/// `qpdf --check` on every input: each page's resources are read, and qpdf must have nothing
/// to warn about. Cairo has written `/XObject << /x6 6 0 R /x6 6 0 R >>` for one picture drawn
/// twice, which readers reject: qpdf warns of the duplicated key.
enum PDFResourceCheck {
    /// qpdf's first problem reading the pages and their resources of the PDF at `path`, or nil.
    static func problem(inPDFAt path: String) -> String? {
        guard let pdf = qpdf_init() else { return "qpdf cannot start" }
        var handle: qpdf_data? = pdf
        defer { qpdf_cleanup(&handle) }
        // Problems are read back below, not printed by qpdf on standard error.
        qpdf_silence_errors(pdf)
        qpdf_set_suppress_warnings(pdf, QPDF_TRUE)
        if qpdf_read(pdf, path, nil) & CQPDFErrors != 0 {
            return qpdf_has_error(pdf) != QPDF_FALSE ? String(cString: qpdf_get_error_full_text(pdf, qpdf_get_error(pdf))) : "qpdf cannot read it"
        }
        for index in 0 ..< qpdf_get_num_pages(pdf) {
            let resources = qpdf_oh_get_key(pdf, qpdf_get_page_n(pdf, Int(index)), "/Resources")
            for key in ["/XObject", "/Font", "/ExtGState", "/Pattern", "/Shading", "/ColorSpace"] {
                // Asking for the dictionary's type makes qpdf read it.
                _ = qpdf_oh_is_dictionary(pdf, qpdf_oh_get_key(pdf, resources, key))
            }
            qpdf_oh_release_all(pdf)
        }
        guard qpdf_more_warnings(pdf) != QPDF_FALSE, let warning = qpdf_next_warning(pdf) else { return nil }
        return String(cString: qpdf_get_error_full_text(pdf, warning))
    }
}
