import Diagnostics

/// A place in the source, located, with its line: for a message about something written there
/// that only a later pass can find — a master's frame that leaves no room for text, a line of
/// text wider than its place, a running head's link a PDF/X file must leave out. The markup
/// locates it while it has the source; Text and Pages carry it without the source.
public struct SourcePlace: Hashable, Sendable {
    public var location: SourceLocation
    public var sourceLine: String

    public init(location: SourceLocation, sourceLine: String) {
        self.location = location
        self.sourceLine = sourceLine
    }
}
