import CICU

/// Which characters Chinese and Japanese justification spaces apart. Such text has no spaces
/// to stretch: a justified line is filled by adding a little space between its characters,
/// each of which sits on a square em cell, and by taking back the blank half of punctuation
/// that fills only half its cell (JLREQ §3.8, "line adjustment").
public enum InterCharacterSpacing {
    /// Whether a character is set on the square cell of CJK type: East Asian Width wide or
    /// fullwidth, except Hangul (Korean puts spaces between words and is justified there) and
    /// pictographs that are wide only because emoji are.
    public static func isIdeographicCell(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        let width = tk_east_asian_width(value)
        guard width == 3 || width == 5 else { return false }   // F or W
        if (0x1100 ... 0x11FF).contains(value) || (0x3130 ... 0x318F).contains(value) || (0xAC00 ... 0xD7AF).contains(value) {
            return false
        }
        return value < 0x1F000 || value >= 0x20000
    }

    /// Full-width punctuation whose mark takes the first half of its cell (commas, full stops,
    /// closing brackets): the blank second half may be given up when a line is tight.
    public static func hasBlankAfter(_ value: UInt32) -> Bool {
        switch value {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B,
             0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0xFF09, 0xFF3D, 0xFF5D:
            return true
        default:
            return false
        }
    }

    /// Opening brackets, whose mark takes the second half of the cell.
    public static func hasBlankBefore(_ value: UInt32) -> Bool {
        switch value {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0xFF08, 0xFF3B, 0xFF5B:
            return true
        default:
            return false
        }
    }
}
