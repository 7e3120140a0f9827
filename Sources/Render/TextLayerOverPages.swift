import CQPDF
import Foundation

/// Lays the text typeset wrote (`PDFTextLayer`) over the pages Cairo drew, in the finishing
/// step: each page with text of the layer's ends with it, after Cairo's content wrapped in
/// `q` … `Q` (Cairo's leaves its flipped coordinates in effect), and its `/Font` resources
/// name the layer's fonts, embedded once for the document. The `q` and the `Q` are the same
/// bytes on every page: two streams the pages share.
///
/// Call it after `ArtifactMarking`, which reads a page's whole content: the layer's text marks
/// its own artifacts and need not be read again.
enum TextLayerOverPages {
    static func apply(_ layer: PDFTextLayer, in pdf: qpdf_data) throws {
        var pages = layer.takePages()
        guard pages.contains(where: { !$0.deflatedContent.isEmpty }) else { return }
        guard Int(qpdf_get_num_pages(pdf)) >= pages.count else {
            throw FinishingError("the draft has \(qpdf_get_num_pages(pdf)) pages, not the \(pages.count) with text")
        }
        let fonts = try layer.fonts.embed(in: pdf)
        let opening = QPDFObjectNumber(QPDFObjects.newStream(Data("q\n".utf8), in: pdf), in: pdf)!
        let closing = QPDFObjectNumber(QPDFObjects.newStream(Data("Q\n".utf8), in: pdf), in: pdf)!
        qpdf_oh_release_all(pdf)
        for index in pages.indices where !pages[index].deflatedContent.isEmpty {
            let text = pages[index]
            // qpdf copies the bytes: ours go at once, not at the end (a book's are megabytes).
            pages[index].deflatedContent = []
            let page = qpdf_get_page_n(pdf, index)
            let stream = qpdf_oh_new_stream(pdf)
            text.deflatedContent.withUnsafeBufferPointer { bytes in
                qpdf_oh_replace_stream_data(pdf, stream, bytes.baseAddress, bytes.count, qpdf_oh_new_name(pdf, "/FlateDecode"),
                                            qpdf_oh_new_null(pdf))
            }
            let parts = [opening.handle(in: pdf)] + QPDFObjects.items(of: qpdf_oh_get_key(pdf, page, "/Contents"), in: pdf)
                + [closing.handle(in: pdf), stream]
            qpdf_oh_replace_key(pdf, page, "/Contents", QPDFObjects.array(parts, in: pdf))
            let resources = QPDFObjects.subdictionary("/Resources", of: page, in: pdf)
            let fontResources = QPDFObjects.subdictionary("/Font", of: resources, in: pdf)
            for slot in text.fontSlots {
                guard let font = fonts.indices.contains(slot) ? fonts[slot] : nil else {
                    throw FinishingError("page \(index + 1) uses a font of the text layer that was not embedded")
                }
                qpdf_oh_replace_key(pdf, fontResources, layer.fonts.resourceName(of: slot), font.handle(in: pdf))
            }
            // Handles are kept until cleanup otherwise: a book's pages would pile up.
            qpdf_oh_release_all(pdf)
        }
    }
}
