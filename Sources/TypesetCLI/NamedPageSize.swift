import Layout
import Pages
import Text

/// The page sizes `--page-size` knows by name. Paper sizes from ISO 216 (the A and B series,
/// in millimetres) and ANSI/ASME Y14.1 and North American custom (letter, legal, tabloid, in
/// inches); magazine trims as US printers list them: the standard magazine, 8⅜ × 10⅞ in,
/// and the digest, 5⅜ × 8⅜ in (e.g. measuringknowhow.com, "Standard Magazine Sizes").
enum NamedPageSize: String, CaseIterable {
    case a3, a4, a5, b5, letter, legal, tabloid, magazine, digest

    var size: Size {
        switch self {
        // Kept as PageTemplate has them, to the 4 decimals every existing page was set with.
        case .a4: PageTemplate.a4
        case .letter: PageTemplate.letter
        case .a3: Self.size(297, 420, .mm)
        case .a5: Self.size(148, 210, .mm)
        case .b5: Self.size(176, 250, .mm)
        case .legal: Self.size(8.5, 14, .inch)
        case .tabloid: Self.size(11, 17, .inch)
        case .magazine: Self.size(8.375, 10.875, .inch)
        case .digest: Self.size(5.375, 8.375, .inch)
        }
    }

    /// How `--help` and the manual show it: `a4 (210 × 297 mm)`.
    var dimensions: String {
        switch self {
        case .a3: "297 × 420 mm"
        case .a4: "210 × 297 mm"
        case .a5: "148 × 210 mm"
        case .b5: "176 × 250 mm"
        case .letter: "8.5 × 11 in"
        case .legal: "8.5 × 14 in"
        case .tabloid: "11 × 17 in"
        case .magazine: "8.375 × 10.875 in"
        case .digest: "5.375 × 8.375 in"
        }
    }

    private static func size(_ width: Double, _ height: Double, _ unit: LengthUnit) -> Size {
        Size(width: Length(value: width, unit: unit).points, height: Length(value: height, unit: unit).points)
    }

    /// "a3, a4, …, digest".
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
