/// Tells a pixel whose shade moved within its neighbourhood from a pixel where ink was added or
/// taken away, by comparing the two images' average colours over a 3 × 3 box around the pixel.
///
/// At low resolutions a stroke is about a pixel wide. Another scan converter may shade its core
/// darker and its sides lighter, or the other way round; `AntiAliasingDetector` forgives the
/// sides (they lie on a slope) but not the core (it has no darker neighbour). Such a re-shading
/// keeps the ink of the neighbourhood nearly as it was, because both rasterizers cover the same
/// outline, so the box's average barely moves. A changed glyph, or a rule drawn elsewhere or not
/// at all, adds or removes ink that the box cannot balance: a pixel-wide black rule gone moves
/// the box's average by a third of the full scale.
struct NeighbourhoodInk {
    let actual: PixelPlane
    let golden: PixelPlane

    /// The largest difference of a colour channel between the two images' averages over the
    /// 3 × 3 box centred on x, y (clipped at the image's border), in levels of 0–255.
    func averageChannelDelta(x: Int, y: Int) -> Int {
        var sums = (red: 0, green: 0, blue: 0)
        var count = 0
        for neighbourY in max(0, y - 1) ... min(actual.height - 1, y + 1) {
            for neighbourX in max(0, x - 1) ... min(actual.width - 1, x + 1) {
                let difference = actual.signedChannelDifferences(to: golden, x: neighbourX, y: neighbourY)
                sums.red += difference.red
                sums.green += difference.green
                sums.blue += difference.blue
                count += 1
            }
        }
        return max(abs(sums.red), abs(sums.green), abs(sums.blue)) / count
    }
}
