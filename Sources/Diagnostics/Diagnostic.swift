/// One problem found in a document, located like a compiler's message.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// The text of the source line, shown under the message with a caret at the column.
    public var sourceLine: String?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.sourceLine = sourceLine
    }

    public static func error(_ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location, sourceLine: sourceLine)
    }

    public static func warning(_ message: String, at location: SourceLocation? = nil, sourceLine: String? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location, sourceLine: sourceLine)
    }

    /// `file:line:col: error: message`, then the source line and a caret under the column,
    /// then its notes.
    public var description: String {
        ([headline] + shownSourceLine + notes.map { "note: \($0.message.controlCharactersEscaped)" }).joined(separator: "\n")
    }

    /// `file:line:col: error: message`, one line: control characters in a name escaped.
    public var headline: String {
        ((location.map { "\($0): " } ?? "") + "\(severity.rawValue): \(message)").controlCharactersEscaped
    }

    /// The source line and a caret under the column, when there is one.
    public var shownSourceLine: [String] {
        guard let sourceLine, let location else { return [] }
        let (shown, caret) = Self.window(of: sourceLine, around: location.column - 1)
        return [shown, String(repeating: " ", count: caret) + "^"]
    }

    /// What is said after the message, as a compiler's notes: where its file was included
    /// (each note at that place, its message naming it too, for the human format's one line).
    public var notes: [Diagnostic] {
        (location?.includedFrom ?? []).map { Diagnostic(.note, "included from \($0)", at: $0) }
    }

    /// At most this many characters of a source line are shown: a document may be one
    /// enormous line, and a message about it must stay readable (and small).
    public static let maximumShownWidth = 120

    /// The part of `line` shown under a message, tabs made spaces, and the caret's column in it.
    /// Only the window is walked, not the whole line: a line megabytes long may have a
    /// thousand messages.
    static func window(of line: String, around column: Int) -> (text: String, caret: Int) {
        let scalars = line.unicodeScalars
        let width = maximumShownWidth
        var start = max(0, column - width / 2)
        var from = scalars.endIndex
        if let index = scalars.index(scalars.startIndex, offsetBy: start, limitedBy: scalars.endIndex) {
            from = index
        } else {
            start = scalars.count
        }
        let to = scalars.index(from, offsetBy: width, limitedBy: scalars.endIndex) ?? scalars.endIndex
        let taken = scalars.distance(from: from, to: to)
        // Near the end of the line the window reaches back, so that it is full.
        let back = taken < width ? min(start, width - taken) : 0
        from = scalars.index(from, offsetBy: -back)
        let count = taken < width ? start + taken : Int.max
        start -= back
        var shown = String(String.UnicodeScalarView(scalars[from ..< to].map { $0 == "\t" ? " " : $0 }))
        var caret = min(max(0, column), count) - start
        if start > 0 { shown = "…" + shown; caret += 1 }
        if to < scalars.endIndex { shown += "…" }
        return (shown, caret)
    }
}

extension Sequence where Element == Diagnostic {
    /// In the order of the document as it is read, an included file's messages where it is
    /// included (`SourceLocation.readingOrder`); those located otherwise by file, line and
    /// column after them; unlocated ones last. Messages at one place keep their order.
    public func sortedBySource() -> [Diagnostic] {
        enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case let (x?, y?):
                switch (x.readingOrder, y.readingOrder) {
                case let (p?, q?): return p != q ? p < q : a.offset < b.offset
                case (.some, .none): return true
                case (.none, .some): return false
                case (.none, .none): return (x.file, x.line, x.column, a.offset) < (y.file, y.line, y.column, b.offset)
                }
            case (.some, .none): return true
            case (.none, .some): return false
            case (.none, .none): return a.offset < b.offset
            }
        }.map(\.element)
    }
}
