/// The files and URLs an SVG names outside itself: `href` and `xlink:href` values, `url(…)`
/// in its styles and `@import`s, other than those to its own elements (`#id`) and `data:`
/// URLs. librsvg, given the SVG without a base file, loads none of them (`VectorFile`); they
/// are found only to say so, at the `<img>` tag.
public enum SVGExternalReferences {
    /// The distinct external references of `svg`, in the order they first appear.
    public static func find(in svg: [UInt8]) -> [String] {
        let text = String(decoding: svg, as: UTF8.self)
        var found: [String] = []
        for reference in attributeValues(named: "href", in: text) + functionArguments(named: "url(", in: text) + imports(in: text)
        where isExternal(reference) && !found.contains(reference) {
            found.append(reference)
        }
        return found
    }

    static func isExternal(_ reference: String) -> Bool {
        let trimmed = reference.trimmingWhitespace
        return !trimmed.isEmpty && !trimmed.hasPrefix("#") && !trimmed.lowercased().hasPrefix("data:")
    }

    /// The quoted values of attributes whose names end in `name` (`href`, `xlink:href`).
    private static func attributeValues(named name: String, in text: String) -> [String] {
        var values: [String] = []
        var rest = text[...]
        while let found = rest.range(of: name) {
            rest = rest[found.upperBound...]
            let afterName = rest.drop(while: \.isWhitespace)
            guard afterName.first == "=", let value = quoted(afterName.dropFirst()) else { continue }
            values.append(value.text)
            rest = value.rest
        }
        return values
    }

    /// The arguments of CSS functions such as `url(…)`, quoted or not.
    private static func functionArguments(named function: String, in text: String) -> [String] {
        var arguments: [String] = []
        var rest = text[...]
        while let found = rest.range(of: function) {
            rest = rest[found.upperBound...]
            guard let end = rest.firstIndex(of: ")") else { break }
            arguments.append(String(rest[..<end]).trimmingWhitespace.trimmingQuotes)
            rest = rest[end...]
        }
        return arguments
    }

    /// `@import "…"` (an `@import url(…)` is found as a `url(`).
    private static func imports(in text: String) -> [String] {
        var imported: [String] = []
        var rest = text[...]
        while let found = rest.range(of: "@import") {
            rest = rest[found.upperBound...]
            guard let value = quoted(rest) else { continue }
            imported.append(value.text)
            rest = value.rest
        }
        return imported
    }

    /// The quoted string `text` starts with, after spaces, and what follows its closing quote.
    private static func quoted(_ text: Substring) -> (text: String, rest: Substring)? {
        let value = text.drop(while: \.isWhitespace)
        guard let quote = value.first, quote == "\"" || quote == "'",
              let end = value.dropFirst().firstIndex(of: quote) else { return nil }
        return (String(value[value.index(after: value.startIndex) ..< end]), value[value.index(after: end)...])
    }
}

private extension String {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    var trimmingQuotes: String {
        guard count >= 2, let first, first == last, first == "\"" || first == "'" else { return self }
        return String(dropFirst().dropLast())
    }
}
