/// A link annotation's `/Contents`, the text a screen reader or a viewer's tooltip gives for it
/// (ISO 32000-1, 12.5.2; PDF/UA-1 7.18.5 asks it of every annotation): where a web link goes,
/// its URI, which Cairo writes in the annotation's action but not as its description (it is
/// ASCII, so its string is a text string as it is). The document's own links get theirs where
/// they get their destinations (`InternalLinkDestinations`).
enum LinkAnnotationContents {
    /// Gives `annotation` (a `/Link` annotation of the draft's) its URI as its `/Contents`,
    /// unless it has one already or goes to no URI.
    static func describe(_ annotation: inout PDFDictionary) {
        guard annotation["/Contents"] == nil else { return }
        if let uri = annotation["/A"]?.dictionary?["/URI"], case .string = uri {
            annotation["/Contents"] = uri
        }
    }
}
