import CQPDF
import Foundation

/// Lays the text typeset wrote (`PDFTextLayer`) over the pages Cairo drew, in the finishing
/// step: each page with text of the layer's ends with it, after Cairo's content wrapped in
/// `q` … `Q` (Cairo's leaves its flipped coordinates in effect), and its `/Font` resources
/// name the layer's fonts, embedded once for the document. The `q` and the `Q` are the same
/// bytes on every page: two streams the pages share. The pages' streams are objects of the
/// draft already (`TextLayerStreams`).
///
/// Call it after `ArtifactMarking`, which reads a page's whole content: the layer's text marks
/// its own artifacts and need not be read again.
enum TextLayerOverPages {
    /// `streams`: the object number of each of the layer's streams in the draft, by index.
    static func apply(_ layer: PDFTextLayer, streams: [Int], in pdf: qpdf_data) throws {
        let pages = layer.pages
        guard pages.contains(where: { $0.stream != nil }) else { return }
        guard Int(qpdf_get_num_pages(pdf)) >= pages.count else {
            throw FinishingError("the draft has \(qpdf_get_num_pages(pdf)) pages, not the \(pages.count) with text")
        }
        let fonts = try layer.fonts.embed(in: pdf)
        let opening = QPDFObjectNumber(QPDFObjects.newStream(Data("q\n".utf8), in: pdf), in: pdf)!
        let closing = QPDFObjectNumber(QPDFObjects.newStream(Data("Q\n".utf8), in: pdf), in: pdf)!
        qpdf_oh_release_all(pdf)
        for (index, text) in pages.enumerated() {
            guard let stream = text.stream else { continue }
            guard streams.indices.contains(stream) else {
                throw FinishingError("page \(index + 1)'s text was not added to the draft")
            }
            let page = qpdf_get_page_n(pdf, index)
            let parts = [opening.handle(in: pdf)] + QPDFObjects.items(of: qpdf_oh_get_key(pdf, page, "/Contents"), in: pdf)
                + [closing.handle(in: pdf), qpdf_get_object_by_id(pdf, Int32(streams[stream]), 0)]
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
