import Diagnostics
import Layout
import Pages
import Text

/// Lines of a paragraph with a fixed `line-height` that the layout set below their pitch so
/// that their letters do not print on the line above's (`LineSkip` in Layout): an accent under
/// a descender at 11 on 12 pt, the dots of an 'Ü' on the tail of a 'y'. The pitch is broken
/// there, by a fraction of a point, or on a baseline grid by a whole grid line, which a
/// designer wants to know and can mend (a little more leading, other words). Warned once a
/// paragraph, at the first such line, from the pages as they pass; a paragraph holding text
/// larger than its pitch is warned of before layout (`FixedLineHeightCheck`) and not again.
struct MovedLineCheck {
    private let text: AttributedText
    /// The paragraphs warned of, by their first character.
    private var warned: Set<Int> = []

    init(text: AttributedText) {
        self.text = text
    }

    /// The first line moved off its pitch in each paragraph of `page` not warned of before: the
    /// character it starts at and the warning.
    mutating func movedLines(on page: Page) -> [(character: Int, message: String)] {
        var found: [(character: Int, message: String)] = []
        for frame in page.frames {
            for line in frame.lines where line.movedClear > 0.001 {
                let start = line.stringRange.lowerBound
                let paragraph = text.paragraphRange(containing: start)
                guard case .fixed(let pitch) = text.paragraphStyle(at: start).lineHeight, !warned.contains(paragraph.lowerBound),
                      !holdsTextLarger(than: pitch, in: paragraph) else { continue }
                warned.insert(paragraph.lowerBound)
                found.append((start, Self.message(moved: line.movedClear, pitch: pitch, onGrid: frame.container.baselineGrid != nil)))
            }
        }
        return found
    }

    static func message(moved: Double, pitch: Double, onGrid: Bool) -> String {
        let moves = "line moves \(MessagePoints.tenths(moved)) pt down, off its \(MessagePoints.tenths(pitch)) pt pitch, "
            + "so that its letters do not print on the line above's"
        if onGrid { return moves + " (a whole grid line); more leading or other words keep the pitch" }
        // Rounded up to a tenth: what the pitch needs here at least.
        let enough = (((pitch + moved) * 10).rounded(.up)) / 10
        return moves + "; line-height=\"\(MessagePoints.tenths(enough))pt\" or other words keep the pitch"
    }

    /// Whether a run of `range` is larger than `pitch`: `FixedLineHeightCheck` warns of it.
    private func holdsTextLarger(than pitch: Double, in range: Range<Int>) -> Bool {
        text.attributeRuns.runs(in: range).contains { $0.value.image == nil && $0.value.fontSize > pitch + 0.01 }
    }
}
