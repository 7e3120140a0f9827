import Diagnostics

/// A running header or footer as written: `left|centre|right`, each part text with the
/// placeholders `{page}`, `{pages}` and `{title}`. One part is centred; two are the left and
/// right parts. `\|`, `\{`, `\}` and `\\` stand for the character itself.
///
/// It lives in Text because the markup (`<meta header="…">`) and the command line both read it
/// and Pages sets it: each must report a bad template in its own way, at the same place.
public struct RunningTemplate: Hashable, Sendable {
    public enum Field: String, CaseIterable, Sendable {
        case page, pages, title
    }

    public enum Piece: Hashable, Sendable {
        case text(String)
        case field(Field)
    }

    public var left: [Piece]
    public var center: [Piece]
    public var right: [Piece]

    public init(left: [Piece] = [], center: [Piece] = [], right: [Piece] = []) {
        self.left = left
        self.center = center
        self.right = right
    }

    /// Nothing to print: an empty template turns a header off.
    public var isEmpty: Bool { left.isEmpty && center.isEmpty && right.isEmpty }

    public func uses(_ field: Field) -> Bool {
        [left, center, right].contains { $0.contains(.field(field)) }
    }

    /// The three parts with the placeholders filled in.
    public func expanded(page: Int, pages: Int?, title: String) -> (left: String, center: String, right: String) {
        func fill(_ pieces: [Piece]) -> String {
            pieces.map { piece -> String in
                switch piece {
                case .text(let text): return text
                case .field(.page): return String(page)
                case .field(.pages): return pages.map(String.init) ?? ""
                case .field(.title): return title
                }
            }.joined()
        }
        return (fill(left), fill(center), fill(right))
    }
}

/// Why a template cannot be read, and where: `offset` counts UTF-16 units from its start.
public struct RunningTemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var offset: Int

    public var description: String { message }
}

extension RunningTemplate {
    static let placeholderList = "{page}, {pages} and {title}"

    /// Reads `template`. Placeholder names ignore case, as tag names do.
    public init(parsing template: String) throws(RunningTemplateError) {
        var parts: [[Piece]] = [[]]
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
                    literal.append(next)
                    offset += next.utf16.count
                    characters = lookahead
                } else {
                    literal.append(character)
                }
            case "|":
                endLiteral()
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
                guard let field = Field(rawValue: name.lowercased()) else {
                    let names = Field.allCases.map(\.rawValue)
                    let hint = Suggestion.closest(to: name, among: names).map { " (did you mean {\($0)}?)" } ?? ""
                    let shown = name.count <= 20 ? name : name.prefix(19) + "…"
                    throw RunningTemplateError(message: "unknown placeholder {\(shown)}\(hint); the placeholders are \(Self.placeholderList)",
                                               offset: start)
                }
                endLiteral()
                parts[parts.count - 1].append(.field(field))
            default:
                literal.append(character)
            }
        }
        endLiteral()
        switch parts.count {
        case 1: self.init(center: parts[0])
        case 2: self.init(left: parts[0], right: parts[1])
        default: self.init(left: parts[0], center: parts[1], right: parts[2])
        }
    }
}
