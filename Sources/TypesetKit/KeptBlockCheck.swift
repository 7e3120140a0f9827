import Diagnostics
import Fonts
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
        let tall = KeptTextHeight.stretches(Self.keptBlocks(in: text), range: \.range, tallerThan: 1, of: text, page: page, fonts: fonts)
        var warnings: [Diagnostic] = []
        for (block, height, column) in tall {
            let message = "is taller than a column (\(KeptTextHeight.format(height)) pt > \(KeptTextHeight.format(column)) pt); split"
            if let number = block.block, number <= keeps.count {
                let keep = keeps[number - 1]
                warnings.append(.warning("<keep> block \(message)", at: keep.location, sourceLine: keep.sourceLine))
            } else {
                warnings.append(sourceMap.diagnostic(.warning, "keep-together paragraph \(message)", atTextOffset: block.range.lowerBound))
            }
            text.changeParagraphStyles(in: block.range) { style in
                style.keepBlock = nil
                style.keepTogether = false
            }
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
}
