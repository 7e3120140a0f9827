/// A link inside the document: a footnote's marker or its note's mark (`FootnoteLinks`), or a
/// reference to an element's page (`ReferenceLink`). Cairo writes its annotation with this
/// address as a URI that is only a fragment, which no `<a href>` can have, until the finishing
/// step gives it its destination.
enum InternalLink: Hashable, Sendable {
    case footnote(FootnoteLinks.Target)
    /// A reference to the element with this id.
    case reference(String)

    /// Set apart from the footnotes' `#note-3`, whatever a reference's id looks like.
    private static let referencePrefix = "#ref:"

    init?(address: String) {
        if address.hasPrefix(Self.referencePrefix) {
            self = .reference(String(address.dropFirst(Self.referencePrefix.count)))
        } else if let target = FootnoteLinks.Target(address: address) {
            self = .footnote(target)
        } else {
            return nil
        }
    }

    /// The address as the annotation's URI carries it (PDF-safe), and as its destination is recorded.
    var address: String {
        switch self {
        case .footnote(let target): target.address
        case .reference(let id): LinkAnnotator.pdfSafe(Self.referencePrefix + id)
        }
    }
}

/// The destinations of the document's own links (`InternalLink`: a footnote's marker and its
/// note's mark, a reference and its target): Cairo writes each link annotation with the link's
/// address, only a fragment (`/A << /S /URI /URI (#note-3) >>`), and the finishing step, which
/// knows the file's pages, replaces its action with the place the drawing recorded for that
/// address (`StructureRecord.destinations`): `/Dest [page /XYZ left top null]`, the viewer
/// keeping its zoom, as LaTeX's hyperref writes a footnote's or a `\pageref`'s. One mechanism
/// for both: references went through Cairo 1.16's named destinations, each tag holding an
/// invisible mark for Cairo to keep it, and a link to one never drawn (a target on a page
/// `--pages` leaves out) makes Cairo fail the whole file.
struct InternalLinkDestinations {
    let destinations: [String: LinkDestination]
    /// The file's pages' object numbers, and their heights (to turn device space's y over).
    let pages: [Int]
    let pageHeights: [Double]

    /// Gives `annotation` its destination and its `/Contents` when it is a link inside the
    /// document; a link whose destination was not drawn does nothing when clicked.
    func resolve(_ annotation: inout PDFDictionary) {
        guard case .string(let written)? = annotation["/A"]?.dictionary?["/URI"], let address = PDFTextString.text(of: written),
              let link = InternalLink(address: address) else { return }
        annotation["/A"] = nil
        let destination = destinations[address]
        let description: String? = switch link {
        case .footnote(let target): target.description(mark: destination?.mark ?? "")
        // The page it opens, as the PDF numbers its pages (those `--pages` writes).
        case .reference: destination.map { "page \($0.page + 1)" }
        }
        if let description {
            var contents = PDFObjectText()
            contents.textString(description)
            annotation["/Contents"] = .string(contents.bytes)
        }
        guard let destination, pages.indices.contains(destination.page) else { return }
        annotation["/Dest"] = .array([.reference(pages[destination.page]), .name("/XYZ"), .real(destination.point.x),
                                      .real(pageHeights[destination.page] - destination.point.y), .null])
    }
}
