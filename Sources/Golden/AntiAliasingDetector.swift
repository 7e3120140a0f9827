/// Tells a pixel on an anti-aliased edge from a pixel that changed, by the method of
/// V. Vysniauskas, "Anti-aliased Pixel and Intensity Slope Detector" (2009), in the form the
/// pixelmatch library gives it for comparing images.
///
/// A rasterizer draws an edge as a slope of intermediate shades between two flat areas (a
/// glyph's ink and the paper). Another build of FreeType, Cairo or pixman may put other shades
/// on that slope, while the areas on either side stay as they were. A pixel is therefore taken
/// for anti-aliasing when
/// - at most two of its eight neighbours are as bright as it is (it is not inside a flat area),
/// - it has both a darker and a brighter neighbour (it lies on a slope, not on a peak such as
///   the core of a thin stroke or a dot, which is where a real change shows), and
/// - its darkest or its brightest neighbour lies in a flat area, with at least three
///   neighbours of exactly its colour, in both images (the slope leads to an area that did
///   not change).
struct AntiAliasingDetector {
    /// The image the pixel is judged in.
    let image: PixelPlane
    /// The other image of the comparison, in which the flat area beside the slope must be flat too.
    let other: PixelPlane

    /// How many neighbours must share a pixel's brightness (for the pixel itself) or its colour
    /// (for a neighbour) for it to count as inside a flat area.
    private static let flatAreaNeighbours = 3

    func isAntiAliased(x: Int, y: Int) -> Bool {
        let centre = image.brightness(x: x, y: y)
        // Beyond the border the image goes on as it is: the missing neighbours count as one
        // equally bright, as if the edge of the page were flat.
        var equallyBright = image.isOnBorder(x: x, y: y) ? 1 : 0
        var darkest = (delta: 0, x: x, y: y)
        var brightest = (delta: 0, x: x, y: y)
        for neighbourY in max(0, y - 1) ... min(image.height - 1, y + 1) {
            for neighbourX in max(0, x - 1) ... min(image.width - 1, x + 1) where neighbourX != x || neighbourY != y {
                let delta = image.brightness(x: neighbourX, y: neighbourY) - centre
                if delta == 0 {
                    equallyBright += 1
                    if equallyBright >= Self.flatAreaNeighbours { return false }
                } else if delta < darkest.delta {
                    darkest = (delta, neighbourX, neighbourY)
                } else if delta > brightest.delta {
                    brightest = (delta, neighbourX, neighbourY)
                }
            }
        }
        guard darkest.delta < 0, brightest.delta > 0 else { return false }
        return liesInFlatArea(x: darkest.x, y: darkest.y) || liesInFlatArea(x: brightest.x, y: brightest.y)
    }

    /// Whether the pixel at x, y is inside a flat area in both images.
    private func liesInFlatArea(x: Int, y: Int) -> Bool {
        Self.isInsideFlatArea(image, x: x, y: y) && Self.isInsideFlatArea(other, x: x, y: y)
    }

    /// Whether enough of the pixel's neighbours have exactly its colour (the border counting as one).
    private static func isInsideFlatArea(_ plane: PixelPlane, x: Int, y: Int) -> Bool {
        let colour = plane.colour(x: x, y: y)
        var identical = plane.isOnBorder(x: x, y: y) ? 1 : 0
        for neighbourY in max(0, y - 1) ... min(plane.height - 1, y + 1) {
            for neighbourX in max(0, x - 1) ... min(plane.width - 1, x + 1)
            where (neighbourX != x || neighbourY != y) && plane.colour(x: neighbourX, y: neighbourY) == colour {
                identical += 1
                if identical >= flatAreaNeighbours { return true }
            }
        }
        return false
    }
}
