/// How far punctuation at the edge of a line hangs into the margin, as a share of its own
/// width, when a paragraph asks for hanging punctuation. The figures follow the spirit of
/// microtype's defaults: small marks hang most, because they leave the most white at the edge.
enum Protrusion {
    /// Characters that may hang past the right edge of a line.
    static func right(_ unit: UInt16) -> Double {
        switch unit {
        case 0x2E, 0x2C: return 0.7            // . ,
        case 0x2D, 0x2010, 0x2011: return 0.7  // hyphens (and the hyphen shown at a break)
        case 0x2019, 0x201D, 0x27, 0x22: return 0.7  // ’ ” ' "
        case 0x3A, 0x3B: return 0.5            // : ;
        case 0x2013: return 0.5                // –
        case 0x2014: return 0.3                // —
        case 0x21, 0x3F: return 0.2            // ! ?
        case 0x29: return 0.1                  // )
        default: return 0
        }
    }

    /// Characters that may hang past the left edge of a line.
    static func left(_ unit: UInt16) -> Double {
        switch unit {
        case 0x2018, 0x201C, 0x201E, 0x27, 0x22: return 0.7  // ‘ “ „ ' "
        case 0x28: return 0.1                  // (
        case 0x2013: return 0.5
        case 0x2014: return 0.3
        default: return 0
        }
    }
}
