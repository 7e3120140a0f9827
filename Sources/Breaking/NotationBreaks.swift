import CICU
import Text

/// Breaks Unicode's rules allow inside the notation of scientific text, taken away, so that
/// a symbol or a figure is one word:
/// - after a closing bracket that a letter or digit follows unspaced (`⟨E⟩T`, `{a}b`, the
///   letter often a subscript): UAX #14 keeps them together after `)` and `]` only (LB30,
///   class CP), though `⟩`, `}` and the other brackets of class CL close the same way. A CJK
///   bracket, as LB30 has it, keeps its script's breaks;
/// - at a thin space between digits, which groups them as SI writes figures (`49 700.0`):
///   U+2009 is a space a line may break after (class BA).
extension BreakOpportunities {
    public func removingBreaksInsideNotation(in units: TextUnitSlice) -> BreakOpportunities {
        removingOptionalBreaks { Self.partsNotation(at: $0, in: units) }
    }

    /// Whether a line starting at `offset` would part a closing bracket from the letter or
    /// digit after it, or the digits either side of a thin space.
    static func partsNotation(at offset: Int, in units: TextUnitSlice) -> Bool {
        guard offset > units.startIndex, offset < units.endIndex else { return false }
        let before = units[offset - 1]
        // Told by the unit alone for most breaks (after a space, ASCII, or CJK, whose brackets
        // are wide): the thin space and every closing bracket but `)` and `]`, which ICU
        // already keeps with a letter, lie between.
        if before < 0x7D || before >= 0x3000 { return false }
        let after = UTF16Scalars.scalar(in: units, at: offset).value
        if before == thinSpace {
            return offset - 1 > units.startIndex && isDigit(UInt32(units[offset - 2])) && isDigit(after)
        }
        return isClosingBracket(before) && isLetterOrDigit(after)
    }

    private static let thinSpace: UInt16 = 0x2009

    /// A bracket that closes (Bidi_Paired_Bracket_Type Close: `)`, `]`, `}`, `⟩`, `⟧`, …),
    /// not a CJK one.
    private static func isClosingBracket(_ unit: UInt16) -> Bool {
        var pair: UInt32 = 0
        return tk_paired_bracket(UInt32(unit), &pair) == 2 && !isEastAsianWide(UInt32(unit))
    }

    /// A letter or a digit of any script but the CJK ones (UAX #14's AL, HL and NU, which LB30 names).
    private static func isLetterOrDigit(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        return (scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal) && !isEastAsianWide(value)
    }

    private static func isDigit(_ value: UInt32) -> Bool {
        (0x30 ... 0x39).contains(value) || value > 0x7F && Unicode.Scalar(value)?.properties.numericType == .decimal
    }

    /// East Asian Width wide, fullwidth or halfwidth.
    private static func isEastAsianWide(_ value: UInt32) -> Bool {
        let width = tk_east_asian_width(value)
        return width == 2 || width == 3 || width == 5
    }
}
