import Diagnostics
import Markup
import Pages
import Text

/// Finds the tab stops set past the end of a column they are used in. Layout ends the text of
/// such a stop at the line's end (TabLayout), which is seldom what the stop's author meant, so
/// a warning at the `tabs` value that set it says so: one per value, naming its stops past the
/// end of the narrowest column where a paragraph with a tab uses them. Checked here, before
/// layout, from the page's geometry, rather than in the line loop: trial layouts set lines
/// many times and keep no diagnostics, and the column's width is known without setting a line.
/// Paragraphs of figures and asides are left out: a box's width depends on its picture and
/// placement, and their stops are still clamped.
struct TabStopCheck {
    var page: PageTemplate

    /// The stops of one `tabs` value found past a column's end, and the narrowest line end.
    private struct Overrun {
        var stops: [Double] = []
        var lineEnd = Double.infinity
    }

    func check(_ text: AttributedText, source: MarkupSource) -> [Diagnostic] {
        var overruns: [Int: Overrun] = [:]
        let runs = text.paragraphStyleRuns
        for index in 0 ..< runs.runCount {
            let style = runs.value(ofRun: index)
            guard style.box == nil, style.tabStops.contains(where: { $0.sourceOffset != nil && $0.location.isFinite }) else { continue }
            let lineEnd = page.columnWidth(of: style.section) - style.tailIndent
            let past = style.tabStops.filter { $0.sourceOffset != nil && $0.location.isFinite && $0.location > lineEnd + TabStopCheck.tolerance }
            guard !past.isEmpty, text.storage[runs.range(ofRun: index)].contains(Self.tab) else { continue }
            for stop in past {
                guard let offset = stop.sourceOffset else { continue }
                var overrun = overruns[offset] ?? Overrun()
                if !overrun.stops.contains(stop.location) { overrun.stops.append(stop.location) }
                overrun.lineEnd = min(overrun.lineEnd, lineEnd)
                overruns[offset] = overrun
            }
        }
        return overruns.keys.sorted().map { offset in
            let overrun = overruns[offset]!
            let stops = overrun.stops.sorted().map { "\(Self.format($0)) pt" }.joined(separator: ", ")
            let which = overrun.stops.count == 1 ? "tab stop \(stops) is" : "tab stops \(stops) are"
            return source.diagnostic(.warning, "\(which) past the end of the column (lines end at \(Self.format(overrun.lineEnd)) pt); "
                                     + "the text there ends at the column's end", at: offset)
        }
    }

    private static let tab: UInt16 = 0x09
    /// A stop this little past the end counts as at it (a width in millimetres, rounded).
    private static let tolerance = 0.01

    /// A position for a message: to a tenth of a point, without a trailing ".0".
    private static func format(_ points: Double) -> String {
        let tenths = (points * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}
