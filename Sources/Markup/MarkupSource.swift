import Diagnostics
import Foundation
import Text

/// A markup document's text as UTF-16 (kept one byte a unit when it can be: `SourceUnits`),
/// with line starts for turning offsets into locations.
/// A byte-order mark is dropped and CRLF / CR line endings become LF, so that columns
/// and paragraph ends do not depend on the editor that wrote the file.
public struct MarkupSource: Sendable {
    /// The most of a document read, whether a file, a pipe or standard input: a pipe without
    /// end (`yes | typeset -`) stops here, with an error, instead of filling the memory. Four
    /// times the largest document set here, a book of 8.5 MB; a document is held some 50 to
    /// 100 bytes a byte while it is set (docs/scaling.md), so this is 2 to 3 GB at most.
    public static let maximumSize = 32_000_000

    public let fileName: String
    /// The text; empty once it is kept in a file (`keepingUnitsInAFile()`).
    public private(set) var units: SourceUnits
    /// How many units the text has, wherever they are kept.
    private(set) var count: Int
    /// Where the units are once they are no longer in memory.
    private let unitsFile: SourceUnitsFile?
    /// Offset of the first character of each line.
    private(set) var lineStarts: [Int]
    /// Offset of each trail surrogate (the second half of a character beyond U+FFFF), so that
    /// a column, which counts characters, is found without counting along a long line.
    private(set) var trailSurrogates: [Int]
    /// The text of each line asked for, made once: a line with thousands of tags gets as many
    /// messages and pictures, which then share one copy of it instead of one each.
    private let lineTexts: LineTexts
    /// The files whose text is in this offset space, by their first offset: the document, and
    /// each file it includes (`<include>`) after it (`SourceFiles`).
    private(set) var files: SourceFiles

    /// Decodes UTF-8 bytes; invalid UTF-8 is reported at the line and column where it starts.
    public init(fileName: String, bytes: [UInt8]) throws {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        switch DecodedText(utf8: body) {
        case .decoded(let text):
            self.init(fileName: fileName, decoded: text)
        case .invalid(at: let bad):
            // Lines end at LF, CRLF or a lone CR, as they do once the text is read.
            var line = 1
            var lineStart = body.startIndex
            var index = body.startIndex
            while index < bad {
                let byte = body[index]
                if byte == 0x0A || (byte == 0x0D && (index + 1 >= body.endIndex || body[index + 1] != 0x0A)) {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
            let lineText = String(decoding: body[lineStart ..< bad], as: UTF8.self)
            let byte = String(body[bad], radix: 16, uppercase: true)
            throw Diagnostic.error("invalid UTF-8 (byte 0x\(byte)); the file must be UTF-8 text",
                                   at: SourceLocation(file: fileName, line: line, column: lineText.unicodeScalars.count + 1),
                                   sourceLine: lineText)
        }
    }

    public init(fileName: String, text: String) {
        guard case .decoded(let decoded) = DecodedText(utf8: Array(text.utf8)[...]) else {
            preconditionFailure("a String is valid UTF-8")
        }
        self.init(fileName: fileName, decoded: decoded)
    }

    private init(fileName: String, decoded: DecodedText.Text) {
        self.fileName = fileName
        units = decoded.units
        count = decoded.units.count
        lineStarts = decoded.lineStarts
        trailSurrogates = decoded.trailSurrogates
        lineTexts = LineTexts()
        unitsFile = nil
        files = SourceFiles(name: fileName)
    }

    /// Puts `other`'s text after this source's, a line end between, in one offset space: an
    /// offset in `other` is the returned base plus its own. Lines and columns are still each
    /// file's, named by it; `other` is read where the tag at `tag` is (`readingOrder`). In
    /// place: when this is the only copy of the space, only `other` is copied, so that an issue
    /// of n includes is read in time linear in its length, not n times its length.
    mutating func append(_ other: MarkupSource, includedAt tag: Int) -> Int {
        precondition(unitsFile == nil, "a source kept in a file is read, not extended")
        let base = count + 1
        files.add(other.fileName, base: base, firstLine: lineStarts.count, includedAt: tag)
        units.append(lineFeedAnd: other.units)
        count = units.count
        lineStarts.append(contentsOf: other.lineStarts.lazy.map { $0 + base })
        trailSurrogates.append(contentsOf: other.trailSurrogates.lazy.map { $0 + base })
        // The lines made so far are the same lines: the cache goes on.
        return base
    }

    private init(_ source: MarkupSource, unitsIn file: SourceUnitsFile) {
        fileName = source.fileName
        units = .narrow([])
        count = source.count
        lineStarts = source.lineStarts
        trailSurrogates = source.trailSurrogates
        lineTexts = source.lineTexts
        unitsFile = file
        files = source.files
    }

    /// The same source with its units in a temporary file (`SourceUnitsFile`), for the
    /// messages found after parsing, which quote a line now and then; itself when no file can
    /// be made. Only what locates and quotes (`location(of:)`, `lineText(containing:)`,
    /// `string(_:)`) reads it then: the parser needs `units` in memory.
    public func keepingUnitsInAFile() -> MarkupSource {
        guard unitsFile == nil, let file = SourceUnitsFile(units) else { return self }
        return MarkupSource(self, unitsIn: file)
    }

    /// Whether the unit at `offset` is the second half of a character beyond U+FFFF.
    func isTrailSurrogate(at offset: Int) -> Bool {
        trailSurrogates.countOfElements(below: offset + 1) > trailSurrogates.countOfElements(below: offset)
    }

    /// The 0-based line holding `offset`.
    func lineIndex(of offset: Int) -> Int {
        max(0, lineStarts.countOfElements(below: offset + 1) - 1)
    }

    /// The place of `offset`, and, in an included file, the `<include>` tags that brought it in.
    public func location(of offset: Int) -> SourceLocation {
        var location = locationInItsFile(offset)
        location.includedFrom = files.file(holding: offset).includedAt.offsets.reversed().map(locationInItsFile)
        return location
    }

    /// File, line and column of `offset`, and where it comes in reading order.
    private func locationInItsFile(_ offset: Int) -> SourceLocation {
        let offset = min(max(0, offset), count)
        let line = lineIndex(of: offset)
        let start = lineStarts[line]
        // Columns count Unicode scalars: a trail surrogate does not start a new one.
        let trails = trailSurrogates.countOfElements(below: offset) - trailSurrogates.countOfElements(below: start)
        let file = files.file(holding: offset)
        return SourceLocation(file: file.name, line: line - file.firstLine + 1, column: offset - start - trails + 1,
                              readingOrder: file.readingOrder(of: offset))
    }

    /// Where `offset` comes as the document is read through, its included files in place.
    func readingOrder(of offset: Int) -> ReadingOrder {
        files.readingOrder(of: offset)
    }

    public func lineText(containing offset: Int) -> String {
        let line = lineIndex(of: offset)
        return lineTexts.text(ofLine: line) {
            let start = lineStarts[line]
            let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : count
            return string(start ..< max(start, end))
        }
    }

    public func diagnostic(_ severity: Diagnostic.Severity, _ message: String, at offset: Int) -> Diagnostic {
        Diagnostic(severity, message, at: location(of: offset), sourceLine: lineText(containing: offset))
    }

    /// `offset` located, for a message a later pass gives without the source.
    public func place(of offset: Int) -> SourcePlace {
        SourcePlace(location: location(of: offset), sourceLine: lineText(containing: offset))
    }

    public func string(_ range: Range<Int>) -> String {
        guard let unitsFile else { return units.string(range) }
        return String(decoding: unitsFile.units(range), as: UTF16.self)
    }
}

/// The lines of a source already made into strings. A class, so that the copies of a source
/// (the parser's, the source map's) share it; locked, because the source map is read from the
/// layout and drawing threads. It holds at most the whole file once more.
private final class LineTexts: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [Int: String] = [:]

    func text(ofLine line: Int, make: () -> String) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let text = texts[line] { return text }
        let text = make()
        texts[line] = text
        return text
    }
}
