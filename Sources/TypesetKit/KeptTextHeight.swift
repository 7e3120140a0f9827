import Fonts
import Foundation
import Layout
import Pages
import Text

/// How tall a stretch of text the layout keeps in one column is, set alone at its column's
/// width, and how tall that column is: the narrowest, shortest column the stretch may be set
/// in (a master's may not be the document's). The checks before layout that take off a keep no
/// column can honour measure with it (`KeptBlockCheck`, `KeepWithNextRunCheck`).
struct KeptTextHeight {
    private let page: PageTemplate
    private let text: AttributedText
    private let framesetter: Framesetter
    private let possible: PossibleFrames

    private init(page: PageTemplate, text: AttributedText, fonts: FontTable) {
        self.page = page
        self.text = text
        framesetter = Framesetter(text: text, fonts: fonts)
        possible = PossibleFrames(template: page, text: text)
    }

    /// Those of `stretches` (in text order, each text `range`) taller than `share` of their
    /// column, with their heights and their column's.
    static func stretches<Stretch>(_ stretches: [Stretch], range: (Stretch) -> Range<Int>, tallerThan share: Double,
                                   of text: AttributedText, page: PageTemplate, fonts: FontTable)
        -> [(stretch: Stretch, height: Double, column: Double)] {
        guard !stretches.isEmpty else { return [] }
        let measure = KeptTextHeight(page: page, text: text, fonts: fonts)
        return stretches.compactMap { stretch in
            let (height, column) = measure.measure(range(stretch))
            return height > share * column + 0.001 ? (stretch, height, column) : nil
        }
    }

    /// The height of `range`'s text, its notes counted right under it, and of its column.
    /// Stretches are measured in text order: the paragraphs passed are not set again.
    private func measure(_ range: Range<Int>) -> (height: Double, column: Double) {
        let frames = possible.templates(in: range)
        let section = text.paragraphStyle(at: range.lowerBound).section
        let width = frames.map { $0.columnWidth(of: section) }.min() ?? page.columnWidth(of: section)
        let column = frames.map(\.textArea.height).min() ?? page.textArea.height
        let container = Container(rect: Rect(x: 0, y: 0, width: width, height: Framesetter.unboundedHeight))
        // Its notes counted right under its text: in a container of no foot they would be set a
        // billion points down.
        let height = framesetter.frame(in: container, from: range.lowerBound, to: range.upperBound).heightWithNotesUnderText
        framesetter.cache.forget(before: range.upperBound)
        return (height, column)
    }

    /// A height for a message: to a tenth of a point.
    static func format(_ points: Double) -> String {
        String(format: "%.1f", points)
    }
}
