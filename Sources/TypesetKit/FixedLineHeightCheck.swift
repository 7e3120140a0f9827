import Diagnostics
import Fonts
import Markup
import Shaping
import Text

/// Finds paragraphs whose fixed `line-height` is smaller than a run of text they hold
/// (`<p line-height="13pt">` with `<font size="15">` in it, a heading in a body style). Layout
/// keeps such a line from printing over the line above by moving it down (`LineSkip` in
/// Layout), which breaks the paragraph's even pitch: a warning at the run, once a
/// paragraph, says so, so that the author can give the larger text a line height of its own.
/// Pictures are left out: a line holding one is as tall as the picture by design; so is text
/// whose letters fit the pitch however large its size (an ornament's asterisks at 16 pt on
/// 14 pt lines), which no line moves for.
struct FixedLineHeightCheck {
    var fonts: FontTable
    var shaper: Shaper

    func check(_ text: AttributedText, sourceMap: TextSourceMap) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var paragraphEnd = 0
        for run in text.attributeRuns.runs(in: 0 ..< text.length) where run.range.lowerBound >= paragraphEnd {
            guard run.value.runDelegate == nil, run.value.image == nil,
                  case .fixed(let pitch) = text.paragraphStyle(at: run.range.lowerBound).lineHeight,
                  let first = Self.firstShownCharacter(in: run.range, of: text),
                  run.value.fontSize > pitch + Self.tolerance,
                  inkHeight(of: text.storage[run.range], attributes: run.value) > pitch + Self.tolerance else { continue }
            diagnostics.append(sourceMap.diagnostic(
                .warning, "line-height \(MessagePoints.tenths(pitch))pt is less than the \(MessagePoints.tenths(run.value.fontSize))pt text it holds; "
                    + "lines move apart to keep it from printing over the line above",
                atTextOffset: first))
            paragraphEnd = text.paragraphRange(containing: first).upperBound
        }
        return diagnostics
    }

    /// How tall the run's letters are from the highest ink to the lowest: what a line of them
    /// needs so that one does not print into the one above.
    private func inkHeight(of units: TextUnitSlice, attributes: TextAttributes) -> Double {
        let font = fonts.font(for: attributes)
        let shaped = shaper.shape(units, font: font, language: attributes.language)
        var top = 0.0, bottom = 0.0
        for glyph in shaped.glyphIDs {
            guard let ink = font.ink(of: glyph, size: attributes.fontSize) else { continue }
            top = min(top, ink.minY)
            bottom = max(bottom, ink.maxY)
        }
        return bottom - top
    }

    /// A size this little larger than the pitch is the same (a size in millimetres, rounded).
    private static let tolerance = 0.01

    /// The first character of `range` that is not a line end or a space: text that shows.
    private static func firstShownCharacter(in range: Range<Int>, of text: AttributedText) -> Int? {
        range.first { offset in
            let unit = text.storage[offset]
            return unit != 0x20 && unit != 0x09 && unit != AttributedText.lineFeed && unit != 0x2028
                && unit != AttributedText.objectReplacementCharacter
        }
    }
}
