import Diagnostics
import Fonts
import Layout
import Markup
import Pages
import Text

/// Finds the tab tables that do not fit their column, and says what layout does with them
/// (TabLayout): a stop past the column's end ends its text at the line's end; a row whose
/// cells cannot all be set on one line, a word space apart, goes on to the next line at the
/// tab that does not fit. One warning per `tabs` value, at the value, naming its stops past
/// the end of the narrowest column where a paragraph with a tab uses them (a master's, where
/// its pages set other columns: `PossibleFrames`), and how many rows
/// do not fit on one line. A row counts from its paragraph set once at its column's width,
/// before layout, rather than in the line loop: trial layouts set lines many times and keep
/// no diagnostics. Paragraphs of figures and asides are left out: a box's width depends on
/// its picture and placement (their text is kept in the box the same way).
struct TabStopCheck {
    var page: PageTemplate

    /// What one `tabs` value's paragraphs do: its stops past a column's end, the narrowest
    /// line end, the rows that take more than one line.
    private struct Finding {
        var stops: [Double] = []
        var lineEnd = Double.infinity
        var rowsNotFitting = 0
        /// The first tab of the first such row: where a warning goes when no `tabs` value set the stops.
        var firstTab: Int?
    }

    func check(_ text: AttributedText, fonts: FontTable, sourceMap: TextSourceMap) -> [Diagnostic] {
        // Keyed by the `tabs` value's offset in the markup, or (negated, less one) by the first
        // tab of a paragraph whose stops no value set (a list item's, the default interval's).
        var findings: [Int: Finding] = [:]
        var framesetter: Framesetter?
        let runs = text.paragraphStyleRuns
        let frames = PossibleFrames(template: page, text: text)
        for index in 0 ..< runs.runCount {
            let style = runs.value(ofRun: index), range = runs.range(ofRun: index)
            guard style.box == nil, let firstTab = text.storage.firstIndex(of: Self.tab, in: range) else { continue }
            let width = frames.narrowestColumn(at: range.lowerBound, of: style.section)
            let lineEnd = width - style.tailIndent
            let valueOffset = style.tabStops.lazy.compactMap(\.sourceOffset).first
            let key = valueOffset ?? -1 - firstTab
            var finding = findings[key] ?? Finding()
            for stop in style.tabStops where stop.sourceOffset != nil && stop.location.isFinite && stop.location > lineEnd + Self.tolerance {
                if !finding.stops.contains(stop.location) { finding.stops.append(stop.location) }
            }
            let setter = framesetter ?? Framesetter(text: text, fonts: fonts)
            framesetter = setter
            let rows = rowsNotFitting(in: range, of: text, width: width, framesetter: setter)
            if let first = rows.first, finding.firstTab == nil { finding.firstTab = first }
            finding.rowsNotFitting += rows.count
            if !finding.stops.isEmpty || !rows.isEmpty { finding.lineEnd = min(finding.lineEnd, lineEnd) }
            findings[key] = finding
        }
        return findings.keys.sorted { Self.order($0, findings) < Self.order($1, findings) }.compactMap { key in
            let finding = findings[key]!
            guard let message = Self.message(for: finding) else { return nil }
            if key >= 0 { return sourceMap.source.diagnostic(.warning, message, at: key) }
            return sourceMap.diagnostic(.warning, message, atTextOffset: finding.firstTab ?? (-1 - key))
        }
    }

    /// The first tab of each row (paragraph) of `range` whose cells do not all fit on its
    /// first line at `width`: a tab on a later line, or one that ends the first line.
    private func rowsNotFitting(in range: Range<Int>, of text: AttributedText, width: Double, framesetter: Framesetter) -> [Int] {
        var rows: [Int] = []
        var start = range.lowerBound
        while start < range.upperBound {
            let paragraph = text.paragraphRange(containing: start)
            defer { start = paragraph.upperBound }
            let units = text.storage[paragraph]
            guard let firstTab = units.firstIndex(of: Self.tab), let lastTab = units.lastIndex(of: Self.tab) else { continue }
            // A contents entry, a dish and its price: its title wrapping, its number at the end of
            // the title's last line, is how it is set.
            if EntryRow.tab(in: units, style: text.paragraphStyle(at: paragraph.lowerBound)) != nil { continue }
            let container = Container(rect: Rect(x: 0, y: 0, width: width, height: Framesetter.unboundedHeight))
            let lines = framesetter.frame(in: container, from: paragraph.lowerBound, to: paragraph.upperBound).lines
            guard let first = lines.first, lines.count > 1 else { continue }
            let firstLineEnd = first.stringRange.upperBound
            if lastTab >= firstLineEnd || (lastTab + 1 == firstLineEnd && text.storage[firstLineEnd ..< paragraph.upperBound].contains { !Self.isWhiteSpace($0) }) {
                rows.append(firstTab)
            }
        }
        framesetter.cache.forget(before: range.upperBound)
        return rows
    }

    private static func message(for finding: Finding) -> String? {
        guard !finding.stops.isEmpty || finding.rowsNotFitting > 0 else { return nil }
        let end = "(lines end at \(MessagePoints.tenths(finding.lineEnd)) pt)"
        let rows = finding.rowsNotFitting == 1 ? "1 row does" : "\(finding.rowsNotFitting) rows do"
        let wrapped = "\(rows) not fit on one line: the text after a tab that does not fit goes on to the next line"
        guard !finding.stops.isEmpty else {
            return "the cells of a tab table do not fit the column \(end); \(wrapped)"
        }
        let stops = finding.stops.sorted().map { "\(MessagePoints.tenths($0)) pt" }.joined(separator: ", ")
        let which = finding.stops.count == 1 ? "tab stop \(stops) is" : "tab stops \(stops) are"
        let past = "\(which) past the end of the column \(end); the text there ends at the column's end"
        return finding.rowsNotFitting == 0 ? past : "\(past), and \(wrapped)"
    }

    /// Warnings in the order of the markup: a value's offset, or a row's first tab.
    private static func order(_ key: Int, _ findings: [Int: Finding]) -> Int {
        key >= 0 ? key : Int.max / 2 + (findings[key]?.firstTab ?? 0)
    }

    private static func isWhiteSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == tab || AttributedText.isParagraphEnd(unit)
    }

    private static let tab: UInt16 = 0x09
    /// A stop this little past the end counts as at it (a width in millimetres, rounded).
    private static let tolerance = 0.01
}
