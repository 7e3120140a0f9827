import Diagnostics

/// A running header or footer as written: `left|centre|right`, each part text with the
/// placeholders `{page}`, `{pages}`, `{title}`, `{author}` and `{section}`, each of which may name a style it prints in
/// (`{page style=folio}`), and links (`{link href=https://…}…{/link}`: what is between links to
/// the address). One part is centred; two are the left and right parts. `\|`, `\{`, `\}` and
/// `\\` stand for the character itself.
///
/// It lives in Text because the markup (`<meta header="…">`) and the command line both read it
/// and Pages sets it: each must report a bad template in its own way, at the same place.
public struct RunningTemplate: Hashable, Sendable {
    public enum Field: String, CaseIterable, Sendable {
        case page, pages, title, author, section
    }

    public enum Piece: Hashable, Sendable {
        case text(String)
        case field(Field)
        /// A placeholder printed in a named style (`{page style=folio}`): the style's name and,
        /// once the markup has looked it up (`resolvingStyles`), the attributes it prints in.
        case styledField(Field, style: String, attributes: TextAttributes?)
        /// The start of a link to an address (`{link href=…}`): the pieces up to its `linkEnd`
        /// (`{/link}`), in the same part, are its text.
        case link(String)
        case linkEnd
    }

    /// Running heads are set at this share of the body size, as footnotes are; a style a
    /// placeholder names starts from it.
    public static let relativeSize = 0.8

    public var left: [Piece]
    public var center: [Piece]
    public var right: [Piece]
    /// Where each `{link` is written, in UTF-16 units from the template's start, in order
    /// (`RunningTemplate(parsing:)`), and where that is in the document's source once the
    /// markup has located them (`linkPlaces`; none for a template from the command line). Not
    /// part of what the template is: two templates that print alike are equal.
    public internal(set) var linkOffsets: [Int] = []
    public var linkPlaces: [SourcePlace] = []
    /// Where the template's value was written, for a message about the whole of it (nil: on
    /// the command line).
    public var place: SourcePlace?

    public init(left: [Piece] = [], center: [Piece] = [], right: [Piece] = []) {
        self.left = left
        self.center = center
        self.right = right
    }

    public static func == (a: RunningTemplate, b: RunningTemplate) -> Bool {
        a.left == b.left && a.center == b.center && a.right == b.right
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(left)
        hasher.combine(center)
        hasher.combine(right)
    }

    /// Nothing to print: an empty template turns a header off.
    public var isEmpty: Bool { left.isEmpty && center.isEmpty && right.isEmpty }

    public func uses(_ field: Field) -> Bool {
        [left, center, right].contains { $0.contains { $0.field == field } }
    }

    /// A piece's text, the attributes it prints in (nil: the heads') and the address it links to.
    public typealias Run = (text: String, attributes: TextAttributes?, link: String?)

    /// The three parts with the placeholders filled in, as runs of one style each.
    public func runs(page: Int, pages: Int?, title: String, author: String = "", section: String = "")
        -> (left: [Run], center: [Run], right: [Run]) {
        func fill(_ pieces: [Piece]) -> [Run] {
            var link: String?
            return pieces.compactMap { piece -> Run? in
                let value = { (field: Field) -> String in
                    switch field {
                    case .page: String(page)
                    case .pages: pages.map(String.init) ?? ""
                    case .title: title
                    case .author: author
                    case .section: section
                    }
                }
                switch piece {
                case .text(let text): return (text, nil, link)
                case .field(let field): return (value(field), nil, link)
                case .styledField(let field, _, let attributes): return (value(field), attributes, link)
                case .link(let address): link = address
                case .linkEnd: link = nil
                }
                return nil
            }
        }
        return (fill(left), fill(center), fill(right))
    }

    /// The three parts with the placeholders filled in.
    public func expanded(page: Int, pages: Int?, title: String) -> (left: String, center: String, right: String) {
        let parts = runs(page: page, pages: pages, title: title)
        let joined = { (runs: [Run]) in runs.map(\.text).joined() }
        return (joined(parts.left), joined(parts.center), joined(parts.right))
    }

    /// The addresses its links go to, in order.
    public var linkAddresses: [String] {
        [left, center, right].joined().compactMap { piece -> String? in
            if case .link(let address) = piece { return address }
            return nil
        }
    }

    /// The styles its placeholders name, each once, in order.
    public var styleNames: [String] {
        var seen = Set<String>()
        return [left, center, right].joined().compactMap { piece -> String? in
            if case .styledField(_, let style, _) = piece { return style }
            return nil
        }.filter { seen.insert($0).inserted }
    }

    /// The template with each style its placeholders name looked up by `attributes` (nil: no
    /// such style, and the placeholder is left unresolved).
    public func resolvingStyles(_ attributes: (String) -> TextAttributes?) -> RunningTemplate {
        func resolve(_ pieces: [Piece]) -> [Piece] {
            pieces.map { piece in
                guard case .styledField(let field, let style, _) = piece else { return piece }
                return .styledField(field, style: style, attributes: attributes(style))
            }
        }
        var resolved = self
        (resolved.left, resolved.center, resolved.right) = (resolve(left), resolve(center), resolve(right))
        return resolved
    }

    /// The styles named but not looked up yet, each once.
    public var unresolvedStyleNames: [String] {
        let unresolved = [left, center, right].joined().compactMap { piece -> String? in
            if case .styledField(_, let style, nil) = piece { return style }
            return nil
        }
        return styleNames.filter(unresolved.contains)
    }
}

extension RunningTemplate.Piece {
    /// The placeholder it prints, styled or not; nil for text.
    var field: RunningTemplate.Field? {
        switch self {
        case .text, .link, .linkEnd: nil
        case .field(let field), .styledField(let field, _, _): field
        }
    }
}

/// Why a template cannot be read, and where: `offset` counts UTF-16 units from its start.
public struct RunningTemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var offset: Int

    public var description: String { message }
}

extension RunningTemplate {
    static let placeholderList = "{page}, {pages}, {title}, {author} and {section}, and {link href=…}…{/link}"

    /// Reads `template`. Placeholder names ignore case, as tag names do.
    public init(parsing template: String) throws(RunningTemplateError) {
        var parts: [[Piece]] = [[]]
        var links = RunningTemplateLinks()
        var linkOffsets: [Int] = []
        var literal = ""
        var offset = 0   // UTF-16 offset of the character being read
        func endLiteral() {
            if !literal.isEmpty { parts[parts.count - 1].append(.text(literal)) }
            literal = ""
        }
        var characters = template.makeIterator()
        while let character = characters.next() {
            let start = offset
            offset += character.utf16.count
            switch character {
            case "\\":
                // A backslash before another character is that character; alone, itself.
                var lookahead = characters
                if let next = lookahead.next(), "|{}\\".contains(next) {
                    links.noteText()
                    literal.append(next)
                    offset += next.utf16.count
                    characters = lookahead
                } else {
                    literal.append(character)
                }
            case "|":
                endLiteral()
                try links.endPart()
                guard parts.count < 3 else {
                    throw RunningTemplateError(message: "a template has at most three parts, left|centre|right; write \\| for a bar",
                                               offset: start)
                }
                parts.append([])
            case "{":
                var name = ""
                var closed = false
                while let next = characters.next() {
                    offset += next.utf16.count
                    if next == "}" { closed = true; break }
                    name.append(next)
                }
                guard closed else {
                    throw RunningTemplateError(message: "unterminated placeholder \"{\(name.prefix(20))\": expected '}' (write \\{ for a brace)",
                                               offset: start)
                }
                // `{page style=folio}`: the placeholder, then what it prints in.
                let words = name.split(separator: " ", omittingEmptySubsequences: true)
                if let link = try links.read(words, of: name, at: start) {
                    endLiteral()
                    parts[parts.count - 1].append(link)
                    if case .link = link { linkOffsets.append(start) }
                    continue
                }
                var style: String?
                for option in words.dropFirst() {
                    let parts = option.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "style", !parts[1].isEmpty else {
                        throw RunningTemplateError(message: "a placeholder takes only a style, {\(words.first ?? "page") style=NAME}, "
                                                   + "not \"\(option.prefix(20))\"", offset: start)
                    }
                    style = String(parts[1])
                }
                if let first = words.first { name = String(first) }
                guard let field = Field(rawValue: name.lowercased()) else {
                    let names = Field.allCases.map(\.rawValue)
                    let hint = Suggestion.closest(to: name, among: names).map { " (did you mean {\($0)}?)" } ?? ""
                    let shown = name.count <= 20 ? name : name.prefix(19) + "…"
                    throw RunningTemplateError(message: "unknown placeholder {\(shown)}\(hint); the placeholders are \(Self.placeholderList)",
                                               offset: start)
                }
                endLiteral()
                links.noteText()
                parts[parts.count - 1].append(style.map { .styledField(field, style: $0, attributes: nil) } ?? .field(field))
            default:
                if !character.isWhitespace { links.noteText() }
                literal.append(character)
            }
        }
        endLiteral()
        try links.endPart()
        switch parts.count {
        case 1: self.init(center: parts[0])
        case 2: self.init(left: parts[0], right: parts[1])
        default: self.init(left: parts[0], center: parts[1], right: parts[2])
        }
        self.linkOffsets = linkOffsets
    }
}
