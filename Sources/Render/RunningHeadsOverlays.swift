import CQPDF
import Foundation

/// Lays each page of running heads Cairo drew after the document's last page
/// (`Page.holdsOnlyRunningHeads`) over the page it belongs to, and takes it out of the file.
///
/// Such a page's content stream becomes a form XObject as it is (deflated once, by Cairo),
/// with the page's resources and its MediaBox as the form's bounding box, and its page paints
/// it last, as an artifact (the heads are not the document's content): its own content is
/// wrapped in `q` … `Q`, since Cairo's leaves its flipped coordinates in effect, then
/// `/Artifact BMC /TypesetRunningHeads Do EMC`. Those two streams are the same bytes on every
/// page, so they are two objects the pages share. Nothing of a page's own content is read or
/// rewritten, where heads drawn on the page itself would have it inflated and deflated again
/// to mark them as an artifact (`ArtifactMarking`).
struct RunningHeadsOverlays {
    /// Each page of heads: the index of the page it goes over and its own, in the draft, from 0.
    var overlays: [(page: Int, heads: Int)]

    /// The form's name in the resources of the pages it is laid over.
    static let formName = "/TypesetRunningHeads"

    /// Lays the heads over their pages in `pdf`, then removes the pages of heads. Call it after
    /// the structure tree is prepared: it makes new objects, and Cairo's tree must be out of
    /// the file by then (see `StructureTreeWriter.prepare`).
    func apply(in pdf: qpdf_data) throws {
        guard !overlays.isEmpty else { return }
        let opening = QPDFObjects.newStream(Data("q\n".utf8), in: pdf)
        let closing = QPDFObjects.newStream(Data("Q\n/Artifact BMC\n\(Self.formName) Do\nEMC\n".utf8), in: pdf)
        let openingNumber = QPDFObjectNumber(opening, in: pdf)!, closingNumber = QPDFObjectNumber(closing, in: pdf)!
        qpdf_oh_release_all(pdf)
        for overlay in overlays {
            let heads = qpdf_get_page_n(pdf, overlay.heads), page = qpdf_get_page_n(pdf, overlay.page)
            let form = qpdf_oh_get_key(pdf, heads, "/Contents")
            guard qpdf_oh_is_stream(pdf, form) != QPDF_FALSE else {
                throw FinishingError("the running heads of page \(overlay.page + 1) are not one content stream")
            }
            let formDictionary = qpdf_oh_get_dict(pdf, form)
            qpdf_oh_replace_key(pdf, formDictionary, "/Type", qpdf_oh_new_name(pdf, "/XObject"))
            qpdf_oh_replace_key(pdf, formDictionary, "/Subtype", qpdf_oh_new_name(pdf, "/Form"))
            qpdf_oh_replace_key(pdf, formDictionary, "/BBox", qpdf_oh_get_key(pdf, heads, "/MediaBox"))
            qpdf_oh_replace_key(pdf, formDictionary, "/Resources", qpdf_oh_get_key(pdf, heads, "/Resources"))

            let resources = QPDFObjects.subdictionary("/Resources", of: page, in: pdf)
            qpdf_oh_replace_key(pdf, QPDFObjects.subdictionary("/XObject", of: resources, in: pdf), Self.formName, form)
            let contents = QPDFObjects.items(of: qpdf_oh_get_key(pdf, page, "/Contents"), in: pdf)
            let parts = [openingNumber.handle(in: pdf)] + contents + [closingNumber.handle(in: pdf)]
            qpdf_oh_replace_key(pdf, page, "/Contents", QPDFObjects.array(parts, in: pdf))
            // Handles are kept until cleanup otherwise: a book's pages would pile up.
            qpdf_oh_release_all(pdf)
        }
        try removePagesOfHeads(in: pdf)
    }

    /// Cuts the pages of heads, the draft's last, off Cairo's page tree (one `/Pages` node
    /// holding every page) at once. `qpdf_remove_page` one page at a time walks qpdf's page
    /// table at each call: 5.2 s for 7,065 pages of heads.
    private func removePagesOfHeads(in pdf: qpdf_data) throws {
        let tree = qpdf_oh_get_key(pdf, qpdf_get_root(pdf), "/Pages")
        let kids = qpdf_oh_get_key(pdf, tree, "/Kids")
        let total = Int(qpdf_get_num_pages(pdf))
        guard qpdf_oh_is_array(pdf, kids) != QPDF_FALSE, Int(qpdf_oh_get_array_n_items(pdf, kids)) == total else {
            throw FinishingError("the draft's pages are not one page tree node")
        }
        let kept = total - overlays.count
        let pages = (0 ..< kept).map { qpdf_oh_get_array_item(pdf, kids, Int32($0)) }
        qpdf_oh_replace_key(pdf, tree, "/Kids", QPDFObjects.array(pages, in: pdf))
        qpdf_oh_replace_key(pdf, tree, "/Count", qpdf_oh_new_integer(pdf, Int64(kept)))
        qpdf_oh_release_all(pdf)
        try FinishingError.check(qpdf_update_all_pages_cache(pdf), of: pdf)
    }
}
