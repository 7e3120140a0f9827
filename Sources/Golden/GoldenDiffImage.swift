import Render

/// The picture a failing page leaves behind: the golden page faded, every differing pixel in
/// red, and the square patch around each change tinted yellow, so that a change of one pixel
/// can still be found on a whole page seen at a glance.
enum GoldenDiffImage {
    /// Side of the tinted patches, in pixels.
    static let patchSize = 16

    static func draw(actual: RasterImage, golden: RasterImage, maxChannelDelta: Int) -> RasterImage {
        let width = golden.width
        let patchesAcross = (width + patchSize - 1) / patchSize
        let patchesDown = (golden.height + patchSize - 1) / patchSize
        var differs = [Bool](repeating: false, count: width * golden.height)
        var patchChanged = [Bool](repeating: false, count: patchesAcross * patchesDown)
        for pixel in differs.indices where GoldenComparison.channelDelta(actual, golden, pixel: pixel) > maxChannelDelta {
            differs[pixel] = true
            patchChanged[(pixel / width) / patchSize * patchesAcross + (pixel % width) / patchSize] = true
        }
        var diff = golden
        for pixel in differs.indices {
            let index = pixel * 4
            if differs[pixel] {
                diff.rgba.replaceSubrange(index ..< index + 3, with: [255, 0, 0])
                continue
            }
            // Faded to a quarter of its contrast, so that the red stands out on it.
            for channel in 0 ..< 3 { diff.rgba[index + channel] = UInt8(191 + Int(golden.rgba[index + channel]) / 4) }
            if patchChanged[(pixel / width) / patchSize * patchesAcross + (pixel % width) / patchSize] {
                diff.rgba[index + 2] = diff.rgba[index + 2] / 2
            }
        }
        return diff
    }
}
