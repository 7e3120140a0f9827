import Images
import Text

/// The parse where a line of the document's own file begins, kept so that a later parse of
/// markup alike up to there goes on from it instead of reading what is before it again
/// (`KeptParses`). What the parse holds there is kept as it was, by value, but for what is not
/// a value or is too large to copy at every checkpoint: the text and its source map (the
/// parse's at its read's end, cut to `textLength`: the reading only appends to them), the
/// messages (the parse's first, `diagnostics`), the swatches (a class, copied) and the pictures
/// opened (the parse's first `pictureCount`, opened again and found unchanged). A class: the
/// state is some 14 KB, copied once into it rather than each time a checkpoint is handed on.
final class ParseCheckpoint {
    /// The first unit not read: what was read depends on the units before it alone
    /// (`MarkupScanner.isAtLineStart`).
    let position: Int
    /// The state without its text (`DocumentBuilder.setTextAside`).
    let state: ParseState
    let lines: DeclarationLines
    let textLength: Int
    let diagnostics: MarkupDiagnostics.Mark
    let swatches: SwatchBook
    let pictureCount: Int

    init(position: Int, state: ParseState, lines: DeclarationLines, textLength: Int, diagnostics: MarkupDiagnostics.Mark,
         swatches: SwatchBook, pictureCount: Int) {
        self.position = position
        self.state = state
        self.lines = lines
        self.textLength = textLength
        self.diagnostics = diagnostics
        self.swatches = swatches
        self.pictureCount = pictureCount
    }

    /// The parse going on from here over `source`, alike up to `position`: `text` and
    /// `sourceMap` are the kept parse's, `earlier` its messages, `opened` its pictures, opened
    /// again into `pictures`. Nil when one of those pictures is not the file it was.
    func stateGoingOn(over source: MarkupSource, text: AttributedText, sourceMap: TextSourceMap, messages earlier: MarkupDiagnostics,
                      opened: [(path: String, fingerprint: InputFile.Fingerprint)], into pictures: PictureFiles) -> ParseState? {
        var state = self.state
        state.images = state.images.opening(into: pictures)
        for (path, fingerprint) in opened.prefix(pictureCount) where !state.images.opensAgain(path, as: fingerprint) { return nil }
        state.diagnostics = MarkupDiagnostics(source: source, continuing: earlier, from: diagnostics)
        state.values = ValueReader(diagnostics: state.diagnostics, swatches: swatches.copy())
        var text = text
        text.truncate(toLength: textLength)
        state.builder.goOn(after: text, sourceMap: sourceMap.truncated(toLength: textLength, locatingIn: source), source: source)
        return state
    }
}

extension ParseState {
    /// Whether a parse may be taken up again from here with nothing but the markup before it
    /// and the pictures it opened: no error (the run fails anyway, and a missing picture may
    /// have come), no other file read (a style sheet, an included file, a story's rest), no tag
    /// whose meaning waits for what follows it, between paragraphs.
    var canGoOnFromHere: Bool {
        diagnostics.errorCount == 0 && sheetsRead.isEmpty && includedFiles.isEmpty && jumps.jumps.isEmpty && jumps.unmatched.isEmpty
            && jumps.depth == 0 && openMaster == nil && paragraphTagMidParagraph == nil && languageResumed == nil
            && builder.isBetweenParagraphs
    }

    /// The checkpoint at `position`, a line's start, with the read loop's `lines`; nil when
    /// the parse cannot go on from here.
    func checkpoint(at position: Int, lines: DeclarationLines) -> ParseCheckpoint? {
        guard canGoOnFromHere else { return nil }
        var kept = self
        kept.builder.setTextAside()
        return ParseCheckpoint(position: position, state: kept, lines: lines, textLength: builder.text.length, diagnostics: diagnostics.mark,
                               swatches: values.swatches.copy(), pictureCount: images.files.openedInOrder.count)
    }
}

/// The checkpoints a parse takes as it reads: one at the first line start that allows one
/// after each `spacing` units. Each costs the copies its state's arrays make when next changed
/// and keeps them, so they are spaced to be at most `mostTaken` a document; an edit is then
/// read again from at most `spacing` units before it.
struct ParseCheckpoints {
    /// Under a page of the magazine's markup (`bench/magazine.py`: 3 KB a page), so that an
    /// edit there reads a page again at most; a document past 256 KB has them further apart.
    static let leastSpacing = 2048
    static let mostTaken = 128

    private(set) var taken: [ParseCheckpoint]
    private let spacing: Int
    private var next: Int

    /// Checkpoints after `kept`, those a parse going on from the last of them keeps.
    init(after kept: [ParseCheckpoint], sourceLength: Int) {
        taken = kept
        spacing = max(Self.leastSpacing, sourceLength / Self.mostTaken)
        next = (kept.last?.position ?? 0) + spacing
    }

    /// Whether a checkpoint is wanted at `position`.
    func isDue(at position: Int) -> Bool {
        position >= next
    }

    mutating func take(_ checkpoint: ParseCheckpoint) {
        taken.append(checkpoint)
        next = checkpoint.position + spacing
    }
}
