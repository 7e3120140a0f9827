/// A figure or an aside (`<figure>`, `<aside>`): a run of paragraphs — pictures and their
/// caption, a sidebar, a pull quote — set in a box of their own and placed as one unit. The box
/// never splits: the caption stays with its picture, the sidebar whole.
///
/// Every paragraph of the box carries the same value (as a section's paragraphs do); `number`
/// tells two boxes apart that happen to look alike. The paragraphs stay in the text where they
/// were written, which is the box's anchor; the column's text passes over them, and they are
/// set in the box wherever it is placed.
public struct BoxStyle: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case figure, aside
        /// A footnote's paragraphs (`<footnote>`), set at the foot of its marker's column.
        case footnote

        /// The box's tag with its article, as a message names it: "a <figure>", "an <aside>".
        public var tagWithArticle: String { self == .aside ? "an <aside>" : "a <\(rawValue)>" }
    }

    /// Where the box goes.
    public enum Placement: Hashable, Sendable {
        /// In the column, where it is written, between the paragraphs before and after it.
        case inColumn
        /// Against one side of its column, at the top of the line after its anchor, the text
        /// wrapping round it (as `<img float="left">`).
        case side(PictureFloat.Side)
        /// Across `columns` columns from the left (nil: all of them) at the top or foot of the
        /// page (as `<img float="top" span="…">`).
        case edge(SpanningPicture.Edge, columns: Int?)
        /// Over the gutter between columns, across `columns` of them (nil: all), halfway down
        /// the page, the text wrapping round it on both sides: the pull quote.
        case center(columns: Int?)
        /// At the foot of the column (or the page) where the line holding its marker is set:
        /// a footnote (see `FootnotePlacement`), the notes there taking at most `maxShare` of
        /// the column's height (`<meta footnote-max-height>`).
        case footnote(FootnotePlacement, maxShare: Double)
    }

    /// The box's place among the document's boxes, from 1.
    public var number: Int
    public var kind: Kind
    public var placement: Placement
    /// The box's width, border and padding included, in points; nil: its natural width (see
    /// `naturalWidth` in Layout).
    public var width: Double?
    /// Clear space between the box and the text round it, in points.
    public var margin: Double
    /// Filled behind the box's text, out to its border.
    public var background: Color?
    public var border: RuleStyle?
    /// Space between the border (or the box's edge) and its text, in points.
    public var padding: Double
    /// Columns of the box's own, balanced, `gutter` points apart.
    public var columns: Int
    public var gutter: Double
    /// A figure's description in words (`<figure alt="…">`), for a reader who cannot see its
    /// pictures: it describes those that have no `alt` of their own.
    public var alternativeText: String?
    /// Whether a box beside the text or across columns runs off the page where it stands
    /// against the text area's edge (`bleed="true"`): its background and the pictures touching
    /// its inside go out to the page's edge and the bleed; its text stays inside.
    public var bleeds = false

    public static let defaultMargin = 8.0
    public static let defaultGutter = 12.0

    public init(number: Int, kind: Kind, placement: Placement = .inColumn, width: Double? = nil,
                margin: Double = BoxStyle.defaultMargin, background: Color? = nil, border: RuleStyle? = nil, padding: Double = 0,
                columns: Int = 1, gutter: Double = BoxStyle.defaultGutter) {
        self.number = number
        self.kind = kind
        self.placement = placement
        self.width = width
        self.margin = margin
        self.background = background
        self.border = border
        self.padding = padding
        self.columns = max(1, columns)
        self.gutter = gutter
    }

    /// From the box's outer edge to its text, on every side.
    public var inset: Double { padding + (border?.width ?? 0) }

    /// Whether the box leaves the column's text where it was written (it floats or spans).
    public var isOutOfFlow: Bool { placement != .inColumn }

    /// The number tells boxes apart: the rest is hashed only to keep `Hashable` honest.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(number)
    }
}
