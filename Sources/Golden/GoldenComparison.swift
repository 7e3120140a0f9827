import Foundation
import Render

/// The outcome of comparing one rendered page with its golden image.
public struct GoldenComparison: Sendable {
    public var differingPixels: Int
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
        return "\(differingPixels) of \(totalPixels) pixels differ (\(percent) %)\(region), largest channel difference \(largestChannelDelta)"
    }

    /// Compares `actual` with `golden`; when they differ beyond `tolerance`, writes a diff
    /// image to `diffPath` (see `GoldenDiffImage`), creating its folder if need be.
    public static func compare(actual: RasterImage, golden: RasterImage, tolerance: GoldenTolerance = .standard,
                               diffPath: String? = nil) throws -> GoldenComparison {
        let total = actual.width * actual.height
        guard actual.width == golden.width, actual.height == golden.height else {
            return GoldenComparison(differingPixels: total, totalPixels: total, largestChannelDelta: 255, changedRegion: nil,
                                    sizeMismatch: (PixelSize(width: actual.width, height: actual.height),
                                                   PixelSize(width: golden.width, height: golden.height)),
                                    passed: false)
        }
        var differing = 0
        var largest = 0
        var region: PixelRect?
        for pixel in 0 ..< total {
            let delta = channelDelta(actual, golden, pixel: pixel)
            largest = max(largest, delta)
            guard delta > tolerance.maxChannelDelta else { continue }
            differing += 1
            let (x, y) = (pixel % actual.width, pixel / actual.width)
            if region == nil { region = PixelRect(x: x, y: y) } else { region!.include(x: x, y: y) }
        }
        let passed = tolerance.allows(differing: differing, of: total)
        if !passed, let diffPath {
            try FileManager.default.createDirectory(atPath: (diffPath as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try GoldenDiffImage.draw(actual: actual, golden: golden, maxChannelDelta: tolerance.maxChannelDelta).writePNG(diffPath)
        }
        return GoldenComparison(differingPixels: differing, totalPixels: total, largestChannelDelta: largest,
                                changedRegion: region, sizeMismatch: nil, passed: passed)
    }

    /// The largest difference of a colour channel at `pixel` (alpha is always opaque).
    static func channelDelta(_ a: RasterImage, _ b: RasterImage, pixel: Int) -> Int {
        let index = pixel * 4
        var delta = 0
        for channel in 0 ..< 3 {
            delta = max(delta, abs(Int(a.rgba[index + channel]) - Int(b.rgba[index + channel])))
        }
        return delta
    }
}
