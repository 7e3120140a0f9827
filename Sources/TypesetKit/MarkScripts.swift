import Shaping
import Text

/// The script each footnote mark is shaped in, its paragraph's at the mark (figures take the
/// script of the words they stand among), asked for in the text's order. A paragraph is found
/// and split into script runs once for all its marks: once a mark, a line of 5,000 notes
/// did not set in a minute.
struct MarkScripts {
    private let text: AttributedText
    /// Splits a paragraph's units into script runs (`ScriptItemizer.runs`; a test counts its calls).
    private let itemize: (TextUnitSlice) -> [ScriptRun]
    private var paragraph: Range<Int>?
    private var runs: [ScriptRun] = []
    /// The first run not wholly before the last mark asked for.
    private var run = 0

    init(in text: AttributedText, itemizing itemize: @escaping (TextUnitSlice) -> [ScriptRun] = ScriptItemizer.runs) {
        self.text = text
        self.itemize = itemize
    }

    /// The script at `offset`, at or after the last offset asked for.
    mutating func script(at offset: Int) -> String? {
        if paragraph?.contains(offset) != true {
            let range = text.paragraphRange(containing: offset)
            paragraph = range
            runs = itemize(TextUnitSlice(Array(text.substring(range).utf16)))
            run = 0
        }
        let inParagraph = offset - paragraph!.lowerBound
        while run < runs.count, runs[run].range.upperBound <= inParagraph { run += 1 }
        return run < runs.count && runs[run].range.contains(inParagraph) ? runs[run].script : nil
    }
}
