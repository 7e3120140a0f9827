/// A link annotation's `/Contents`, the text a screen reader or a viewer's tooltip gives for it
/// (ISO 32000-1, 12.5.2; PDF/UA-1 7.18.5 asks it of every annotation): where the link goes,
/// its URI, which Cairo writes in the annotation's action but not as its description. The URI
/// is ASCII, so its string is a text string as it is.
enum LinkAnnotationContents {
    /// Gives `annotation` (a `/Link` annotation of the draft's) its destination's URI as its
    /// `/Contents`, unless it has one already or its action is not a URI written in it.
    static func describe(_ annotation: inout PDFDictionary) {
        guard annotation["/Contents"] == nil, let uri = annotation["/A"]?.dictionary?["/URI"], case .string = uri else { return }
        annotation["/Contents"] = uri
    }
}
