import Layout
import Text

/// One marked-content sequence Cairo wrote on a page, in the document's logical terms: what it
/// belongs to and where it falls in the text. Cairo numbers a page's sequences (their MCIDs)
/// from 0 in the order they begin, which is the order they are recorded in.
struct MarkedPiece: Sendable {
    enum Kind: Sendable {
        /// Text of one paragraph; `link` and `language` say whether it is part of a link or
        /// written in a language of its own.
        case text(link: String?, language: String)
        /// A list item's marker (and the tab after it).
        case listLabel
        /// A picture drawn in `rect` (device space on the sheet, y down).
        case picture(alternativeText: String?, rect: Rect)
        /// A link annotation over the text at `offset`: Cairo's link tag marks an empty
        /// sequence and makes the page's next link annotation.
        case linkAnnotation(address: String)
        /// Not the document's content — running heads, rules, a box's background and border,
        /// crop marks: the finishing step turns its sequence into `/Artifact BMC`.
        case artifact
    }

    var kind: Kind
    /// The first character of the paragraph the piece belongs to.
    var paragraph: Int
    /// The piece's first character: pieces of a paragraph are read in this order.
    var offset: Int
}

/// What the structure tree needs to know of a paragraph, taken from its style when it is first
/// drawn: a few bytes, since a book records one for each of its tens of thousands of paragraphs
/// (the box it is set in is named by its number, and described once in `StructureRecord.boxes`).
struct LogicalParagraph: Sendable {
    /// The standard structure type: `P`, or `H1`…`H6` for a paragraph with an outline level
    /// (a short string, stored inline).
    var role: String
    /// The number of the figure or aside it is set in (`BoxStyle.number`).
    var box: Int?
    /// Whether it is a list item (`LI` in an `L`, its marker the `Lbl`, the rest the `LBody`).
    var isListItem: Bool

    init(style: ParagraphStyle) {
        isListItem = style.listMarkerLength != nil
        role = (1 ... 6).contains(style.outlineLevel) ? "H\(style.outlineLevel)" : isListItem ? "LBody" : "P"
        box = style.box?.number
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
    var pages: [[MarkedPiece]] = []
    var paragraphs: [Int: LogicalParagraph] = [:]
    /// The figures and asides paragraphs are set in, by number.
    var boxes: [Int: LogicalBox] = [:]
    /// The document's language, the catalog's `/Lang`: a piece in another one gets a `Span` of its own.
    var language: String

    /// The MCIDs of each page's artifacts, in order.
    var artifacts: [[Int]] {
        pages.map { marks in
            marks.indices.filter { if case .artifact = marks[$0].kind { return true } else { return false } }
        }
    }
}
