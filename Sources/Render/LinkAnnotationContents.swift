/// A link annotation's `/Contents`, the text a screen reader or a viewer's tooltip gives for it
/// (ISO 32000-1, 12.5.2; PDF/UA-1 7.18.5 asks it of every annotation): where the link goes —
/// its URI, which Cairo writes in the annotation's action but not as its description, or for a
/// reference's link to a named destination (`ReferenceDestinations`), the page it opens. Both
/// are ASCII, so their strings are text strings as they are.
enum LinkAnnotationContents {
    /// Gives `annotation` (a `/Link` annotation of the draft's) its destination as its
    /// `/Contents`, unless it has one already or goes nowhere it can name; `destinationPages`
    /// is the PDF's page (from 1) of each named destination.
    static func describe(_ annotation: inout PDFDictionary, destinationPages: [String: Int] = [:]) {
        guard annotation["/Contents"] == nil else { return }
        if let uri = annotation["/A"]?.dictionary?["/URI"], case .string = uri {
            annotation["/Contents"] = uri
        } else if case .string(let written)? = annotation["/Dest"], let page = destinationPages[name(written)] {
            annotation["/Contents"] = .string(Array("(page \(page))".utf8))
        }
    }

    /// A destination's name from its string as Cairo writes it, `(…)` with `\` escapes.
    private static func name(_ written: [UInt8]) -> String {
        var bytes: [UInt8] = []
        var escaped = false
        for byte in written.dropFirst().dropLast() {
            if byte == UInt8(ascii: "\\"), !escaped { escaped = true; continue }
            bytes.append(byte)
            escaped = false
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
