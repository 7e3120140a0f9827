import Foundation
import Layout
import Pages
import Text

/// The page sizes `--page-size` knows by name. Paper sizes from ISO 216 (the A and B series,
/// A0 to A6 and B0 to B6, in millimetres: posters to postcards) and ANSI/ASME Y14.1 and North
/// American custom (letter, half of it, legal, tabloid and the ledger, tabloid on its side, in
/// inches); magazine trims as US printers list them: the standard magazine, 8⅜ × 10⅞ in,
/// and the digest, 5⅜ × 8⅜ in (e.g. measuringknowhow.com, "Standard Magazine Sizes").
enum NamedPageSize: String, CaseIterable {
    case a0, a1, a2, a3, a4, a5, a6, b0, b1, b2, b3, b4, b5, b6
    case letter, halfLetter = "half-letter", legal, tabloid, ledger, magazine, digest

    /// Width and height in the unit the size is defined in.
    private var trim: (width: Double, height: Double, unit: LengthUnit) {
        switch self {
        case .a0: (841, 1189, .mm)
        case .a1: (594, 841, .mm)
        case .a2: (420, 594, .mm)
        case .a3: (297, 420, .mm)
        case .a4: (210, 297, .mm)
        case .a5: (148, 210, .mm)
        case .a6: (105, 148, .mm)
        case .b0: (1000, 1414, .mm)
        case .b1: (707, 1000, .mm)
        case .b2: (500, 707, .mm)
        case .b3: (353, 500, .mm)
        case .b4: (250, 353, .mm)
        case .b5: (176, 250, .mm)
        case .b6: (125, 176, .mm)
        case .letter: (8.5, 11, .inch)
        case .halfLetter: (5.5, 8.5, .inch)
        case .legal: (8.5, 14, .inch)
        case .tabloid: (11, 17, .inch)
        case .ledger: (17, 11, .inch)
        case .magazine: (8.375, 10.875, .inch)
        case .digest: (5.375, 8.375, .inch)
        }
    }

    var size: Size {
        switch self {
        // As PageTemplate has them, to the 4 decimals every existing page was set with.
        case .a4: PageTemplate.a4
        case .letter: PageTemplate.letter
        default: Size(width: Length(value: trim.width, unit: trim.unit).points, height: Length(value: trim.height, unit: trim.unit).points)
        }
    }

    /// As a printer gives it: `210 × 297 mm`, `8.5 × 11 in`.
    var dimensions: String {
        // Every trim is a whole number or a short decimal: Swift's shortest form is `%g`'s.
        func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        return "\(number(trim.width)) × \(number(trim.height)) \(trim.unit.rawValue)"
    }

    /// "a0, a1, …, digest".
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// "a0 (841 × 1189 mm), a1 (594 × 841 mm), …", for `--help`; made once, though the option's
    /// help is built each time the command's options are.
    static let described = allCases.map { "\($0.rawValue) (\($0.dimensions))" }.joined(separator: ", ")
}
