import Diagnostics
import Fonts
import Layout
import Markup
import Pages
import Text

/// Finds the words of display paragraphs (headlines, decks, pull quotes: `ParagraphStyle.balance`)
/// wider than their column. No line holds such a word, so layout hyphenates it even in display
/// text, where nothing else is hyphenated ("Bürger-/versammlung"), or cuts it where its language
/// has no patterns: either way the headline is not what its author wrote, and a warning at the
/// word says by how much it is too wide, so that the size or the word can change. Checked before
/// layout at the column's width (the narrowest its page's master may give it) less the
/// paragraph's indents, as the other checks are; the
/// paragraphs of figures and asides, whose width depends on their placement, are checked where
/// they are set (`BoxDisplayWordCheck`).
struct DisplayWordCheck {
    var page: PageTemplate

    func check(_ text: AttributedText, fonts: FontTable, sourceMap: TextSourceMap) -> [Diagnostic] {
        var words: [(range: Range<Int>, measure: Double)] = []
        let runs = text.paragraphStyleRuns
        let frames = PossibleFrames(template: page, text: text)
        for index in 0 ..< runs.runCount {
            let style = runs.value(ofRun: index)
            guard style.balance, style.box == nil else { continue }
            let column = frames.narrowestColumn(at: runs.range(ofRun: index).lowerBound, of: style.section)
            let measure = column - style.headIndent - style.tailIndent
            words += WordWidths.words(in: runs.range(ofRun: index), of: text).map { ($0, measure) }
        }
        guard !words.isEmpty else { return [] }
        let widths = WordWidths(fonts: fonts).widths(of: words.map(\.range), in: text)
        return zip(words, widths).compactMap { word, width in
            guard width > word.measure + Self.tolerance else { return nil }
            let shown = text.substring(word.range)
            return sourceMap.diagnostic(.warning, "display word \"\(shown)\" is wider than its column (\(Self.format(width)) pt > "
                                        + "\(Self.format(word.measure)) pt); it is hyphenated, or cut where its language has no patterns",
                                        atTextOffset: word.range.lowerBound)
        }
    }

    /// A word this little wider than the measure still fits (a width in millimetres, rounded).
    private static let tolerance = 0.01

    /// A width for a message: to a tenth of a point.
    private static func format(_ points: Double) -> String {
        String(format: "%.1f", points)
    }
}
