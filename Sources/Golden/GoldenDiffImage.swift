import Render

/// The picture a failing page leaves behind: the golden page faded, every differing pixel in
/// red, every forgiven anti-aliased one in pale blue, and the square patch around each counted
/// change tinted yellow, so that a change of one pixel can still be found on a whole page seen
/// at a glance.
enum GoldenDiffImage {
    /// Side of the tinted patches, in pixels.
    static let patchSize = 16

    static func draw(golden: RasterImage, differences: PixelDifferences) -> RasterImage {
        let width = golden.width
        let patchesAcross = (width + patchSize - 1) / patchSize
        let patchesDown = (golden.height + patchSize - 1) / patchSize
        let marks = differences.marks ?? []
        func patch(of pixel: Int) -> Int { (pixel / width) / patchSize * patchesAcross + (pixel % width) / patchSize }
        var patchChanged = [Bool](repeating: false, count: patchesAcross * patchesDown)
        for pixel in marks.indices where marks[pixel] == .differs {
            patchChanged[patch(of: pixel)] = true
        }
        var diff = golden
        for pixel in 0 ..< width * golden.height {
            let index = pixel * 4
            switch marks.isEmpty ? .same : marks[pixel] {
            case .differs:
                diff.rgba.replaceSubrange(index ..< index + 3, with: [255, 0, 0])
            case .antiAliased:
                diff.rgba.replaceSubrange(index ..< index + 3, with: [160, 190, 255])
            case .same:
                // Faded to a quarter of its contrast, so that the red stands out on it.
                for channel in 0 ..< 3 { diff.rgba[index + channel] = UInt8(191 + Int(golden.rgba[index + channel]) / 4) }
                if patchChanged[patch(of: pixel)] {
                    diff.rgba[index + 2] = diff.rgba[index + 2] / 2
                }
            }
        }
        return diff
    }
}
