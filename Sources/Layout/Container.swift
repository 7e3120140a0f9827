/// The region a frame's lines are set in, like NSTextContainer with its exclusion paths: a
/// rectangle, or a shape within it (a circle, an ellipse, a polygon), less the exclusions.
/// It answers one question for the framesetter: which stretches of a proposed line band can
/// hold text (`lineFragments`)? See docs/shapes.md.
public struct Container: Hashable, Sendable {
    public var rect: Rect
    /// The region text fills instead of the whole rectangle, clipped to `rect` (nil: the rectangle).
    public var shape: Shape?
    /// Shapes text never enters.
    public var exclusions: [Exclusion]
    /// Fragments narrower than this are never used: beside an exclusion or at the tip of a
    /// circle they would hold a letter or two. 18 pt is about two ems of body text. Applies
    /// only to containers with a shape or exclusions; a paragraph's lines ask for more, its
    /// `minimumLineWidth` (see NarrowLines).
    public var minimumFragmentWidth: Double
    /// The grid every baseline is moved down onto (nil: lines sit where their heights put them).
    public var baselineGrid: BaselineGrid?
    /// Whether the columns after this one are taller: it stands below another band on its page.
    /// A box kept in the column that reaches below its foot then waits for the next frame even
    /// when it opens this one, and the text after it fills the column, as below a line of text
    /// (WaitingBoxes); at a page's top such a box stays, reaching below, so that it is placed.
    public var tallerColumnsFollow = false
    /// Whether a box kept in the column that does not fit below the text ends the column, as a
    /// line that does not fit would, rather than wait for the next while the text after it goes
    /// on (WaitingBoxes): balanced columns (`BandSetter.balance`) share the text out with each
    /// box one unit of it, read where it is written.
    public var boxesEndTheColumn = false

    public static let defaultMinimumFragmentWidth = 18.0

    public init(rect: Rect, shape: Shape? = nil, exclusions: [Exclusion] = [],
                minimumFragmentWidth: Double = Container.defaultMinimumFragmentWidth, baselineGrid: BaselineGrid? = nil) {
        self.rect = rect
        self.shape = shape
        self.exclusions = exclusions
        self.minimumFragmentWidth = minimumFragmentWidth
        self.baselineGrid = baselineGrid
    }

    /// Neither a shape nor exclusions: every line is as wide as the rectangle.
    public var isRectangular: Bool { shape == nil && exclusions.isEmpty }

    /// The usable stretches, left to right, for a line whose band runs from `top` down
    /// `height` points: inside the shape (or the rectangle's width) all the way down the band,
    /// clear of every exclusion and its padding anywhere in it, each at least `narrowest`
    /// wide (`minimumFragmentWidth` when not given). The rectangle bounds x only: whether a
    /// band fits above the container's bottom is the framesetter's question.
    public func lineFragments(top: Double, height: Double, narrowest: Double? = nil) -> [HorizontalSpan] {
        let bounds = HorizontalSpan(minX: rect.minX, maxX: rect.maxX)
        if isRectangular { return [bounds] }
        let bottom = top + max(0, height)
        var spans = [bounds]
        if let shape { spans = SpanList.intersection(spans, shape.enclosedSpans(top: top, bottom: bottom)) }
        if !exclusions.isEmpty {
            let covered = SpanList.normalized(exclusions.flatMap { $0.coveredSpans(top: top, bottom: bottom) })
            spans = SpanList.subtracting(covered, from: spans)
        }
        let narrowest = narrowest ?? minimumFragmentWidth
        return spans.filter { $0.width >= narrowest }
    }

    /// Whether the stretch `span` from `top` down to `bottom` is clear of every exclusion and
    /// its padding: what a drop cap's initial, which reaches down past its line's band, keeps
    /// clear of (a shape's outline it may cross, as its first line's band is inside it).
    func isClearOfExclusions(_ span: HorizontalSpan, top: Double, bottom: Double) -> Bool {
        exclusions.allSatisfy { exclusion in
            exclusion.coveredSpans(top: top, bottom: bottom).allSatisfy { $0.maxX <= span.minX || $0.minX >= span.maxX }
        }
    }
}
