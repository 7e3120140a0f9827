import Foundation
import Render

/// How different a rendered page may be from its approved (golden) image.
public struct GoldenTolerance: Sendable {
    /// A pixel differs when any channel differs by more than this (0–255).
    public var maxChannelDelta: Int
    /// The page fails when more pixels than this differ…
    public var maxDiffPixels: Int
    /// …or when more than this share of its pixels differ.
    public var maxDiffRatio: Double

    /// Anti-aliasing may shift by a level or two between library builds; text that moves
    /// by a pixel changes far more than 0.1 % of a page.
    public static let standard = GoldenTolerance(maxChannelDelta: 8, maxDiffPixels: Int.max, maxDiffRatio: 0.001)

    public init(maxChannelDelta: Int, maxDiffPixels: Int, maxDiffRatio: Double) {
        self.maxChannelDelta = maxChannelDelta
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
    }
}

/// The outcome of comparing one rendered page with its golden image.
public struct GoldenComparison: Sendable {
    public var differingPixels: Int
    public var totalPixels: Int
    public var largestChannelDelta: Int
    public var sizeMismatch: (actual: (Int, Int), golden: (Int, Int))?
    public var passed: Bool

    public var summary: String {
        if let mismatch = sizeMismatch {
            return "size \(mismatch.actual.0)×\(mismatch.actual.1) differs from the golden \(mismatch.golden.0)×\(mismatch.golden.1)"
        }
        let percent = String(format: "%.4f", 100 * Double(differingPixels) / Double(max(1, totalPixels)))
        return "\(differingPixels) of \(totalPixels) pixels differ (\(percent) %), largest channel difference \(largestChannelDelta)"
    }

    /// Compares `actual` with `golden`; when they differ beyond `tolerance`, writes a diff
    /// image to `diffPath`: the golden page faded, with every differing pixel in red.
    public static func compare(actual: RasterImage, golden: RasterImage, tolerance: GoldenTolerance = .standard,
                               diffPath: String? = nil) throws -> GoldenComparison {
        guard actual.width == golden.width, actual.height == golden.height else {
            return GoldenComparison(differingPixels: actual.width * actual.height, totalPixels: actual.width * actual.height,
                                    largestChannelDelta: 255,
                                    sizeMismatch: ((actual.width, actual.height), (golden.width, golden.height)), passed: false)
        }
        var differing = 0
        var largest = 0
        var diff = golden
        for pixel in 0 ..< actual.width * actual.height {
            let index = pixel * 4
            var delta = 0
            for channel in 0 ..< 3 {
                delta = max(delta, abs(Int(actual.rgba[index + channel]) - Int(golden.rgba[index + channel])))
            }
            largest = max(largest, delta)
            if delta > tolerance.maxChannelDelta {
                differing += 1
                diff.rgba[index] = 255
                diff.rgba[index + 1] = 0
                diff.rgba[index + 2] = 0
            } else {
                for channel in 0 ..< 3 { diff.rgba[index + channel] = UInt8(191 + Int(golden.rgba[index + channel]) / 4) }
            }
        }
        let total = actual.width * actual.height
        let passed = differing <= tolerance.maxDiffPixels && Double(differing) <= tolerance.maxDiffRatio * Double(total)
        if !passed, let diffPath { try diff.writePNG(diffPath) }
        return GoldenComparison(differingPixels: differing, totalPixels: total, largestChannelDelta: largest,
                                sizeMismatch: nil, passed: passed)
    }
}
