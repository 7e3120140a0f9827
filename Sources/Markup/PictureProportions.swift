import Foundation

/// A picture given both `width` and `height` is drawn in their proportions, whatever its own:
/// other proportions squash it, which an author who typed two round numbers seldom meant.
struct PictureProportions {
    /// Width over height, as given and as the picture's pixels are.
    let given: Double
    let own: Double

    /// How far apart the two may be before the picture looks squashed: 2 %, more than a size
    /// rounded to whole points changes them (120 × 80 pt for 1200 × 801 px is 0.1 % off).
    static let tolerance = 0.02

    /// The warning's words when the proportions differ by more than the tolerance; nil otherwise.
    var warning: String? {
        guard abs(given / own - 1) > Self.tolerance else { return nil }
        // As few decimals as tell the two apart: 2.0:1 and 1.5:1, 1.33:1 and 1.3:1.
        var digits = 1
        while digits < 3, Self.ratio(given, digits) == Self.ratio(own, digits) { digits += 1 }
        return "is drawn at \(Self.ratio(given, digits)), the picture is \(Self.ratio(own, digits)): it is "
            + (given > own ? "stretched wide" : "squashed narrow")
            + "; give only its width or its height to keep its proportions"
    }

    private static func ratio(_ value: Double, _ digits: Int) -> String {
        value >= 1 ? String(format: "%.\(digits)f:1", value) : String(format: "1:%.\(digits)f", 1 / value)
    }
}
