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

    /// `file:line:col: error: message`, then the source line and a caret under the column.
    public var description: String {
        var text = location.map { "\($0): " } ?? ""
        text += "\(severity.rawValue): \(message)"
        if let sourceLine, let location {
            let shown = sourceLine.replacingTabsWithSpaces()
            text += "\n" + shown + "\n" + String(repeating: " ", count: max(0, location.column - 1)) + "^"
        }
        return text
    }
}

private extension String {
    // A tab would make the caret land in the wrong column.
    func replacingTabsWithSpaces() -> String {
        String(unicodeScalars.map { $0 == "\t" ? " " : Character($0) })
    }
}

extension Sequence where Element == Diagnostic {
    /// In the order of the document: by file, line and column; unlocated ones last.
    public func sortedBySource() -> [Diagnostic] {
        enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case let (x?, y?):
                return (x.file, x.line, x.column, a.offset) < (y.file, y.line, y.column, b.offset)
            case (.some, .none): return true
            case (.none, .some): return false
            case (.none, .none): return a.offset < b.offset
            }
        }.map(\.element)
    }
}
