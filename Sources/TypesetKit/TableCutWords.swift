import Foundation
import Layout
import Text

/// The words a table's cells cut at a letter, with no hyphen: a cell's line that ends inside a
/// word, where no line may break (`lineBreaks(inParagraphOf:)`) and no hyphen was added ("twelf"
/// / "ths", "07:1" / "0"). A word broken at a syllable with a hyphen ("Ob-" / "servatory") is
/// hyphenated, as a column of text hyphenates a long word, and is none of them.
struct TableCutWords {
    /// A word cut: its first character and its text.
    struct Word {
        var character: Int
        var text: String
    }

    let text: AttributedText

    /// The words `rows`' cells cut, in the cells' order: a word cut twice is found twice.
    func words(in rows: PlacedTableRows) -> [Word] {
        var found: [Word] = []
        for cell in rows.cells {
            for line in cell.frame.lines {
                if let word = wordCut(at: line) { found.append(word) }
            }
        }
        return found
    }

    /// The word `line` ends inside of, with no hyphen; nil when it ends at a break, a space, a
    /// hyphen added or its paragraph's end.
    private func wordCut(at line: Line) -> Word? {
        let end = line.stringRange.upperBound
        guard !line.endsParagraph, end > line.stringRange.lowerBound, end < text.length,
              !(Unicode.Scalar(text.storage[end - 1])?.properties.isWhitespace ?? false),
              !line.runs.contains(where: { $0.clusters.contains(GlyphRun.generatedHyphen) }) else { return nil }
        let breaks = text.lineBreaks(inParagraphOf: end - 1).map(\.offset)
        guard !breaks.contains(end) else { return nil }
        let paragraph = text.paragraphRange(containing: end - 1)
        let start = breaks.last { $0 < end } ?? paragraph.lowerBound
        var shown = text.substring(start ..< (breaks.first { $0 > end } ?? paragraph.upperBound))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if shown.count > Self.longestShown { shown = shown.prefix(Self.longestShown) + "…" }
        return Word(character: start, text: shown)
    }

    /// The characters of a word shown in a message: a word of thousands would fill the terminal.
    private static let longestShown = 40
}
