import Breaking
import Text

/// Text broken between its characters rather than at spaces: Chinese and Japanese, where any
/// character on an ideographic cell may end a line. A narrow stretch takes several of them a
/// line, so a line there holding one Latin word alone (a book's title in brackets) is no
/// column of lone words, and the rule that passes such lines over (NarrowLines; the page
/// checker's empty stretches) does not hold.
public enum IdeographicText {
    /// Whether most of the printing characters of `units` sit on ideographic cells
    /// (`InterCharacterSpacing.isIdeographicCell`); spaces and controls are not counted.
    public static func isMostlyIdeographic(_ units: TextUnitSlice) -> Bool {
        guard units.contains(where: { $0 >= 0x1100 }) else { return false }
        var ideographic = 0, other = 0
        var index = units.startIndex
        while index < units.endIndex {
            let (value, length) = UTF16Scalars.scalar(in: units, at: index)
            index += length
            if value <= 0x20 { continue }
            if InterCharacterSpacing.isIdeographicCell(value) { ideographic += 1 } else { other += 1 }
        }
        return ideographic > other
    }
}
