/// How different a rendered page may be from its approved (golden) image.
public struct GoldenTolerance: Sendable, Equatable {
    /// A pixel differs when any channel differs by more than this (0–255).
    public var maxChannelDelta: Int
    /// The page fails when more pixels than this differ…
    public var maxDiffPixels: Int
    /// …or when more than this share of its pixels differ.
    public var maxDiffRatio: Double

    /// For goldens made on another machine: anti-aliasing may shift by a level or two between
    /// library builds; text that moves by a pixel changes far more than 0.1 % of a page.
    public static let standard = GoldenTolerance(maxChannelDelta: 8, maxDiffPixels: Int.max, maxDiffRatio: 0.001)

    /// For goldens made on the same machine, where rendering is deterministic: any pixel counts.
    public static let exact = GoldenTolerance(maxChannelDelta: 0, maxDiffPixels: 0, maxDiffRatio: 0)

    public init(maxChannelDelta: Int, maxDiffPixels: Int, maxDiffRatio: Double) {
        self.maxChannelDelta = maxChannelDelta
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
    }

    /// Whether `differing` of `total` pixels is within the budget.
    func allows(differing: Int, of total: Int) -> Bool {
        differing <= maxDiffPixels && Double(differing) <= maxDiffRatio * Double(total)
    }
}
