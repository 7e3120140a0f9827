import Fonts
import Layout
import Text

/// What was drawn on one page, recorded by the page drawer as it draws (`DrawnPageRecorder`):
/// each glyph's ink where it was drawn, each picture's visible part, boxes' borders, rules, and
/// the areas and lines they were drawn in. The page checker reads this, not the layout's
/// `Page`, so that a fault between layout and drawing cannot hide from it.
public struct DrawnPage: Sendable {
    /// Where a line was set: a column's frame, a figure's or an aside's text area, or a part
    /// of a running head in the margins.
    public enum AreaKind: Hashable, Sendable {
        case column
        case box
        case runningHead
    }

    /// A rectangle text was set in, with why its lines stopped (`nil` for running heads).
    public struct Area: Sendable {
        public var kind: AreaKind
        public var rect: Rect
        public var end: FrameEnd?
        /// The characters it shows.
        public var range: Range<Int>
        /// The step of the baseline grid its lines sit on; nil: no grid.
        public var gridStep: Double?
        /// What its lines keep out of, padding included: its exclusions' and its shape's
        /// outside, as rectangles round them (a shaped area is its shape's bounds' complement,
        /// which lines may skip bands of).
        public var obstacles: [Rect]
        /// Whether it is set inside a shape (`<section shape>`), whose outline leaves bands too
        /// narrow for a line, anywhere down it, whatever its exclusions.
        public var isShaped: Bool
        /// How far its column's room goes on below its foot: what balancing took off (0: none).
        public var roomBelowFoot = 0.0
    }

    /// One line drawn: its area, its characters and its box (baseline, ascent, descent,
    /// leading), as drawn.
    public struct Line: Sendable {
        public var area: Int
        public var stringRange: Range<Int>
        public var baseline: Double
        public var ascent: Double
        public var descent: Double
        public var leading: Double
        public var endsParagraph: Bool
        /// Whether the line is a figure or an aside kept in the column (its text is in lines of its own).
        public var isBox: Bool
        /// The drop cap's initial the line opens with: its baseline (on the paragraph's line `N`,
        /// the last beside it), the pitch of the lines it spans and the size of the text whose
        /// cap height it lines up with; nil: it has none.
        public var initial: (baseline: Double, pitch: Double, textSize: Double)? = nil
    }

    /// One glyph drawn: its ink box on the page, its advance box's sides, the character it
    /// shows (`GlyphRun.generatedHyphen` for a hyphen added at a break) and its line; its face,
    /// glyph, origin and horizontal scale, for where within its box its ink is.
    public struct Glyph: Sendable {
        public var ink: Rect
        /// From the glyph's origin to the end of its advance, as drawn.
        public var advanceMinX: Double
        public var advanceMaxX: Double
        public var size: Double
        public var character: Int
        public var line: Int
        public var font: Font
        public var glyph: UInt32
        public var origin: Point
        public var horizontalScale: Double
        /// Whether it is a glyph of a drop cap's initial, which hangs beside its paragraph's
        /// first lines rather than above the next.
        public var isInitial = false
    }

    /// A picture drawn: the rectangle it shows in and the parts of it that are opaque (traced
    /// bands for a contour-wrapped picture; else the whole rectangle), its character, and its
    /// line when it is drawn in one (`nil`: a float or a picture across columns).
    public struct Picture: Sendable {
        public var rect: Rect
        public var visible: [Rect]
        public var anchor: Int
        public var line: Int?
        /// The area it was drawn in (a float's frame, an inline picture's line's); nil for a
        /// picture across columns, which belongs to the page.
        public var area: Int?
        /// Whether it runs off the page by design (`bleed`): then it may reach past its area.
        public var bleeds: Bool
    }

    /// A figure or an aside drawn: its rectangle, its border's four strokes (none without a
    /// border) and its first character.
    public struct Box: Sendable {
        public var rect: Rect
        public var border: [Rect]
        public var anchor: Int
        /// The area it was drawn in (the frame of a column it floats or stands in); nil for one
        /// across columns or over a gutter, which belongs to the page.
        public var area: Int? = nil
    }

    /// A rule of a table drawn (between its rows or columns, or round it): the stroke's
    /// rectangle and the table's first character.
    public struct TableRule: Sendable {
        public var rect: Rect
        public var anchor: Int
    }

    public var number: Int
    /// The trimmed page, from (0, 0).
    public var rect: Rect
    public var areas: [Area] = []
    public var lines: [Line] = []
    public var glyphs: [Glyph] = []
    public var pictures: [Picture] = []
    public var boxes: [Box] = []
    /// The gutters' rules, as thin rectangles.
    public var rules: [Rect] = []
    public var tableRules: [TableRule] = []
    /// The rows of tables set past their column (overfull, warned of at their tag), as
    /// rectangles: the checker names the table in what it finds of their glyphs.
    public var overfullTables: [Rect] = []
    /// The ink of the master page's furniture (its pictures and rules), with what each is, for
    /// messages.
    public var furniture: [(rect: Rect, description: String)] = []
    /// The text of the boxes the layout left out on the page (`Page.leftOutBoxes`): drawn on
    /// no page, by design.
    public var leftOut: [Range<Int>] = []

    public init(number: Int, size: Size) {
        self.number = number
        rect = Rect(x: 0, y: 0, width: size.width, height: size.height)
    }
}
