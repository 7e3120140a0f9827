import Fonts
import Text

/// A text's words and their widths set alone, each on a line of its own: what no line narrower
/// than a word holds without breaking it (a display word wider than its column,
/// `DisplayWordCheck`; the least width of a pull quote over a gutter, `BoxOverGutterWidth`).
public enum WordWidths {
    /// The words of `range`: runs of characters between spaces, tabs and line ends, with no picture.
    public static func words(in range: Range<Int>, of text: AttributedText) -> [Range<Int>] {
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
    public static func widths(of words: [Range<Int>], in text: AttributedText, fonts: FontTable) -> [Double] {
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
}
