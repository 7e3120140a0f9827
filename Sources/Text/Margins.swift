/// The four margins of a page, in points, as a right-hand page has them (with facing pages its
/// `left` is the inner one): the document's (`--margin`) and a master page's (`<master
/// margin="…">`), one type for both. It lives in Text because the markup's masters carry their
/// margins and Pages lays the pages out with them.
public struct Margins: Hashable, Sendable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    public init(all value: Double) {
        self.init(top: value, right: value, bottom: value, left: value)
    }

    /// Margins of facing pages, as a right-hand page has them (inner at the left): `margin`
    /// at the top and bottom, and by default an inner margin of 0.8 × `margin` and an outer
    /// one of 1.2 × `margin`. That is 2 : 3, the spine's side the narrower because the two
    /// inner margins of a spread read as one white band, and together as wide as two plain
    /// margins, so that the text keeps its measure (and its line breaks) on facing pages.
    public static func facing(margin: Double, inner: Double? = nil, outer: Double? = nil) -> Margins {
        Margins(top: margin, right: outer ?? margin * 1.2, bottom: margin, left: inner ?? margin * 0.8)
    }
}
