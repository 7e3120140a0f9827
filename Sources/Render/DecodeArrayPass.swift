import CQPDF
import Foundation

/// Gives the Adobe CMYK JPEGs of a PDF Cairo has written their `/Decode` arrays
/// (`InvertedCMYKImages`), through qpdf: the file is read, changed and written again in
/// place, its streams as they were. It runs only for a document that places such a picture, so
/// every other PDF keeps Cairo's bytes. A finishing step that opens every PDF in qpdf would call
/// `InvertedCMYKImages.addDecodeArrays(in:)` itself, and this pass would go.
enum DecodeArrayPass {
    /// Rewrites the finished PDF at `path`, a temporary file (`AtomicFile`), through a second
    /// temporary beside it: qpdf reads the first as it writes, so the file is never whole in memory.
    static func apply(toFileAt path: String) throws {
        guard let pdf = qpdf_init() else { throw Failure(description: "qpdf: cannot start") }
        var handle: qpdf_data? = pdf
        defer { qpdf_cleanup(&handle) }
        // Errors are thrown, not printed; a warning (a repaired cross-reference) is not ours to tell.
        qpdf_silence_errors(pdf)
        qpdf_set_suppress_warnings(pdf, 1)
        try check(qpdf_read(pdf, path, nil), pdf)
        guard InvertedCMYKImages.addDecodeArrays(in: pdf) > 0 else { return }
        let rewritten = path + ".decode"
        TemporaryFiles.shared.register(rewritten)
        do {
            try check(qpdf_init_write(pdf, rewritten), pdf)
            // The streams are copied as they are: the pictures' JPEG bytes, Cairo's compressed pages.
            qpdf_set_stream_data_mode(pdf, qpdf_s_preserve)
            qpdf_set_object_stream_mode(pdf, qpdf_o_preserve)
            // The same input gives the same bytes (no random /ID).
            qpdf_set_deterministic_ID(pdf, 1)
            try check(qpdf_write(pdf), pdf)
            try TemporaryFiles.shared.rename(rewritten, to: path)
        } catch {
            TemporaryFiles.shared.remove(rewritten)
            throw error
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static func check(_ code: QPDF_ERROR_CODE, _ pdf: qpdf_data?) throws {
        guard code & QPDF_ERRORS != 0, qpdf_has_error(pdf) != 0 else { return }
        throw Failure(description: "qpdf: \(String(cString: qpdf_get_error_full_text(pdf, qpdf_get_error(pdf))))")
    }
}
