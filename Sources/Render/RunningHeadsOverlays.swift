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

    /// Lays the heads over their pages: `additions` are the document's pages', `pages` all the
    /// draft's. Returns, for each page of heads's content stream, the index of that page of
    /// heads: the stream is written as a form (`form(_:of:)`), and the page is left out.
    func apply(to additions: inout [PageAdditions], pages: [PDFDraftPages.Page], writer: PDFStreamingWriter) throws -> [Int: Int] {
        guard !overlays.isEmpty else { return [:] }
        let opening = try writer.addStream(Array("q\n".utf8))
        let closing = try writer.addStream(Array("Q\n/Artifact BMC\n\(Self.formName) Do\nEMC\n".utf8))
        var forms: [Int: Int] = [:]
        for overlay in overlays {
            guard additions.indices.contains(overlay.page), pages.indices.contains(overlay.heads) else {
                throw FinishingError("the running heads of page \(overlay.page + 1) are not in the draft")
            }
            guard pages[overlay.heads].contents.count == 1, let form = pages[overlay.heads].contents.first else {
                throw FinishingError("the running heads of page \(overlay.page + 1) are not one content stream")
            }
            forms[form] = overlay.heads
            additions[overlay.page].addResource("/XObject", Self.formName, .reference(form))
            additions[overlay.page].wrap(opening: opening, closing: [closing])
        }
        return forms
    }

    /// The dictionary of a page of heads's content stream, `stream`, made a form's with the
    /// page's resources and MediaBox (from `page`, its dictionary).
    static func form(_ stream: PDFDictionary, of page: PDFDictionary) -> PDFDictionary {
        var form = stream
        form["/Type"] = .name("/XObject")
        form["/Subtype"] = .name("/Form")
        form["/BBox"] = page["/MediaBox"]
        form["/Resources"] = page["/Resources"]
        return form
    }
}
