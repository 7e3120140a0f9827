import Fonts
import Text

/// Glyphs of one font, size and style within a line, like CTRun. Positions are relative to
/// the line's origin (its left end on the baseline); x grows right, y grows down.
public struct GlyphRun: Sendable {
    public var font: Font
    /// The text's copy of the run's attributes, shared by every run of them (`Shared`): a line
    /// of a paragraph restyled by a rule has a run a match.
    public var sharedAttributes: Shared<TextAttributes>
    public var attributes: TextAttributes {
        get { sharedAttributes.value }
        set { sharedAttributes = Shared(newValue) }
    }
    /// UTF-16 range of the characters the run shows.
    public var stringRange: Range<Int>
    public var glyphIDs: [UInt32]
    public var positions: [Point]
    /// How far each glyph moves the pen along the line (justification, tab stops and letter
    /// spacing included), in the same visual order: the glyphs' advances tile the run from `x`,
    /// which is how carets and hit testing split it.
    public var advances: [Double]
    /// UTF-16 offset (absolute, in the attributed text) of the character each glyph came from,
    /// or `generatedHyphen` for the hyphen added where a line breaks inside a word.
    public var clusters: [Int]

    /// The cluster of a hyphen that is not in the text (it extracts as "-").
    public static let generatedHyphen = -1
    /// Offset of the run's start from the line origin, and its advance width.
    public var x: Double
    public var width: Double
    /// Set for an inline picture: the run then has no glyphs.
    public var runDelegate: RunDelegate?
    /// How much wider than the font's own its glyphs are drawn (justification's glyph
    /// scaling, pdfTeX's font expansion): 1 draws them as they are.
    public var horizontalScale = 1.0
    /// Glyphs are stored in visual order, left to right, as PDF readers expect them; in a
    /// right-to-left run their clusters therefore decrease.
    public var isRightToLeft = false

    public var fontSize: Double { attributes.fontSize }
    public var image: ImageAttachment? { attributes.image }

    /// The run's box relative to the line origin: from its ascent above to its descent below.
    public func typographicBounds() -> Rect {
        if let delegate = runDelegate {
            return Rect(x: x, y: -delegate.ascent, width: width, height: delegate.ascent + delegate.descent)
        }
        let metrics = font.metrics(at: fontSize)
        return Rect(x: x, y: -metrics.ascent, width: width, height: metrics.ascent + metrics.descent)
    }
}
