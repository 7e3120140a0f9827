import Foundation

/// A picture given both `width` and `height` in other proportions than its own, and no `fit`,
/// is drawn whole inside that place (`fit="contain"`): squashing it, as typeset once did, is
/// what an author who typed two round numbers seldom meant, and cropping it could cut off
/// what it shows. The warning says so, and how to ask for either.
struct PictureProportions {
    /// Width over height, as given and as the picture's pixels are.
    let given: Double
    let own: Double

    /// How far apart the two may be before the picture looks squashed: 2 %, more than a size
    /// rounded to whole points changes them (120 × 80 pt for 1200 × 801 px is 0.1 % off).
    static let tolerance = 0.02

    /// Whether they differ by more than the tolerance.
    var differ: Bool { abs(given / own - 1) > Self.tolerance }

    /// The warning's words when the proportions differ; nil otherwise.
    var warning: String? {
        guard differ else { return nil }
        // As few decimals as tell the two apart: 2.0:1 and 1.5:1, 1.33:1 and 1.3:1.
        var digits = 1
        while digits < 3, Self.ratio(given, digits) == Self.ratio(own, digits) { digits += 1 }
        return "is given \(Self.ratio(given, digits)), the picture is \(Self.ratio(own, digits)): it is drawn whole inside that place, "
            + "centred, not stretched; give fit=\"cover\" to crop it to the place, fit=\"fill\" to stretch it, "
            + "or only its width or its height"
    }

    private static func ratio(_ value: Double, _ digits: Int) -> String {
        value >= 1 ? String(format: "%.\(digits)f:1", value) : String(format: "1:%.\(digits)f", 1 / value)
    }
}
