import Layout
import Pages
import Text

/// The words of display paragraphs (headlines, subheads, pull quotes) in figures and asides
/// that their box's column could not hold: layout broke them inside the word ("Timetab/le"),
/// which a reader takes for a misprint. `DisplayWordCheck` finds such words in the page's
/// columns before layout; a box's column is only known where the box is set (its width, its
/// padding, its own columns), so these are found on the laid-out pages, as a line of a display
/// paragraph ending between two letters. Each word is reported once (`PageCheckRun`).
struct BoxDisplayWordCheck {
    /// A display word broken inside a box: the character after the break, the box's kind and
    /// the width of the column it was set in.
    struct BrokenWord {
        var character: Int
        var word: String
        var message: String
    }

    private let text: AttributedText
    private var reported: Set<Int> = []

    init(text: AttributedText) {
        self.text = text
    }

    /// The display words broken inside the boxes of `page`, not reported before.
    mutating func brokenWords(on page: Page) -> [BrokenWord] {
        var found: [BrokenWord] = []
        for box in page.boxes {
            for frame in box.frames {
                for line in frame.lines where !line.endsParagraph && breaksInsideAWord(line) {
                    let word = self.word(around: line.stringRange.upperBound)
                    guard reported.insert(word.lowerBound).inserted else { continue }
                    let shown = text.substring(word)
                    let message = String(format: "display word \"%@\" is wider than its <%@>'s column (%.1f pt) on page %d; "
                                            + "it is hyphenated or cut: widen the box, or make the word smaller or shorter",
                                         shown, box.style.kind.rawValue, frame.container.rect.width, page.number)
                    found.append(BrokenWord(character: word.lowerBound, word: shown, message: message))
                }
            }
        }
        return found
    }

    /// Whether `line`, of a display paragraph, ends between two letters or digits of one word.
    private func breaksInsideAWord(_ line: Line) -> Bool {
        let end = line.stringRange.upperBound
        guard end > 0, end < text.length, text.paragraphStyle(at: end - 1).balance else { return false }
        return Self.isWordCharacter(text.storage[end - 1]) && Self.isWordCharacter(text.storage[end])
    }

    /// The word that holds the character at `index`: the letters and digits around it.
    private func word(around index: Int) -> Range<Int> {
        var start = index, end = index
        while start > 0, Self.isWordCharacter(text.storage[start - 1]) { start -= 1 }
        while end < text.length, Self.isWordCharacter(text.storage[end]) { end += 1 }
        return start ..< end
    }

    private static func isWordCharacter(_ unit: UInt16) -> Bool {
        guard let scalar = Unicode.Scalar(unit) else { return true }   // a surrogate: part of a letter
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
