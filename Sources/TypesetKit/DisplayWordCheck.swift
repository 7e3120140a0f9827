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
            words += Self.words(in: runs.range(ofRun: index), of: text).map { ($0, measure) }
        }
        guard !words.isEmpty else { return [] }
        let widths = Self.widths(of: words.map(\.range), in: text, fonts: fonts)
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

    /// The words of `range`: runs of characters between spaces, tabs and line ends, with no picture.
    private static func words(in range: Range<Int>, of text: AttributedText) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var start: Int?
        for offset in range.lowerBound ... range.upperBound {
            let unit = offset < range.upperBound ? text.storage[offset] : 0x20
            let separates = unit == 0x20 || unit == 0x09 || unit == AttributedText.lineFeed || unit == 0x2028
                || unit == AttributedText.objectReplacementCharacter
            if !separates, start == nil { start = offset }
            if separates, let first = start {
                words.append(first ..< offset)
                start = nil
            }
        }
        return words
    }

    /// Each word's width, in its attributes at its start, set as one line each of a text of
    /// their own, in one frame; a word repeated in the same attributes is set once (a
    /// magazine's running feature repeats its headlines: 858 words, a dozen distinct).
    private static func widths(of words: [Range<Int>], in text: AttributedText, fonts: FontTable) -> [Double] {
        var alone = AttributedText()
        let style = ParagraphStyle(alignment: .left, hyphenate: false)
        var lineOfWord: [DistinctWord: Int] = [:]
        let lines = words.map { word in
            let attributes = text.attributes(at: word.lowerBound).attributes
            let distinct = DistinctWord(units: Array(text.storage[word]), attributes: attributes)
            if let line = lineOfWord[distinct] { return line }
            lineOfWord[distinct] = lineOfWord.count
            alone.append(utf16: text.storage[word], attributes: attributes, paragraphStyle: style)
            alone.append(utf16: [AttributedText.lineFeed][...], attributes: attributes, paragraphStyle: style)
            return lineOfWord.count - 1
        }
        let container = Container(rect: Rect(x: 0, y: 0, width: LayoutLimits.largestPageSide, height: Framesetter.unboundedHeight))
        let set = Framesetter(text: alone, fonts: fonts).frame(in: container, from: 0).lines
        return lines.map { $0 < set.count ? set[$0].width : 0 }
    }

    /// A word as it is measured: its characters in the attributes at its start.
    private struct DistinctWord: Hashable {
        var units: [UInt16]
        var attributes: TextAttributes
    }

    /// A width for a message: to a tenth of a point.
    private static func format(_ points: Double) -> String {
        String(format: "%.1f", points)
    }
}
