import Layout

/// One fault the page checker found on a drawn page: which page, what, where (the rectangles
/// at fault), and the character whose markup it is located at, where one is known.
public struct PageFinding: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        case inkOverInk = "ink over ink"
        case inkOverPicture = "ink over a picture"
        case inkOverBorder = "ink over a border"
        case inkOverFurniture = "ink over page furniture"
        case outsideArea = "ink outside its area"
        case outsidePage = "ink outside the page"
        case pictureOutsideArea = "picture outside its area"
        case wordMissing = "word not drawn"
        case wordTwice = "word drawn twice"
        case readingOrder = "reading order"
        case paragraphGap = "empty band in a paragraph"
        case columnEndsEarly = "column ends early"
        case emptyStretch = "empty stretch beside an element"
        case inAnotherSectionsBand = "element in another section's band"
        case boxPastItsSection = "box over a gutter past its section"
        case keptBlockSplit = "kept block split"
        case balancedColumnEmpty = "empty column in a balanced band"
        case floatBesideAnotherParagraph = "float beside another float's paragraph"
        case wordCut = "word cut into a stub"
    }

    /// The page's number, from 1; 0 for a finding about the whole document (a word on no page).
    public var page: Int
    public var kind: Kind
    /// What is wrong and where, with the rectangles at fault.
    public var detail: String
    /// The character at fault (its markup locates the finding); nil when none is known.
    public var character: Int?
    /// What the finding is about beside the glyph at fault, when that is a thing of its own (the
    /// picture or the box a glyph is over, by its character): findings are shown a few per kind
    /// and subject, so that each picture printed over is named.
    public var subject: Int?

    public init(page: Int, kind: Kind, detail: String, character: Int?, subject: Int? = nil) {
        self.page = page
        self.kind = kind
        self.detail = detail
        self.character = character
        self.subject = subject
    }

    /// "page 3: ink over a picture: …", the message of the `page check:` error.
    public var description: String { "\(page > 0 ? "page \(page)" : "the document"): \(kind.rawValue): \(detail)" }

    /// `rect` as "(x, y, width × height)" in points, to one decimal.
    static func describe(_ rect: Rect) -> String {
        func number(_ value: Double) -> String { String(Double((value * 10).rounded()) / 10) }
        return "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)) × \(number(rect.height)))"
    }
}
