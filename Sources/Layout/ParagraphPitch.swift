import Fonts
import Text

/// The distance between the baselines of a paragraph's plain lines — lines of text in the face
/// the paragraph begins in — from that face, its size and the paragraph's line height, as
/// `LineBox` sets them. Checks made before layout (`GridPitchCheck`) ask it here, so that what
/// they warn about is what the lines do.
public enum ParagraphPitch {
    public static func of(font: Font, size: Double, lineHeight: LineHeight) -> Double {
        let strut = PreparedParagraph.lineMetrics(font, size: size)
        return LineBuilder.lineHeight(natural: strut.ascent + strut.descent + strut.leading, style: lineHeight)
    }
}
