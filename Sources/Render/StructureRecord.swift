import Layout
import Text

/// One marked-content sequence Cairo wrote on a page, in the document's logical terms: what it
/// belongs to and where it falls in the text. Cairo numbers a page's sequences (their MCIDs)
/// from 0 in the order they begin, which is the order they are recorded in.
///
/// A book records tens of thousands, and more the more pages it has (a paragraph cut by a page
/// is two): a piece is 20 bytes, its strings and picture kept once in the record's tables.
struct MarkedPiece: Sendable {
    enum Kind: Sendable {
        /// Text of one paragraph; `link` and `language` (indexes into `StructureRecord.strings`)
        /// say whether it is part of a link or written in a language of its own.
        case text(link: Int32?, language: Int32)
        /// A list item's marker (and the tab after it).
        case listLabel
        /// A picture: `StructureRecord.pictures[index]`.
        case picture(Int32)
        /// A link annotation over the text at `offset` (its address in `StructureRecord.strings`):
        /// Cairo's link tag marks an empty sequence and makes the page's next link annotation.
        case linkAnnotation(address: Int32)
        /// Not the document's content — running heads, rules, a box's background and border,
        /// crop marks: the finishing step turns its sequence into `/Artifact BMC`.
        case artifact
    }

    var kind: Kind
    /// The first character of the paragraph the piece belongs to.
    var paragraph: Int32
    /// The piece's first character: pieces of a paragraph are read in this order.
    var offset: Int32

    init(kind: Kind, paragraph: Int, offset: Int) {
        self.kind = kind
        self.paragraph = Int32(clamping: paragraph)
        self.offset = Int32(clamping: offset)
    }

    /// Where the piece is read: by its paragraph's first character, then its own. The
    /// structure tree's order, and the order of the text layer's sequences on a page; an
    /// artifact (-1, -1) comes before the document's content.
    var readingOrder: ReadingOrder { ReadingOrder(paragraph: paragraph, offset: offset) }

    struct ReadingOrder: Comparable {
        var paragraph: Int32
        var offset: Int32

        static func < (a: Self, b: Self) -> Bool { (a.paragraph, a.offset) < (b.paragraph, b.offset) }
    }

    /// An artifact's piece: of no paragraph, before the document's content.
    static let artifact = MarkedPiece(kind: .artifact, paragraph: -1, offset: -1)

    var isArtifact: Bool {
        if case .artifact = kind { return true } else { return false }
    }

    /// The piece as a sequence opened in a stream: itself when it is the piece's `first`; else
    /// the piece going on in another stream from the text at `offset`, which is where it
    /// falls among the paragraph's pieces.
    func goingOn(at offset: Int, first: Bool) -> MarkedPiece {
        guard !first, !isArtifact else { return self }
        var piece = self
        piece.offset = max(self.offset, Int32(clamping: offset))
        return piece
    }
}

/// A place a link inside the document goes to (see `StructureRecord.destinations`).
struct LinkDestination: Sendable {
    var page: Int
    var point: Point
    var mark: String
}

/// A picture drawn as a piece of its own.
struct MarkedPicture: Sendable {
    var alternativeText: String?
    /// Where it is drawn (device space on the sheet, y down).
    var rect: Rect
}

/// What the structure tree needs to know of a paragraph, taken from its style when it is first
/// drawn: a few bytes, since a book records one for each of its tens of thousands of paragraphs
/// (the box it is set in is named by its number, and described once in `StructureRecord.boxes`).
struct LogicalParagraph: Sendable, Equatable {
    /// 1 to 6 for a paragraph with an outline level, 0 for any other.
    private var headingLevel: UInt8
    /// Whether it is a list item (`LI` in an `L`, its marker the `Lbl`, the rest the `LBody`).
    var isListItem: Bool
    /// Whether it is a numbered list item: items in a row of one kind make one `L`.
    var isNumberedItem: Bool
    /// The number of the figure or aside it is set in (`BoxStyle.number`), in 32 bits like the
    /// record's offsets.
    private var boxNumber: Int32?
    /// The table cell it is set in, if any.
    private(set) var cell: TableCellTag?

    /// Inlined, so that a style read where its runs keep it (`ParagraphFacts`) has the five
    /// fields read there rather than the whole style copied for the call (some 440 instructions).
    @inline(__always)
    init(style: ParagraphStyle) {
        isListItem = style.listMarkerLength != nil
        isNumberedItem = style.listItemNumber != nil
        headingLevel = (1 ... 6).contains(style.outlineLevel) ? UInt8(style.outlineLevel) : 0
        boxNumber = style.box.map { Int32(clamping: $0.number) }
        cell = style.tableCell.map(TableCellTag.init)
    }

    /// The number of the figure or aside it is set in.
    var box: Int? { boxNumber.map(Int.init) }

    /// A `P` of no list, figure, aside or table: what a paragraph the record does not keep is.
    static let plain = LogicalParagraph(style: ParagraphStyle())

    /// The standard structure type: `P`, `H1`…`H6`, or a list item's `LBody`.
    var role: StructureRole {
        switch headingLevel {
        case 1: .heading1
        case 2: .heading2
        case 3: .heading3
        case 4: .heading4
        case 5: .heading5
        case 6: .heading6
        default: isListItem ? .listBody : .paragraph
        }
    }
}

/// The record's paragraphs by their first character, in text order: those that are not plain
/// (`LogicalParagraph.plain`), which are most of a book's and are not kept — a book's 31,000
/// verses took 0.9 MB here, held to the end of drawing, where a run's memory peaks. They are
/// met in drawing order, which is text order but for a figure or aside placed ahead of the text
/// around it: such a paragraph is inserted a few places from the end. A paragraph is described
/// by the style at its first character, the same wherever it is met.
struct LogicalParagraphs: Sendable {
    private var starts: [Int32] = []
    private var paragraphs: [LogicalParagraph] = []

    /// How many paragraphs are kept: those not plain.
    var count: Int { starts.count }

    /// Keeps `paragraph` as the one starting at `start`, unless it is plain or one is kept
    /// there already; says whether it was kept now.
    @discardableResult
    mutating func record(_ paragraph: LogicalParagraph, startingAt start: Int) -> Bool {
        guard paragraph != .plain else { return false }
        let start = Int32(clamping: start)
        if let last = starts.last, last >= start {
            let index = starts.countOfElements(below: start)
            guard index == starts.count || starts[index] != start else { return false }
            starts.insert(start, at: index)
            paragraphs.insert(paragraph, at: index)
            return true
        }
        starts.append(start)
        paragraphs.append(paragraph)
        return true
    }

    /// The paragraph starting at `start`: the one kept there, else a plain one.
    subscript(start: Int32) -> LogicalParagraph {
        let index = starts.countOfElements(below: start)
        return index < starts.count && starts[index] == start ? paragraphs[index] : .plain
    }
}

/// What the structure tree needs to know of a figure or an aside.
struct LogicalBox: Sendable {
    var kind: BoxStyle.Kind
    var alternativeText: String?

    init(_ box: BoxStyle) {
        kind = box.kind
        alternativeText = box.alternativeText
    }
}

/// Everything drawn into a PDF that the structure tree is built from: each page's marked
/// pieces in MCID order, and the paragraphs they belong to.
struct StructureRecord: Sendable {
    /// Empty while the pages are drawn, when they are kept in `piecesKept`.
    var pages: [[MarkedPiece]] = []
    /// The file the pages' pieces wait in while drawing goes on (`MarkedPieceFile`), until
    /// `readPagesBack()`.
    var piecesKept: MarkedPieceFile?
    /// How many of each page's pieces Cairo drew (the first ones); the rest are the text layer's.
    var drawnByCairo: [Int] = []
    var paragraphs = LogicalParagraphs()
    /// The figures and asides paragraphs are set in, by number.
    var boxes: [Int: LogicalBox] = [:]
    /// The articles of an issue (`<include>`) by the first character of the paragraph that
    /// starts them, or goes on with one (or with the issue's own text) after another.
    var articles: [Int32: Article] = [:]
    /// The link addresses and languages pieces name, each once.
    var strings: [String] = []
    /// The links of each page's running heads, by page (from 0): their addresses in
    /// `strings`, in the order of their annotations, which follow the page's own.
    var runningHeadLinks: [Int: [Int32]] = [:]
    /// The pictures pieces name, in the order drawn.
    var pictures: [MarkedPicture] = []
    /// The document's language, the catalog's `/Lang`: a piece in another one gets a `Span` of its own.
    var language: String
    /// Where the document's own links go (`FootnoteLinks`), by address: the page (from 0) and
    /// the top left of what is there (device space on the sheet, y down), with the note's mark.
    var destinations: [String: LinkDestination] = [:]

    /// How many pages are recorded.
    var pageCount: Int { piecesKept?.pageCount ?? pages.count }

    /// Reads the pages' pieces back from the file they were kept in: the finishing step's
    /// first act, once the text and the layout are gone.
    mutating func readPagesBack() throws {
        guard let piecesKept else { return }
        pages = try piecesKept.readBack()
        self.piecesKept = nil
    }

    /// The MCIDs of page `index`'s artifacts, in order (all Cairo's: the text layer marks its
    /// own); none for a page not recorded. One page's pieces only: the finishing step asks for
    /// each page, and the whole record's are a paragraph's worth of pieces a page.
    func artifacts(onPage index: Int) -> [Int] {
        guard pages.indices.contains(index) else { return [] }
        let marks = pages[index]
        return marks.indices.filter { marks[$0].isArtifact }
    }

    /// Whether page `index` has an artifact to mark.
    func hasArtifacts(onPage index: Int) -> Bool {
        pages.indices.contains(index) && pages[index].contains { $0.isArtifact }
    }
}
