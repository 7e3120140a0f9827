import Diagnostics
import Fonts
import Layout
import Text

/// Finds paragraphs whose lines are a little farther apart than the baseline grid's step:
/// 11 pt text on its automatic 13.2 pt leading on a 13 pt grid. Each line then goes down to the
/// next free grid line, two steps below the one before, and the paragraph comes out
/// double-spaced — what InDesign does too, but there the designer sees it at once, and here only
/// on the page. A warning at the first such paragraph of each pitch names the line height that
/// sets one line a grid line. Lines taller than that on purpose (headings and display text,
/// which are balanced, or a leading well over the step) take whole grid lines without a word,
/// as the `--baseline-grid` option says; so do the paragraphs of figures and asides, which are
/// not set on the grid.
struct GridPitchCheck {
    var grid: Double
    var fonts: FontTable

    /// Lines up to this much farther apart than the step were meant to sit on every grid line.
    static let nearMiss = 1.25

    func check(_ text: AttributedText, sourceMap: TextSourceMap) -> [Diagnostic] {
        var firstAtPitch: [Double: (offset: Int, count: Int)] = [:]
        var start = 0
        while start < text.length {
            let paragraph = text.paragraphRange(containing: start)
            start = paragraph.upperBound
            let style = text.paragraphStyle(at: paragraph.lowerBound)
            guard !style.balance, style.box == nil, let first = Self.firstLetter(in: paragraph, of: text) else { continue }
            let attributes = text.attributes(at: first).attributes
            let pitch = ParagraphPitch.of(font: fonts.font(for: attributes), size: attributes.fontSize, lineHeight: style.lineHeight)
            guard pitch > grid + Self.tolerance, pitch <= grid * Self.nearMiss else { continue }
            let key = (pitch * 10).rounded() / 10
            firstAtPitch[key, default: (first, 0)].count += 1
        }
        return firstAtPitch.sorted { $0.value.offset < $1.value.offset }.map { pitch, found in
            let count = found.count > 1 ? " (\(found.count) paragraphs)" : ""
            let step = MessagePoints.tenths(grid)
            return sourceMap.diagnostic(
                .warning, "lines \(MessagePoints.tenths(pitch)) pt apart do not fit the \(step) pt baseline grid, so each takes "
                    + "two grid lines (\(MessagePoints.tenths(2 * grid)) pt)\(count); line-height=\"\(step)pt\" sets them on every grid line",
                atTextOffset: found.offset)
        }
    }

    /// A pitch this little over the step is the step (lengths in millimetres, rounded).
    private static let tolerance = 0.01

    /// The first character of `range` that is a letter or a digit: a paragraph of text, not an
    /// empty line, a rule or a picture alone.
    private static func firstLetter(in range: Range<Int>, of text: AttributedText) -> Int? {
        range.first { offset in
            guard text.attributes(at: offset).attributes.runDelegate == nil, let scalar = Unicode.Scalar(text.storage[offset]) else { return false }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }
}
