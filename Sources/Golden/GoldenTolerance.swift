/// How different a rendered page may be from its approved (golden) image.
public struct GoldenTolerance: Sendable, Equatable {
    /// A pixel differs when any channel differs by more than this (0–255).
    public var maxChannelDelta: Int
    /// The page fails when more pixels than this differ…
    public var maxDiffPixels: Int
    /// …or when more than this share of its pixels differ.
    public var maxDiffRatio: Double
    /// Whether a differing pixel on an anti-aliased edge of either image is forgiven
    /// (`AntiAliasingDetector`) rather than counted.
    public var forgivesAntiAliasing: Bool
    /// When anti-aliasing is forgiven, a differing pixel off an edge is forgiven too when the
    /// average colour of its 3 × 3 neighbourhood moved by no more than this in any channel
    /// (`NeighbourhoodInk`): its shade moved, the ink around it did not.
    public var maxNeighbourhoodDelta: Int

    /// The default, for goldens made on this machine or another: a page fails on a single
    /// differing pixel, except on anti-aliased edges and re-shaded strokes, whose shades another
    /// build of FreeType, Cairo or pixman may draw differently, and except for a shift of a few
    /// levels of a channel (rounding in compositing).
    public static let standard = GoldenTolerance(maxChannelDelta: 8, maxDiffPixels: 0, maxDiffRatio: 1, forgivesAntiAliasing: true)

    /// See `maxNeighbourhoodDelta`: another scan converter's hairlines move a neighbourhood's
    /// average by up to 26 levels; a changed word moves dozens of its pixels by more, a pixel-wide rule gone moves its own by 85,
    /// and a lone black pixel on white by 28, still counted (measured in docs/pipeline.md).
    public static let defaultNeighbourhoodDelta = 27

    /// For goldens made on the same machine, where rendering is deterministic: any pixel counts.
    public static let exact = GoldenTolerance(maxChannelDelta: 0, maxDiffPixels: 0, maxDiffRatio: 0, forgivesAntiAliasing: false)

    public init(maxChannelDelta: Int, maxDiffPixels: Int, maxDiffRatio: Double, forgivesAntiAliasing: Bool = true,
                maxNeighbourhoodDelta: Int = GoldenTolerance.defaultNeighbourhoodDelta) {
        self.maxChannelDelta = maxChannelDelta
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.forgivesAntiAliasing = forgivesAntiAliasing
        self.maxNeighbourhoodDelta = maxNeighbourhoodDelta
    }

    /// Whether `differing` of `total` pixels is within the budget.
    func allows(differing: Int, of total: Int) -> Bool {
        differing <= maxDiffPixels && Double(differing) <= maxDiffRatio * Double(total)
    }
}
