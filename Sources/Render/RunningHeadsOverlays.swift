/// Lays each page of running heads Cairo drew after the document's last page
/// (`Page.holdsOnlyRunningHeads`) over the page it belongs to, and takes it out of the file.
/// Their text is not Cairo's but the text layer's (`PDFTextLayer.runningHeads`, laid on the
/// page by `TextLayerOverPages`); what Cairo draws of them is a word's rule or shadow, a
/// colour face's glyphs.
///
/// Such a page's content stream becomes a form XObject as it is (deflated once, by Cairo),
/// with the page's resources and its MediaBox as the form's bounding box, and its page paints
/// it last, as an artifact (the heads are not the document's content): its own content is
/// wrapped in `q` … `Q`, since Cairo's leaves its flipped coordinates in effect, then
/// `/Artifact BMC /TypesetRunningHeads Do EMC`. Those two streams are the same bytes on every
/// page, so they are two objects the pages share. Nothing of a page's own content is read or
/// rewritten, where heads drawn on the page itself would have it inflated and deflated again
/// to mark them as an artifact (`ArtifactMarking`).
///
/// The link annotations Cairo made on a page of heads (a head's `{link}`) go to its page's
/// `/Annots`, after the page's own; the structure tree has a `Link` for each
/// (`RunningHeadLinkPlaces`). The sequence Cairo marks for each (`/Link << /MCID n >> BDC`
/// round the dot it needs drawn, `CairoDrawnMark`) is made an artifact in the form, as the
/// rest of it is: an MCID there would name no element.
struct RunningHeadsOverlays {
    /// Each page of heads: the index of the page it goes over and its own, in the draft, from 0.
    let overlays: [(page: Int, heads: Int)]
    /// The pages of heads' indexes, looked up for each page of the draft.
    private let headsPages: Set<Int>

    init(overlays: [(page: Int, heads: Int)]) {
        self.overlays = overlays
        headsPages = Set(overlays.map(\.heads))
    }

    /// The form's name in the resources of the pages it is laid over.
    static let formName = "/TypesetRunningHeads"

    /// Lays the heads over their pages: `additions` are the document's pages', `pages` all the
    /// draft's, `content` the inflated bytes of a stream of the draft. Returns, for each page of
    /// heads's content stream that becomes a form (`form(_:of:)`), the index of that page of
    /// heads, and the objects of the pages of heads on which Cairo drew nothing (their text is
    /// all the layer's): those are left out of the file with their page. The spots the heads'
    /// text is printed in (`colours`) go into the page's resources.
    func apply(to additions: inout [PageAdditions], pages: [PDFDraftPages.Page], colours: PrintedColours,
               writer: PDFStreamingWriter, content: (Int) throws -> [UInt8]) throws -> (forms: [Int: Int], leftOut: Set<Int>) {
        var wrap: (opening: Int, closing: Int)?
        var forms: [Int: Int] = [:], leftOut = Set<Int>()
        for overlay in overlays {
            guard additions.indices.contains(overlay.page), pages.indices.contains(overlay.heads) else {
                throw FinishingError("the running heads of page \(overlay.page + 1) are not in the draft")
            }
            guard pages[overlay.heads].contents.count == 1, let form = pages[overlay.heads].contents.first else {
                throw FinishingError("the running heads of page \(overlay.page + 1) are not one content stream")
            }
            additions[overlay.page].addColourSpaces(colours.spotColourSpaces(onPage: overlay.heads))
            additions[overlay.page].addAnnotations(pages[overlay.heads].links)
            if Self.drawsNothing(try content(form)) {
                leftOut.insert(form)
                if let resources = pages[overlay.heads].resources { leftOut.insert(resources) }
                continue
            }
            if wrap == nil {
                wrap = (try writer.addStream(Array("q\n".utf8)), try writer.addStream(Array("Q\n/Artifact BMC\n\(Self.formName) Do\nEMC\n".utf8)))
            }
            forms[form] = overlay.heads
            additions[overlay.page].addResource("/XObject", Self.formName, .reference(form))
            additions[overlay.page].wrap(opening: wrap!.opening, closing: [wrap!.closing])
        }
        return (forms, leftOut)
    }

    /// The link annotations of each of the first `count` pages of `pages` (the document's), its
    /// own, then its heads' (`apply` moves them to it), in order.
    func links(ofDocumentPages count: Int, in pages: [PDFDraftPages.Page]) -> [[Int]] {
        var links = pages.prefix(count).map(\.links)
        for overlay in overlays where links.indices.contains(overlay.page) && pages.indices.contains(overlay.heads) {
            links[overlay.page] += pages[overlay.heads].links
        }
        return links
    }

    /// The MCIDs of the marked sequences of the draft's page `index` when it is a page of heads
    /// with links, one a link (`PageDrawer.runningHeadLinksDocument`); none for any other page.
    func linkSequences(onPage index: Int, in pages: [PDFDraftPages.Page]) -> [Int] {
        guard headsPages.contains(index), pages.indices.contains(index) else { return [] }
        return Array(pages[index].links.indices)
    }

    /// Whether a page of heads's `content` draws nothing: Cairo's flipped coordinates and
    /// graphics states saved and restored are all it holds when the layer wrote every glyph.
    static func drawsNothing(_ content: [UInt8]) -> Bool {
        content.split(whereSeparator: { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D }).allSatisfy { token in
            token.elementsEqual("q".utf8) || token.elementsEqual("Q".utf8) || token.elementsEqual("cm".utf8)
                || Double(String(decoding: token, as: UTF8.self)) != nil
        }
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
