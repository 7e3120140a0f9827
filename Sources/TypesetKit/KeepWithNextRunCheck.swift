import Diagnostics
import Fonts
import Markup
import Pages
import Text

/// Finds the runs of `keep-with-next` paragraphs (two or more in a row) taller than half a
/// column. Keep-with-next is a heading's rule: it goes on to the next column with its text,
/// however far up that ends the column it leaves. A run that tall is text, not a heading — a
/// menu's every dish and description given the attribute by a style they inherit — and kept so
/// it moves a column's end up past half the column, or leaves a page to a band above it, and
/// still splits wherever it opens a column it overflows, lines of one paragraph alone at a
/// foot. A warning at its first paragraph says so and the attribute is taken off its
/// paragraphs: they are set as any others, widows and orphans kept, as a widow gives way where
/// keeping it would move the column's end up past half the column (`ColumnBreak`) and a
/// `<keep>` block taller than a column is split (`KeptBlockCheck`).
struct KeepWithNextRunCheck {
    var page: PageTemplate

    /// The share of a column a run may take: as far as the widows rule moves a column's end.
    static let tallestRun = 0.5

    /// Warnings for the runs of `text` taller than `tallestRun` of a column, set at their
    /// column's width in `fonts`; those runs' paragraphs lose `keep-with-next` in `text`.
    func check(_ text: inout AttributedText, fonts: FontTable, sourceMap: TextSourceMap) -> [Diagnostic] {
        let tall = KeptTextHeight.stretches(Self.runs(in: text), range: \.range, tallerThan: Self.tallestRun, of: text, page: page, fonts: fonts)
        var warnings: [Diagnostic] = []
        for (run, height, column) in tall {
            warnings.append(sourceMap.diagnostic(
                .warning, "\(run.paragraphs) keep-with-next paragraphs in a row are taller than half a column "
                    + "(\(KeptTextHeight.format(height)) pt > \(KeptTextHeight.format(column)) pt / 2): each is set without "
                    + "keep-with-next, so that they share columns as other paragraphs do; give it only to headings",
                atTextOffset: run.range.lowerBound))
            text.changeParagraphStyles(in: run.range) { $0.keepWithNext = false }
        }
        return warnings
    }

    /// A run's text and its count of paragraphs.
    private struct Run {
        var range: Range<Int>
        var paragraphs: Int
    }

    /// The runs of two or more `keep-with-next` paragraphs in a section's flow, in order: a
    /// box's or a table cell's paragraphs (set apart from the column's lines), another section
    /// and a forced break end a run.
    private static func runs(in text: AttributedText) -> [Run] {
        let styles = text.paragraphStyleRuns
        var ranges: [Range<Int>] = []
        var lastSection: Int?
        for index in 0 ..< styles.runCount {
            let style = styles.value(ofRun: index), range = styles.range(ofRun: index)
            guard style.keepWithNext, style.box == nil, style.tableCell == nil else { continue }
            let section = style.section?.number
            if let last = ranges.last, last.upperBound == range.lowerBound, lastSection == section, style.breakBefore == nil {
                ranges[ranges.count - 1] = last.lowerBound ..< range.upperBound
            } else {
                ranges.append(range)
            }
            lastSection = section
        }
        return ranges.compactMap { range in
            var paragraphs = 0, start = range.lowerBound
            while start < range.upperBound {
                paragraphs += 1
                start = text.paragraphRange(containing: start).upperBound
            }
            return paragraphs > 1 ? Run(range: range, paragraphs: paragraphs) : nil
        }
    }
}
