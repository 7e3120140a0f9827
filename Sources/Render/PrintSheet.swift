import Layout

/// The sheet a page is printed on, as a print shop asks for it: the page itself (the trim),
/// the bleed round it that pictures running off the edge print into and the knife cuts away,
/// and, when asked, crop marks in the corners beyond the bleed.
public struct PrintSheet: Sendable, Equatable {
    /// How far past the trim the sheet goes on every side, in points.
    public var bleed: Double
    /// Whether the corners get trim marks (and the sheet the room for them).
    public var cropMarks: Bool

    public init(bleed: Double = 0, cropMarks: Bool = false) {
        self.bleed = bleed
        self.cropMarks = cropMarks
    }

    /// The conventional gap between the trim and a mark's inner end (3 mm): a mark that
    /// reached the trim would be cut into the page if the knife strayed.
    static let markGap = 3 * millimetre
    /// How long a mark is (5 mm): long enough to lay a ruler along.
    static let markLength = 5 * millimetre
    /// Marks are hairlines, as thin as a press prints cleanly.
    static let markWidth = 0.25
    static let millimetre = 72 / 25.4

    /// How far from the trim a mark begins: never inside the bleed, which is printed.
    var markStart: Double { max(bleed, Self.markGap) }

    /// From the trim to the sheet's edge on every side: the bleed, and the marks past it.
    public var margin: Double { cropMarks ? markStart + Self.markLength : bleed }

    /// Whether the sheet is the page itself (no bleed, no marks): then nothing moves.
    public var isPageOnly: Bool { margin == 0 }

    /// The whole sheet for a page of `page`: the PDF's MediaBox.
    public func mediaBox(for page: Size) -> Rect {
        Rect(x: 0, y: 0, width: page.width + 2 * margin, height: page.height + 2 * margin)
    }

    /// The page as trimmed, on the sheet: the PDF's TrimBox.
    public func trimBox(for page: Size) -> Rect {
        Rect(x: margin, y: margin, width: page.width, height: page.height)
    }

    /// The trim and its bleed, on the sheet: the PDF's BleedBox.
    public func bleedBox(for page: Size) -> Rect {
        Rect(x: margin - bleed, y: margin - bleed, width: page.width + 2 * bleed, height: page.height + 2 * bleed)
    }
}
