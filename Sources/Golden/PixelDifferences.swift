import Foundation
import Render

/// Where a page differs from its golden image of the same size, pixel by pixel: the pixels
/// whose colour moved by more than the tolerance's channel threshold, each counted against the
/// page, or forgiven as anti-aliasing (`AntiAliasingDetector`, `NeighbourhoodInk`) when the
/// tolerance says so.
struct PixelDifferences {
    enum Mark: UInt8 {
        case same
        /// Differs, and counts against the page.
        case differs
        /// Differs only on an anti-aliased edge or in a re-shaded stroke: forgiven.
        case antiAliased
    }

    /// Pixels that differ and count against the page.
    private(set) var counted = 0
    /// Pixels that differ on an anti-aliased edge or in a re-shaded stroke, and are forgiven.
    private(set) var antiAliased = 0
    /// The largest difference of a colour channel anywhere, within the threshold or not.
    private(set) var largestChannelDelta = 0
    /// The smallest rectangle holding every counted pixel; nil when none is.
    private(set) var countedRegion: PixelRect?
    /// One mark a pixel, row by row; made at the first differing pixel, so that a page that
    /// matches costs no memory beyond its two images.
    private(set) var marks: [Mark]?

    init(actual: RasterImage, golden: RasterImage, tolerance: GoldenTolerance) {
        precondition(actual.width == golden.width && actual.height == golden.height, "images of one size")
        let (width, height) = (actual.width, actual.height)
        guard width > 0, height > 0 else { return }
        actual.rgba.withUnsafeBufferPointer { actualBytes in
            golden.rgba.withUnsafeBufferPointer { goldenBytes in
                let actualPlane = PixelPlane(bytes: actualBytes, width: width, height: height)
                let goldenPlane = PixelPlane(bytes: goldenBytes, width: width, height: height)
                let rowLength = width * 4
                for y in 0 ..< height {
                    // Most rows of a page that changed a little are untouched: compared whole,
                    // they cost a fraction of a pixel-by-pixel look.
                    let rowStart = y * rowLength
                    if memcmp(actualBytes.baseAddress! + rowStart, goldenBytes.baseAddress! + rowStart, rowLength) == 0 { continue }
                    for x in 0 ..< width {
                        let delta = actualPlane.channelDelta(to: goldenPlane, x: x, y: y)
                        largestChannelDelta = max(largestChannelDelta, delta)
                        guard delta > tolerance.maxChannelDelta else { continue }
                        // An edge drawn with other shades in either image is anti-aliasing, and so
                        // is a stroke's core shaded otherwise with the ink around it unchanged.
                        let isEdge = tolerance.forgivesAntiAliasing
                            && (AntiAliasingDetector(image: actualPlane, other: goldenPlane).isAntiAliased(x: x, y: y)
                                || AntiAliasingDetector(image: goldenPlane, other: actualPlane).isAntiAliased(x: x, y: y)
                                || NeighbourhoodInk(actual: actualPlane, golden: goldenPlane).averageChannelDelta(x: x, y: y)
                                    <= tolerance.maxNeighbourhoodDelta)
                        record(isEdge ? .antiAliased : .differs, x: x, y: y, width: width, height: height)
                    }
                }
            }
        }
    }

    private mutating func record(_ mark: Mark, x: Int, y: Int, width: Int, height: Int) {
        if marks == nil { marks = [Mark](repeating: .same, count: width * height) }
        marks![y * width + x] = mark
        guard mark == .differs else {
            antiAliased += 1
            return
        }
        counted += 1
        if countedRegion == nil { countedRegion = PixelRect(x: x, y: y) } else { countedRegion!.include(x: x, y: y) }
    }
}
