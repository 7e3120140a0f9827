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

    /// The default, for goldens made on this machine or another: a page fails on a single
    /// differing pixel, except on anti-aliased edges, whose shades another build of FreeType,
    /// Cairo or pixman may draw differently, and except for a shift of a few levels of a
    /// channel (rounding in compositing).
    public static let standard = GoldenTolerance(maxChannelDelta: 8, maxDiffPixels: 0, maxDiffRatio: 1, forgivesAntiAliasing: true)

    /// For goldens made on the same machine, where rendering is deterministic: any pixel counts.
    public static let exact = GoldenTolerance(maxChannelDelta: 0, maxDiffPixels: 0, maxDiffRatio: 0, forgivesAntiAliasing: false)

    public init(maxChannelDelta: Int, maxDiffPixels: Int, maxDiffRatio: Double, forgivesAntiAliasing: Bool = true) {
        self.maxChannelDelta = maxChannelDelta
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.forgivesAntiAliasing = forgivesAntiAliasing
    }

    /// Whether `differing` of `total` pixels is within the budget.
    func allows(differing: Int, of total: Int) -> Bool {
        differing <= maxDiffPixels && Double(differing) <= maxDiffRatio * Double(total)
    }
}
