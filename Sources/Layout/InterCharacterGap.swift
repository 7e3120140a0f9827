import Breaking
import Text

/// Where justified CJK text may give between two characters: a little stretch anywhere, and
/// shrink where punctuation leaves half its cell blank. The line breaker counts these as glue
/// (see ParagraphBreaker) and LineBuilder spreads a line's slack over them, so Chinese and
/// Japanese lines end flush although they have no spaces.
struct InterCharacterGap {
    var stretch: Double
    var shrink: Double

    /// Stretch per gap, in ems: a full em of slack spread over ten gaps stays below 0.1 em
    /// each (pTeX's \kanjiskip and xeCJK use fractions of a point to a tenth of an em).
    static let stretchPerEm = 0.1
    /// What a half-blank punctuation mark may give up, in ems.
    static let punctuationShrinkPerEm = 0.5
    /// How far a gap may open, in ems, before its line counts as spaced out
    /// (`LineAdjustment.isSpacedOut`): half a cell, as a word space may grow by its own width.
    /// JIS X 4051 and CLREQ justify every line of a CJK column by spreading its characters, a
    /// column a solid block; a line of six characters in 72 pt takes 0.24 em a gap.
    static let spacedOutPerEm = 0.5

    /// The gaps of a paragraph, by the offset of the character after each: only between two
    /// characters on ideographic cells, at a cluster boundary.
    static func find(in units: TextUnitSlice, runs: [PreparedParagraph.StyleRun],
                     clusters: [Int]) -> InterCharacterGaps {
        guard units.contains(where: { $0 >= 0x2E80 }) else { return InterCharacterGaps() }
        var gaps: [(offset: Int, gap: InterCharacterGap)] = []
        for run in runs where run.attributes.runDelegate == nil {
            let size = run.attributes.fontSize
            for glyph in run.glyphRange where glyph > 0 && clusters[glyph] != clusters[glyph - 1] {
                let before = UTF16Scalars.scalar(in: units, endingAt: clusters[glyph])
                let after = UTF16Scalars.scalar(in: units, at: clusters[glyph]).value
                guard InterCharacterSpacing.isIdeographicCell(before), InterCharacterSpacing.isIdeographicCell(after) else { continue }
                let compressible = InterCharacterSpacing.hasBlankAfter(before) || InterCharacterSpacing.hasBlankBefore(after)
                gaps.append((clusters[glyph], InterCharacterGap(stretch: stretchPerEm * size,
                                                                shrink: compressible ? punctuationShrinkPerEm * size : 0)))
            }
        }
        return InterCharacterGaps(gaps)
    }
}

extension PreparedParagraph {
    /// The blank half of the closing mark (。，、」》…) a line ending at `offset` ends with, in a
    /// paragraph with CJK gaps: the shrink of the gap at `offset`, which the line may give up
    /// as a line end, as it does mid-line (JIS X 4051 and CLREQ set a line-end full stop half
    /// wide before spreading the characters); nil where the line ends otherwise.
    func lineEndBlank(at offset: Int) -> Double? {
        guard let gap = interCharacterGaps[offset], gap.shrink > 0,
              InterCharacterSpacing.hasBlankAfter(UTF16Scalars.scalar(in: units, endingAt: offset)) else { return nil }
        return gap.shrink
    }
}
