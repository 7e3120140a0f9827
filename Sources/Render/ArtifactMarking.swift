import CContentTokens
import CQPDF
import Foundation

/// Turns the marked-content sequences recorded as artifacts into `/Artifact BMC … EMC`, which
/// Cairo 1.16 cannot write (it refuses the tag): each page that has any gets its content
/// stream read (`CContentTokens`, PDF's lexical rules in C) and written again with those
/// sequences' openings replaced, and nothing else changed. Pages without artifacts are left as they are.
enum ArtifactMarking {
    /// Rewrites the content of every page of `pdf` whose `artifacts` (MCIDs, by page) are not empty.
    static func mark(_ artifacts: [[Int]], in pdf: qpdf_data) throws {
        for (index, mcids) in artifacts.enumerated() where !mcids.isEmpty {
            let page = qpdf_get_page_n(pdf, index)
            var data: UnsafeMutablePointer<UInt8>?
            var length = 0
            guard qpdf_oh_get_page_content_data(pdf, page, &data, &length) & CQPDFErrors == 0, let data else {
                throw FinishingError("cannot read the content of page \(index + 1)")
            }
            defer { free(data) }
            var rewrittenLength = 0
            let sorted = mcids.sorted().map(Int32.init)
            guard let rewritten = ccontent_mark_artifacts(data, length, sorted, sorted.count, &rewrittenLength) else {
                throw FinishingError("cannot read the content stream of page \(index + 1)")
            }
            defer { free(rewritten) }
            let contents = qpdf_oh_get_key(pdf, page, "/Contents")
            if qpdf_oh_is_array(pdf, contents) != QPDF_FALSE {
                // Several streams (Cairo writes one; the finishing step adds its own only
                // after the marking), some of which other pages may share and which must not be
                // changed: the page gets one stream of its own holding it all. Written
                // uncompressed here; qpdf compresses it when it writes the file.
                let whole = Data(bytesNoCopy: rewritten, count: rewrittenLength, deallocator: .none)
                qpdf_oh_replace_key(pdf, page, "/Contents", QPDFObjects.newStream(whole, in: pdf))
            } else {
                // Cairo's one stream is given the new data (a new stream would be a new object,
                // which costs qpdf a reading of the whole file; see StructureTreeWriter.prepare).
                guard qpdf_oh_is_stream(pdf, contents) != QPDF_FALSE else { throw FinishingError("page \(index + 1) has no content stream") }
                qpdf_oh_replace_stream_data(pdf, contents, rewritten, rewrittenLength, qpdf_oh_new_null(pdf), qpdf_oh_new_null(pdf))
            }
            qpdf_oh_release_all(pdf)
        }
    }
}
