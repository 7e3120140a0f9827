import Text

/// Builds the attributed text as the parser reads: characters with the character attributes
/// in force, each paragraph with the paragraph style in force when its first character is
/// added, one font request per face where the text first uses it, and where in the source
/// each character came from.
struct DocumentBuilder {
    /// Grows as files are included (`MarkupSource.append`).
    private(set) var source: MarkupSource
    private(set) var text: AttributedText
    private(set) var sourceMap: TextSourceMap
    /// The character attributes of the text added next.
    var attributes: TextAttributes { didSet { lastRunsAreCurrent = false } }
    /// Where the tag that chose the current face is (nil: the document's defaults), for
    /// messages about a face that cannot be found.
    var faceOrigin: Int?
    /// The style of paragraphs that begin from now on.
    var paragraphStyle: ParagraphStyle { didSet { paragraphStyleInputsChanged = true } }
    /// The section of paragraphs that begin from now on. Apart from `paragraphStyle`, so that
    /// a `</p>` inside a section does not take its paragraphs out of it.
    var section: SectionStyle? { didSet { paragraphStyleInputsChanged = true } }
    /// The figure or aside of paragraphs that begin from now on, apart from `paragraphStyle`
    /// for the same reason as `section`.
    var box: BoxStyle? { didSet { paragraphStyleInputsChanged = true } }
    /// Whether the next paragraph to begin is the first of the figure or aside just opened
    /// (ParseState.openBox): a break waiting at its tag is the box's (`takesWhatWaitsForTheColumn`).
    var opensBox = false
    /// The table cell of paragraphs that begin from now on (see TableTags).
    var tableCell: TableCell? { didSet { paragraphStyleInputsChanged = true } }
    /// The `<keep>` block of paragraphs that begin from now on, apart from `paragraphStyle`
    /// for the same reason as `section`.
    var keepBlock: Int? { didSet { paragraphStyleInputsChanged = true } }
    /// A `<columnbreak>` or `<pagebreak>` waiting for the next paragraph to begin, and its tag.
    var pendingBreak: (kind: ForcedBreak, tagOffset: Int)? { didSet { paragraphStyleInputsChanged = true } }
    /// A master page switched to (`<section master>`, `<pagebreak master>`), waiting for the
    /// next paragraph of the columns to begin, which carries it (`ParagraphStyle.master`).
    var pendingMaster: MasterPage? { didSet { paragraphStyleInputsChanged = true } }
    /// The side of the spread a pending page break lands on (`<pagebreak parity>`).
    var pendingParity: PageParity? { didSet { paragraphStyleInputsChanged = true } }
    /// An article starting (`<include>`), or the issue's own text going on after one, waiting
    /// for the next paragraph of the columns to begin, which carries it (`ParagraphStyle.article`).
    var pendingArticle: Article? { didSet { paragraphStyleInputsChanged = true } }
    /// Which paragraph takes the drop cap in force: the first after the tag that asks for it.
    var dropCaps = DropCapOnce()
    /// Each `<columnbreak>` that a paragraph took: the paragraph's start in the text, and the tag.
    private(set) var columnBreaks: [(textOffset: Int, tagOffset: Int)] = []
    /// Whether the current paragraph has characters (its style is then fixed).
    private(set) var paragraphHasText = false
    /// The closing tag of a figure or aside whose last paragraph is still in progress. That
    /// paragraph ends in the box at its line end; text or a picture written after the tag on
    /// the same line ends it at the tag and begins a paragraph of the column instead, which a
    /// writer of `</figure>The text goes on` means (see `boxClosed(atTag:)`).
    private var boxClosedMidParagraph: Int?
    /// Whether text added now goes on in the paragraph in progress (which one that ends at a
    /// box's closing tag does not).
    var textGoesOnInParagraph: Bool { paragraphHasText && boxClosedMidParagraph == nil }
    private var currentParagraphStyle: ParagraphStyle
    /// Whether something `currentParagraphStyle` is made from changed since it was made (a
    /// list item's style and a break are used once, so they count as changes for the next
    /// paragraph). Most paragraphs are styled as the one before, and making and comparing a
    /// style costs more than a line of text.
    private var paragraphStyleInputsChanged = true
    /// Whether the text's last unit carries `attributes` and `currentParagraphStyle`: text
    /// added now extends its runs without comparing either, and its face is already noted.
    private var lastRunsAreCurrent = false
    /// A list item's style and number, waiting for the item's paragraph to begin.
    private var pendingListItem: (style: ParagraphStyle, number: Int?)?
    /// The number of the latest paragraph when it was a numbered list item, else 0.
    private(set) var listNumber = 0
    /// The footnote being read, whose text goes to it and not to the text, and those read
    /// and waiting for their marker's paragraph to end (see FootnoteText).
    private(set) var noteBeingRead: FootnoteText?
    private var notesWaiting: [FootnoteText] = []
    private(set) var fontRequests: [FontRequest] = []
    private var requestedFaces: Set<FontDescriptor> = []
    private var lastFace: FontDescriptor?

    init(source: MarkupSource, defaults: MarkupDefaults) {
        self.source = source
        text = AttributedText(defaultParagraphStyle: defaults.paragraphStyle)
        // Markup is longer than the text it makes (tags, references), so this is room enough.
        text.reserveCapacity(source.units.count + 1)
        sourceMap = TextSourceMap(source: source)
        attributes = defaults.bodyAttributes
        paragraphStyle = defaults.paragraphStyle
        currentParagraphStyle = defaults.paragraphStyle
        // The body face comes first and unlocated: the Fonts stage needs it whatever the text says.
        noteFace(of: defaults.bodyAttributes, at: nil)
    }

    /// Locates in `source` from now on: the one read so far with a file included after it.
    mutating func adopt(_ source: MarkupSource) {
        self.source = source
        sourceMap.adopt(source)
    }

    /// Whether no paragraph is in progress and nothing waits for one: no note being read or
    /// waiting for its marker's paragraph to end, no box's paragraph left open at its closing tag.
    var isBetweenParagraphs: Bool {
        !paragraphHasText && noteBeingRead == nil && notesWaiting.isEmpty && boxClosedMidParagraph == nil
    }

    /// Lets go of the text and its source map: a checkpoint's copy of the builder, which must not
    /// share them (the next append would copy the text), keeps their lengths instead.
    mutating func setTextAside() {
        text = AttributedText(defaultParagraphStyle: text.defaultParagraphStyle)
        sourceMap = TextSourceMap(source: source)
    }

    /// Goes on after `text`, located by `sourceMap` in `source`, which holds the markup it
    /// was made from: a checkpoint's builder taken up again over a source alike up to there.
    mutating func goOn(after text: AttributedText, sourceMap: TextSourceMap, source: MarkupSource) {
        self.text = text
        self.text.reserveCapacity(source.units.count + 1)
        self.sourceMap = sourceMap
        self.source = source
    }

    /// Appends text; each line feed ends a paragraph. Inside a footnote, the note keeps it.
    mutating func append(_ sourced: SourcedText) {
        guard !sourced.isEmpty else { return }
        if noteBeingRead != nil {
            noteBeingRead?.pieces.append(.text(sourced, attributes: attributes, faceOrigin: faceOrigin))
            return
        }
        let units = sourced.units
        var start = 0
        if let closingTag = boxClosedMidParagraph {
            // Spaces wait; a line end ends the box's paragraph in the box, as it would have.
            guard let visible = units.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return append(spaces: sourced) }
            if units[visible] != 0x0A {
                endParagraph(madeAt: closingTag)
                start = visible
            }
            boxClosedMidParagraph = nil
        }
        while let newline = UnitSearch.firstLineFeed(in: units[start...]) {
            sourceMap.append(sourced, range: start ..< newline + 1)
            appendInParagraph(units[start ... newline])
            paragraphHasText = false
            start = newline + 1
            if !notesWaiting.isEmpty { addWaitingNotes() }
        }
        if start < units.count {
            sourceMap.append(sourced, range: start ..< units.count)
            appendInParagraph(units[start...])
        }
    }

    /// Spaces after a box's closing tag, before anything shows where they go: the box's
    /// paragraph keeps them if its line ends next (trailing spaces print nothing either way).
    private mutating func append(spaces: SourcedText) {
        guard let closingTag = boxClosedMidParagraph else { return }
        boxClosedMidParagraph = nil
        append(spaces)
        boxClosedMidParagraph = closingTag
    }

    /// At a figure's or an aside's closing tag at `tagOffset`: paragraphs that begin from here
    /// on are the column's; the one in progress, if any, stays in the box unless something
    /// prints after the tag before its line ends.
    mutating func boxClosed(atTag tagOffset: Int) {
        box = nil
        if paragraphHasText, noteBeingRead == nil { boxClosedMidParagraph = tagOffset }
    }

    /// From here to `endNote()` the text read is `note`'s.
    mutating func beginNote(_ note: FootnoteText) {
        noteBeingRead = note
    }

    /// The note being read waits for its marker's paragraph to end.
    mutating func endNote() {
        guard let note = noteBeingRead else { return }
        noteBeingRead = nil
        notesWaiting.append(note)
    }

    /// At the document's end: the last paragraph ends, with a line end located at `tagOffset`,
    /// so that the notes waiting for it follow it.
    mutating func addNotesAtTheEnd(madeAt tagOffset: Int) {
        endNote()
        guard !notesWaiting.isEmpty else { return }
        endParagraph(madeAt: tagOffset)
        addWaitingNotes()
    }

    /// The notes whose markers the paragraph just ended holds, each a box of paragraphs after it.
    private mutating func addWaitingNotes() {
        let notes = notesWaiting
        notesWaiting = []
        // The notes' paragraphs are set apart from the column's: a numbered list goes on counting after them.
        let saved = (attributes, faceOrigin, paragraphStyle, box, listNumber)
        for note in notes {
            box = note.style
            paragraphStyle = note.paragraphStyle
            for piece in note.pieces {
                switch piece {
                case .text(let text, let pieceAttributes, let origin):
                    (attributes, faceOrigin) = (pieceAttributes, origin)
                    append(text)
                case .picture(let image, let delegate, let pieceAttributes, let tagOffset):
                    attributes = pieceAttributes
                    appendAttachment(image, delegate: delegate, madeAt: tagOffset)
                }
            }
            endParagraph(madeAt: note.tagOffset)
        }
        (attributes, faceOrigin, paragraphStyle, box, listNumber) = saved
    }

    /// Puts French typography's narrow no-break spaces into the finished text (see FrenchSpacing).
    mutating func spaceFrenchPunctuation() {
        let edits = FrenchSpacing.edits(of: text)
        for offset in edits.replacements { text.replaceUnit(at: offset, with: FrenchSpacing.narrowNoBreakSpace) }
        text.insert(edits.insertions)
        sourceMap.insert(edits.insertions)
        // The paragraphs after a space put in start that much later.
        columnBreaks = columnBreaks.map { found in
            (found.textOffset + edits.insertions.reduce(0) { $0 + ($1.offset < found.textOffset ? 1 : 0) }, found.tagOffset)
        }
        lastRunsAreCurrent = false
    }

    /// Sets the finished text's display paragraphs, those at 1.4 times `bodySize` or more, as
    /// display lines (see DisplayParagraphs).
    mutating func setDisplayParagraphs(bodySize: Double) {
        DisplayParagraphs.apply(to: &text, bodySize: bodySize)
        lastRunsAreCurrent = false
    }

    /// Sets the finished text's paragraphs of pictures alone without a first-line indent (see
    /// PictureParagraphs).
    mutating func setPictureParagraphs() {
        PictureParagraphs.apply(to: &text)
        lastRunsAreCurrent = false
    }

    /// Appends a picture made by the tag at `tagOffset`.
    mutating func appendAttachment(_ image: ImageAttachment, delegate: RunDelegate, madeAt tagOffset: Int) {
        if noteBeingRead != nil {
            noteBeingRead?.pieces.append(.picture(image, delegate: delegate, attributes: attributes, tagOffset: tagOffset))
            return
        }
        if let closingTag = boxClosedMidParagraph {
            boxClosedMidParagraph = nil
            endParagraph(madeAt: closingTag)
        }
        beginParagraphIfNeeded()
        sourceMap.append(SourcedText([AttributedText.objectReplacementCharacter], madeAt: tagOffset))
        text.appendAttachment(image, delegate: delegate, attributes: attributes, paragraphStyle: currentParagraphStyle)
        lastRunsAreCurrent = false
    }

    /// The next paragraph is a list item with `style`, numbered `number` if numbered. A
    /// paragraph that has text is ended first, by a line end located at the tag at `tagOffset`.
    mutating func beginListItem(style: ParagraphStyle, number: Int?, madeAt tagOffset: Int) {
        endParagraph(madeAt: tagOffset)
        pendingListItem = (style, number)
    }

    /// Ends the paragraph in progress, if it has text, with a line end located at the tag at
    /// `tagOffset`: what follows begins a paragraph of its own.
    mutating func endParagraph(madeAt tagOffset: Int) {
        if let note = noteBeingRead {
            // A paragraph of the note ends; the note's last one ends where it is added.
            if !note.pieces.isEmpty { append(SourcedText([AttributedText.lineFeed], madeAt: tagOffset)) }
            return
        }
        boxClosedMidParagraph = nil
        if paragraphHasText { append(SourcedText([AttributedText.lineFeed], madeAt: tagOffset)) }
    }

    /// Changes the attributes over `ranges` (in order, not overlapping), each by its own
    /// change, which returns where the tag that set its face is; each new face is noted there.
    mutating func modifyAttributes(in ranges: [Range<Int>], _ change: (_ range: Int, inout TextAttributes) -> Int) {
        guard !ranges.isEmpty else { return }
        lastRunsAreCurrent = false
        var faces: [(face: FontDescriptor, origin: Int)] = []
        var seen: Set<FontDescriptor> = []
        text.modifyAttributes(in: ranges) { index, attributes in
            let origin = change(index, &attributes)
            if seen.insert(attributes.fontRequest).inserted { faces.append((attributes.fontRequest, origin)) }
        }
        for (face, origin) in faces { noteFace(face, at: origin) }
    }

    /// Records the face of `attributes` if no text has used it yet.
    mutating func noteFace(of attributes: TextAttributes, at offset: Int?) {
        noteFace(attributes.fontRequest, at: offset)
    }

    /// Records `face` if no text has used it yet, as asked for at `offset`.
    mutating func noteFace(_ face: FontDescriptor, at offset: Int?) {
        guard face != lastFace else { return }
        lastFace = face
        guard requestedFaces.insert(Self.key(face)).inserted else { return }
        fontRequests.append(FontRequest(descriptor: face, location: offset.map { source.location(of: $0) },
                                        sourceLine: offset.map { source.lineText(containing: $0) }))
    }

    /// Records a face asked for in another file (a style sheet), located there, if nothing has asked for it yet.
    mutating func noteFace(_ request: FontRequest) {
        guard requestedFaces.insert(Self.key(request.descriptor)).inserted else { return }
        fontRequests.append(request)
    }

    /// Family names ignore case, as fontconfig's do.
    private static func key(_ face: FontDescriptor) -> FontDescriptor {
        FontDescriptor(family: face.family.lowercased(), weight: face.weight, italic: face.italic)
    }

    private mutating func appendInParagraph(_ units: ArraySlice<UInt16>) {
        beginParagraphIfNeeded()
        if dropCaps.noteText(units) { paragraphStyleInputsChanged = true }
        if lastRunsAreCurrent {
            text.appendContinuingLastRuns(utf16: units)
            return
        }
        noteFace(of: attributes, at: faceOrigin)
        text.append(utf16: units, attributes: attributes, paragraphStyle: currentParagraphStyle)
        lastRunsAreCurrent = true
    }

    private mutating func beginParagraphIfNeeded() {
        guard !paragraphHasText else { return }
        paragraphHasText = true
        let opensBox = opensBox
        self.opensBox = false
        // The paragraph before's style again, unless something it is made from changed.
        guard paragraphStyleInputsChanged || pendingListItem != nil else { return dropCaps.beginAgain(currentParagraphStyle) }
        let isListItem = pendingListItem != nil
        if let item = pendingListItem {
            currentParagraphStyle = item.style
            listNumber = item.number ?? 0
            pendingListItem = nil
        } else {
            currentParagraphStyle = paragraphStyle
            listNumber = 0
        }
        dropCaps.begin(&currentParagraphStyle, inBox: box != nil)
        currentParagraphStyle.section = section
        currentParagraphStyle.box = box
        currentParagraphStyle.tableCell = tableCell
        currentParagraphStyle.keepBlock = keepBlock
        // A break waits for the column's next paragraph: a box's are set elsewhere. A figure or
        // an aside written right after `<pagebreak>` is the new page's, as its writer means
        // (`<pagebreak master="opener">` then the opener's picture): its first paragraph takes
        // the break and what waits with it, and the column ends before the box.
        let takesWhatWaits = tableCell == nil && (box == nil || (opensBox && pendingBreak != nil && box?.kind != .footnote))
        currentParagraphStyle.breakBefore = takesWhatWaits ? pendingBreak?.kind : nil
        currentParagraphStyle.pageParity = currentParagraphStyle.breakBefore == .page ? pendingParity : nil
        if takesWhatWaits, let pending = pendingBreak {
            if pending.kind == .column { columnBreaks.append((text.length, pending.tagOffset)) }
            pendingBreak = nil
            pendingParity = nil
        }
        currentParagraphStyle.master = takesWhatWaits ? pendingMaster : nil
        if takesWhatWaits, pendingMaster != nil { pendingMaster = nil }
        currentParagraphStyle.article = takesWhatWaits ? pendingArticle : nil
        if takesWhatWaits, pendingArticle != nil { pendingArticle = nil }
        paragraphStyleInputsChanged = isListItem || currentParagraphStyle.breakBefore != nil || currentParagraphStyle.master != nil
            || currentParagraphStyle.article != nil
        lastRunsAreCurrent = false
    }
}
