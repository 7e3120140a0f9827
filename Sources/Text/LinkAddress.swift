/// Checks the address of a link (`<a href="…">`). A PDF leaves the folder it was made in, so
/// an address must be complete; and a reader clicks it trusting the page, so only addresses
/// that open a web page or a new e-mail are allowed: `javascript:` would run code in the
/// viewer, `file:` open something on the reader's own machine, `data:` hide its content.
/// In Text because an `<a>` and a running head's link (`RunningTemplate`) are checked alike.
public enum LinkAddress {
    static let schemes = ["http", "https", "mailto"]

    /// Why `address` cannot be a link's, or nil when it can.
    public static func problem(with address: String) -> String? {
        if address.isEmpty { return "<a> needs an address in href, e.g. <a href=\"https://example.com\">" }
        if let unit = address.unicodeScalars.first(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
            let what = unit == " " ? "a space" : "U+" + String(unit.value, radix: 16, uppercase: true)
            return "a link's address cannot contain \(what) (write a space as %20): \"\(address.clipped)\""
        }
        guard let scheme = scheme(of: address) else {
            let guess = address.lowercased().hasPrefix("www.") ? " such as https://\(address.clipped)" : " such as https://example.com/page"
            return "\"\(address.clipped)\" is not a complete address: a link in a PDF needs one\(guess), or mailto:name@example.com"
        }
        guard schemes.contains(scheme) else {
            let reason = scheme == "javascript" ? "; javascript: links would run code in the reader's PDF viewer" : ""
            return "links may be http:, https: or mailto: addresses, not \(scheme):\(reason)"
        }
        let rest = address.dropFirst(scheme.count + 1)
        if scheme == "mailto" {
            return rest.isEmpty ? "mailto: needs an e-mail address, e.g. mailto:editor@example.com" : nil
        }
        let host = rest.hasPrefix("//") ? rest.dropFirst(2).prefix { !"/?#".contains($0) } : ""
        return host.isEmpty ? "\"\(address.clipped)\" has no host: expected \(scheme)://host/…" : nil
    }

    /// The scheme, lowercased, when the address starts with one (RFC 3986: a letter, then
    /// letters, digits, `+`, `-` or `.`, then `:`).
    private static func scheme(of address: String) -> String? {
        guard let colon = address.firstIndex(of: ":") else { return nil }
        let name = address[..<colon]
        guard let first = name.first, first.isASCII, first.isLetter,
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        return name.lowercased()
    }
}
