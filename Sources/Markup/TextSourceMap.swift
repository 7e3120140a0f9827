import Diagnostics
import Text

/// Where each character of a document's text came from in its markup: any UTF-16 offset of
/// `MarkupDocument.text` gives the file, line and column of the source character that
/// produced it, so that later stages can report a problem with the text (a character no
/// font has) like a compiler, with the source line and a caret.
///
/// Text made from a character reference (`&amp;`) is located at its `&`; text the markup
/// made without a source character of its own — a list item's number, marker and tab, the
/// line end that ends a paragraph before `<li>`, a `<br>`, a picture's U+FFFC — at the tag
/// that made it (a marker given as `marker="…"` at that value). Runs are recorded per
/// appended chunk, not per character, and found by binary search.
public struct TextSourceMap: Sendable {
    public private(set) var source: MarkupSource
    private(set) var origins = SourceRuns()

    init(source: MarkupSource) {
        self.source = source
    }

    /// The same map with its source's text in a temporary file (`MarkupSource.keepingUnitsInAFile()`):
    /// what a prepared document keeps for the pages' checks, which locate a finding now and then.
    public func keepingSourceInAFile() -> TextSourceMap {
        var map = self
        map.source = source.keepingUnitsInAFile()
        return map
    }

    /// Locates in `source` from now on: the one the map had with a file included after it.
    mutating func adopt(_ source: MarkupSource) {
        self.source = source
    }

    /// How many UTF-16 units of text the map covers (the text's length).
    public var textLength: Int { origins.count }

    /// The map of the text's first `length` units, locating in `source`, which holds the
    /// same markup up to where they came from (a kept parse going on: `KeptParses`).
    func truncated(toLength length: Int, locatingIn source: MarkupSource) -> TextSourceMap {
        var map = TextSourceMap(source: source)
        map.origins = origins
        map.origins.truncate(toLength: length)
        return map
    }

    /// Records the origins of text appended at the end of the text.
    mutating func append(_ text: SourcedText) {
        origins.append(text.origins, range: 0 ..< text.origins.count)
    }

    /// Records the origins of the units of `text` in `range`, appended at the end of the text.
    mutating func append(_ text: SourcedText, range: Range<Int>) {
        origins.append(text.origins, range: range)
    }

    /// The map of the text after `insertions` (see `AttributedText.insert`): each inserted
    /// unit is located where the unit it is styled like came from.
    mutating func insert(_ insertions: [AttributedText.Insertion]) {
        guard !insertions.isEmpty else { return }
        var rebuilt = SourceRuns()
        var position = 0
        for insertion in insertions {
            rebuilt.append(origins, range: position ..< insertion.offset)
            rebuilt.appendMade(length: 1, at: origins.origin(of: insertion.styledLike)?.sourceOffset ?? 0)
            position = insertion.offset
        }
        rebuilt.append(origins, range: position ..< origins.count)
        origins = rebuilt
    }

    /// The offset in `source.units` of the character that produced the text's unit at
    /// `textOffset`; the second unit of a character beyond U+FFFF gives its first. Nil
    /// outside the text.
    public func sourceOffset(ofTextOffset textOffset: Int) -> Int? {
        guard let origin = origins.origin(of: textOffset) else { return nil }
        let offset = origin.sourceOffset
        return source.isTrailSurrogate(at: offset) ? offset - 1 : offset
    }

    /// File, line and column (in Unicode scalars) of the character that produced the text's
    /// unit at `textOffset`; nil outside the text.
    public func location(ofTextOffset textOffset: Int) -> SourceLocation? {
        sourceOffset(ofTextOffset: textOffset).map { source.location(of: $0) }
    }

    /// The source line holding that character, for the caret display under a message.
    public func sourceLine(ofTextOffset textOffset: Int) -> String? {
        sourceOffset(ofTextOffset: textOffset).map { source.lineText(containing: $0) }
    }

    /// A message about the text's unit at `textOffset`, located at its source character
    /// (unlocated outside the text).
    public func diagnostic(_ severity: Diagnostic.Severity, _ message: String, atTextOffset textOffset: Int) -> Diagnostic {
        guard let offset = sourceOffset(ofTextOffset: textOffset) else { return Diagnostic(severity, message) }
        return source.diagnostic(severity, message, at: offset)
    }
}
