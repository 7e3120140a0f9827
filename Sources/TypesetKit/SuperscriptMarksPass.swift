import Fonts
import Shaping
import Text

/// Footnotes' marks set as InDesign's OpenType superscript sets them: with the face's own
/// superscript glyphs (`sups`), at the size and on the baseline of the text around them,
/// where the face has one for every character of the mark; elsewhere they stay raised and
/// scaled as the parser set them (a synthetic superscript, as `<sup>`).
struct SuperscriptMarksPass {
    /// Splits a paragraph into script runs (`MarkScripts`).
    var itemize: (TextUnitSlice) -> [ScriptRun] = ScriptItemizer.runs

    func run(_ text: AttributedText, fonts: FontTable, shaper: Shaper) -> AttributedText {
        var marked = text
        var scripts = MarkScripts(in: text, itemizing: itemize)
        // (The marks' runs found without copying every run's attributes: a book has few marks.)
        for range in text.attributeRanges(in: 0 ..< text.length, where: { $0.superscriptMark != nil }) {
            let run = text.attributes(at: range.lowerBound)
            guard let around = run.attributes.superscriptMark else { continue }
            var designed = run.attributes
            designed.fontSize = around.fontSize
            designed.baselineOffset = around.baselineOffset
            guard shaper.hasSuperscriptGlyphs(for: Array(text.substring(range).utf16), font: fonts.font(for: designed),
                                              script: scripts.script(at: range.lowerBound))
            else { continue }
            designed.features.append(Shaper.superscriptFeature)
            marked.setAttributes(designed, in: range)
        }
        return marked
    }
}
