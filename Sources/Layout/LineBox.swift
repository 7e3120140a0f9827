import Fonts
import Text

/// The vertical room a line takes — its ascent, descent and leading (`Line`'s model: the
/// baseline lies `leading / 2 + ascent` below the line's top, the next line starts
/// `ascent + descent + leading` below it) — from what the line holds and the paragraph's line
/// height.
///
/// Two rules beyond the line height itself:
/// - Under a fixed line height (or bounds that hold the line to the strut's height) the
///   baseline lies where the face the paragraph begins in puts it in the pitch (its *strut*),
///   whichever faces the line holds. Centring the line's tallest
///   ascent and deepest descent instead moved the baseline of a line with an italic run
///   (TeX Gyre Pagella Italic: 733/276 per em against the roman's 726/281) a few hundredths
///   of a point down, and on a baseline grid as fine as the pitch that took it to the next
///   grid line: a blank grid line inside the paragraph.
/// - A picture is never overprinted: a line holding one is as tall as it needs for the
///   picture to stand on the baseline below the line's top, whatever the line height says
///   (a fixed line height sets the pitch of text lines only). Below the baseline a line with
///   text keeps its text's room, so that the next line is a pitch below; a line of pictures
///   alone ends at their foot (or a pitch below its top, if they are shorter), so that a
///   caption under a picture is where it would be under a line of text — but one that ends its
///   paragraph keeps, with the paragraph's space after, at least the text's half-leading
///   below them, so that the text after it starts at least its ascent and a whole leading
///   below them, as below a line of text's depth (TeX's `\lineskip`: with `space-after="0"`
///   the capitals after a paragraph of a picture alone stood a point under it).
struct LineBox {
    var ascent: Double
    var descent: Double
    var leading: Double

    var height: Double { ascent + descent + leading }
    /// The baseline's distance below the line's top.
    var baseline: Double { leading / 2 + ascent }

    /// - Parameters:
    ///   - text: the largest ascent, descent and leading of the line's glyph runs, nil when it
    ///     holds only pictures;
    ///   - pictures: the largest ascent and descent of the pictures in it, nil when it has none;
    ///   - style: the paragraph's line height;
    ///   - strut: the metrics of the face the paragraph begins in (`PreparedParagraph.emptyMetrics`),
    ///     which place a fixed line height's baseline.
    ///   - spaceAfter: the paragraph's space after, when the line ends it (nil: it does not).
    init(text: LineMetrics?, pictures: LineMetrics?, style: LineHeight, strut: LineMetrics, spaceAfter: Double? = nil) {
        self.init(holding: text, pictures, style: style, strut: strut)
        if text == nil, let pictures, let spaceAfter {
            let textLine = LineBuilder.lineHeight(natural: strut.ascent + strut.descent + strut.leading, style: style)
            let room = pictures.descent + max(0, textLine - strut.ascent - strut.descent) / 2 - spaceAfter
            descent += max(0, room - (descent + leading / 2))
        }
    }

    /// The line's room before a line of pictures alone keeps the text's half-leading below them.
    private init(holding text: LineMetrics?, _ pictures: LineMetrics?, style: LineHeight, strut: LineMetrics) {
        let holdsText = text != nil || pictures == nil
        let text = text ?? LineMetrics(ascent: 0, descent: 0, leading: 0)
        let ascent = max(text.ascent, pictures?.ascent ?? 0), descent = max(text.descent, pictures?.descent ?? 0)
        var above: Double, height: Double
        if let pitch = Self.pitch(of: style, text: holdsText ? text : strut, strut: strut) {
            above = (pitch - strut.ascent - strut.descent) / 2 + strut.ascent
            height = pitch
        } else {
            height = LineBuilder.lineHeight(natural: ascent + descent + max(text.leading, pictures?.leading ?? 0), style: style)
            above = (height - ascent - descent) / 2 + ascent
            guard let pictures, !Self.holds(pictures, above: above, height: height) else {
                self.init(ascent: ascent, descent: descent, leading: height - ascent - descent)
                return
            }
            // Pictures the line height leaves no room for: the text's own line (the strut's,
            // when there is no text), grown for them below.
            let own = holdsText ? text : strut
            height = LineBuilder.lineHeight(natural: own.ascent + own.descent + own.leading, style: style)
            above = (height - own.ascent - own.descent) / 2 + own.ascent
        }
        var below = height - above
        if let pictures {
            above = max(above, pictures.ascent)
            below = holdsText ? max(below, pictures.descent) : max(pictures.descent, height - above)
        }
        self.init(baseline: above, height: above + below, covering: ascent, descent)
    }

    /// A line that holds only the anchors of pictures set apart (an `<img float>` alone on its
    /// line) shows nothing and takes no room, whatever the line height: under a fixed one it
    /// took a whole pitch, a blank line above the paragraph the picture stands beside.
    static let ofAnchorsAlone = LineBox(ascent: 0, descent: 0, leading: 0)

    init(ascent: Double, descent: Double, leading: Double) {
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
    }

    /// A line `height` tall with its baseline `baseline` below its top, whose ascent and
    /// descent are at least `ascent` and `descent`: both are widened by the same amount, which
    /// leaves the baseline where it is.
    private init(baseline: Double, height: Double, covering ascent: Double, _ descent: Double) {
        let difference = baseline - (height - baseline)   // ascent − descent for this baseline
        let lineDescent = max(descent, ascent - difference)
        self.init(ascent: lineDescent + difference, descent: lineDescent, leading: height - 2 * lineDescent - difference)
    }

    /// The height every text line of the paragraph takes whatever it holds, when the line
    /// height sets one: a fixed height, or bounds that hold this line (`text`) to the height
    /// of the strut's line (`line-height-min="12" line-height-max="12"` is
    /// `line-height="12pt"`). Nil when the line's height follows what it holds.
    private static func pitch(of style: LineHeight, text: LineMetrics, strut: LineMetrics) -> Double? {
        switch style {
        case .fixed(let pitch): return pitch
        case .multiple: return nil
        case .range:
            let pitch = LineBuilder.lineHeight(natural: strut.ascent + strut.descent + strut.leading, style: style)
            let natural = text.ascent + text.descent + text.leading
            let height = LineBuilder.lineHeight(natural: natural, style: style)
            // A line the bounds leave at its natural height keeps it (and its own baseline).
            return abs(height - natural) > 1e-9 && abs(height - pitch) < 1e-9 ? pitch : nil
        }
    }

    /// Whether pictures with these metrics stand within a line `height` tall whose baseline is `above` below its top.
    private static func holds(_ pictures: LineMetrics, above: Double, height: Double) -> Bool {
        pictures.ascent <= above + 1e-9 && pictures.descent <= height - above + 1e-9
    }
}
