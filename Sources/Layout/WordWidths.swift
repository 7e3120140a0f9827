import Fonts
import Text

/// A text's words and their widths set alone, each on a line of its own: what no line narrower
/// than a word holds without breaking it (a display word wider than its column,
/// `DisplayWordCheck`; the least width of a pull quote over a gutter, `BoxOverGutterWidth`).
/// One is made for a document's fonts and kept through its passes: box fitting and the pages
/// ask for the same pull quote's words, and each distinct word is set once (docs/pipeline.md,
/// "Speed: the layout's caches and trial layouts").
public final class WordWidths {
    private let fonts: FontTable
    /// The width of each word set so far.
    private var measured: [DistinctWord: Double] = [:]

    /// Words set alone so far: the work measuring has cost, which tests compare.
    public private(set) var wordsSet = 0

    public init(fonts: FontTable) {
        self.fonts = fonts
    }

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

    /// Each word's width, in its attributes at its start. Those not measured before are set as
    /// one line each of a text of their own, in one frame; a word repeated in the same
    /// attributes is set once (a magazine's running feature repeats its headlines: 858 words, a
    /// dozen distinct).
    public func widths(of words: [Range<Int>], in text: AttributedText) -> [Double] {
        let distinct = words.map { word in
            DistinctWord(units: Array(text.storage[word]), attributes: text.attributes(at: word.lowerBound).attributes)
        }
        var alone = AttributedText()
        let style = ParagraphStyle(alignment: .left, hyphenate: false)
        var lineOfWord: [DistinctWord: Int] = [:]
        for word in distinct where measured[word] == nil && lineOfWord[word] == nil {
            lineOfWord[word] = lineOfWord.count
            alone.append(utf16: (word.units + [AttributedText.lineFeed])[...], attributes: word.attributes, paragraphStyle: style)
        }
        if !lineOfWord.isEmpty {
            let container = Container(rect: Rect(x: 0, y: 0, width: LayoutLimits.largestPageSide, height: Framesetter.unboundedHeight))
            let set = Framesetter(text: alone, fonts: fonts).frame(in: container, from: 0).lines
            for (word, line) in lineOfWord { measured[word] = line < set.count ? set[line].width : 0 }
            wordsSet += lineOfWord.count
        }
        return distinct.map { measured[$0] ?? 0 }
    }

    /// A word as it is measured: its characters in the attributes at its start.
    private struct DistinctWord: Hashable {
        var units: [UInt16]
        var attributes: TextAttributes
    }
}
