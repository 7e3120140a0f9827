/// The destinations of the document's own links (a footnote's marker and its note's mark,
/// `FootnoteLinks`): Cairo writes each link annotation with the link's address, only a fragment
/// (`/A << /S /URI /URI (#note-3) >>`), and the finishing step, which knows the file's pages,
/// replaces its action with the place the drawing recorded for that address
/// (`StructureRecord.destinations`): `/Dest [page /XYZ left top null]`, the viewer keeping its
/// zoom, as LaTeX's hyperref writes a footnote's. Cairo 1.16's own named destinations were
/// not used: a link to one never drawn (the note on a page `--pages` leaves out) makes Cairo
/// fail the whole file.
struct InternalLinkDestinations {
    let destinations: [String: LinkDestination]
    /// The file's pages' object numbers, and their heights (to turn device space's y over).
    let pages: [Int]
    let pageHeights: [Double]

    /// Gives `annotation` its destination and its `/Contents` when it is a link inside the
    /// document; a link whose destination was not drawn does nothing when clicked.
    func resolve(_ annotation: inout PDFDictionary) {
        guard case .string(let written)? = annotation["/A"]?.dictionary?["/URI"], let address = PDFTextString.text(of: written),
              let target = FootnoteLinks.Target(address: address) else { return }
        annotation["/A"] = nil
        let destination = destinations[address]
        var contents = PDFObjectText()
        contents.textString(target.description(mark: destination?.mark ?? ""))
        annotation["/Contents"] = .string(contents.bytes)
        guard let destination, pages.indices.contains(destination.page) else { return }
        annotation["/Dest"] = .array([.reference(pages[destination.page]), .name("/XYZ"), .real(destination.point.x),
                                      .real(pageHeights[destination.page] - destination.point.y), .null])
    }
}
