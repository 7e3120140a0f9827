/// A reference's link: an address inside the document, which the PDF makes an internal link to
/// its target's page (`TextAttributes.link` holds web addresses as they are written, and these).
public enum ReferenceLink {
    private static let prefix = "#"

    public static func address(of id: String) -> String { prefix + id }

    /// The id a link's address names inside the document, nil for a web address.
    public static func id(in address: String) -> String? {
        address.hasPrefix(prefix) ? String(address.dropFirst(prefix.count)) : nil
    }
}
