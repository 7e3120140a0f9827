import Diagnostics
import Foundation
import Render

/// The outcome of comparing one rendered page with its golden image.
public struct GoldenComparison: Sendable {
    /// Pixels that differ beyond the channel threshold and count against the page.
    public var differingPixels: Int
    /// Pixels that differ beyond the channel threshold only on an anti-aliased edge, or in a
    /// stroke re-shaded with its neighbourhood's ink kept (`NeighbourhoodInk`), forgiven.
    public var antiAliasedPixels: Int
    public var totalPixels: Int
    public var largestChannelDelta: Int
    /// The smallest rectangle holding every differing pixel; nil when none differs.
    public var changedRegion: PixelRect?
    public var sizeMismatch: (actual: PixelSize, golden: PixelSize)?
    public var passed: Bool

    public var summary: String {
        if let mismatch = sizeMismatch {
            return "size \(mismatch.actual) differs from the golden \(mismatch.golden)"
        }
        let percent = String(format: "%.4f", 100 * Double(differingPixels) / Double(max(1, totalPixels)))
        let region = changedRegion.map { " at \($0)" } ?? ""
        let forgiven = antiAliasedPixels > 0 ? "; \(antiAliasedPixels) more on anti-aliased edges or re-shaded strokes, forgiven" : ""
        return "\(differingPixels) of \(totalPixels) pixels differ (\(percent) %)\(region), largest channel difference \(largestChannelDelta)\(forgiven)"
    }

    /// Compares `actual` with `golden`; when they differ beyond `tolerance`, writes a diff
    /// image to `diffPath` (see `GoldenDiffImage`), creating its folder if need be.
    public static func compare(actual: RasterImage, golden: RasterImage, tolerance: GoldenTolerance = .standard,
                               diffPath: String? = nil) throws -> GoldenComparison {
        let total = actual.width * actual.height
        guard actual.width == golden.width, actual.height == golden.height else {
            return GoldenComparison(differingPixels: total, antiAliasedPixels: 0, totalPixels: total, largestChannelDelta: 255,
                                    changedRegion: nil,
                                    sizeMismatch: (PixelSize(width: actual.width, height: actual.height),
                                                   PixelSize(width: golden.width, height: golden.height)),
                                    passed: false)
        }
        let differences = PixelDifferences(actual: actual, golden: golden, tolerance: tolerance)
        let passed = tolerance.allows(differing: differences.counted, of: total)
        if !passed, let diffPath {
            try FileManager.default.createDirectory(atPath: PathFolder.of(diffPath),
                                                    withIntermediateDirectories: true)
            try GoldenDiffImage.draw(golden: golden, differences: differences).writePNG(diffPath, links: .refused)
        }
        return GoldenComparison(differingPixels: differences.counted, antiAliasedPixels: differences.antiAliased, totalPixels: total,
                                largestChannelDelta: differences.largestChannelDelta, changedRegion: differences.countedRegion,
                                sizeMismatch: nil, passed: passed)
    }
}
