import Diagnostics
import Fonts
import Foundation
import Layout
import Markup
import Pages
import Text

/// Finds the kept blocks (`<keep>` blocks, `keep-together` paragraphs) taller than a column:
/// no column holds them whole, so they are split as any text is. A warning at each says so —
/// at its `<keep>` tag, or at the first character of a `keep-together` paragraph — and the
/// keep is taken off its paragraphs, so that the layout sets the block where it falls rather
/// than first moving it to the top of the next column, where it would be split all the same.
struct KeptBlockCheck {
    var page: PageTemplate

    /// A block's text and what kept it.
    private struct KeptBlock {
        var range: Range<Int>
        var block: Int?
    }

    /// Warnings for the blocks of `text` taller than a column, set at their column's width in
    /// `fonts` (the page's master's, where a master sets the columns); the keeps of those blocks are cleared in `text`.
    func check(_ text: inout AttributedText, fonts: FontTable, keeps: [KeepDeclaration], sourceMap: TextSourceMap) -> [Diagnostic] {
        let blocks = Self.keptBlocks(in: text)
        guard !blocks.isEmpty else { return [] }
        let framesetter = Framesetter(text: text, fonts: fonts)
        // A block is measured in the narrowest, shortest column it may be set in: a master's may not be the document's.
        let possible = PossibleFrames(template: page, text: text)
        var warnings: [Diagnostic] = []
        for block in blocks {
            let frames = possible.templates(in: block.range)
            let section = text.paragraphStyle(at: block.range.lowerBound).section
            let width = frames.map { $0.columnWidth(of: section) }.min() ?? page.columnWidth(of: section)
            let column = frames.map(\.textArea.height).min() ?? page.textArea.height
            let container = Container(rect: Rect(x: 0, y: 0, width: width, height: Framesetter.unboundedHeight))
            // Its notes counted right under its text: in a container of no foot they would be set a
            // billion points down.
            let height = framesetter.frame(in: container, from: block.range.lowerBound, to: block.range.upperBound).heightWithNotesUnderText
            // The blocks come in order: the paragraphs passed are not set again.
            framesetter.cache.forget(before: block.range.upperBound)
            guard height > column + 0.001 else { continue }
            let message = "is taller than a column (\(Self.format(height)) pt > \(Self.format(column)) pt); split"
            if let number = block.block, number <= keeps.count {
                let keep = keeps[number - 1]
                warnings.append(.warning("<keep> block \(message)", at: keep.location, sourceLine: keep.sourceLine))
            } else {
                warnings.append(sourceMap.diagnostic(.warning, "keep-together paragraph \(message)", atTextOffset: block.range.lowerBound))
            }
            Self.clearKeep(in: block.range, of: &text)
        }
        return warnings
    }

    /// The kept blocks in order: each run of paragraphs of one `<keep>` block, and each
    /// `keep-together` paragraph outside one. Paragraph styles change only between
    /// paragraphs, so their runs are few, and a text without keeps is passed over run by run.
    private static func keptBlocks(in text: AttributedText) -> [KeptBlock] {
        let runs = text.paragraphStyleRuns
        var blocks: [KeptBlock] = []
        for index in 0 ..< runs.runCount {
            let style = runs.value(ofRun: index), range = runs.range(ofRun: index)
            if let number = style.keepBlock {
                if let last = blocks.last, last.block == number, last.range.upperBound == range.lowerBound {
                    blocks[blocks.count - 1].range = last.range.lowerBound ..< range.upperBound
                } else {
                    blocks.append(KeptBlock(range: range, block: number))
                }
            } else if style.keepTogether {
                var start = range.lowerBound
                while start < range.upperBound {
                    let paragraph = text.paragraphRange(containing: start)
                    blocks.append(KeptBlock(range: start ..< min(paragraph.upperBound, range.upperBound), block: nil))
                    start = paragraph.upperBound
                }
            }
        }
        return blocks
    }

    /// Takes the keep off the paragraphs of `range`, which are then set as any others.
    private static func clearKeep(in range: Range<Int>, of text: inout AttributedText) {
        var start = range.lowerBound
        while start < range.upperBound {
            let run = text.paragraphStyleRuns.value(at: start)
            var style = run.value
            style.keepBlock = nil
            style.keepTogether = false
            let end = min(run.range.upperBound, range.upperBound)
            text.setParagraphStyle(style, in: start ..< end)
            start = end
        }
    }

    /// A height for a message: to a tenth of a point.
    private static func format(_ points: Double) -> String {
        String(format: "%.1f", points)
    }
}
