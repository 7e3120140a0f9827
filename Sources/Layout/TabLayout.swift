import Foundation
import Text

/// Where a line starts and may end, from its column's left edge (or its fragment's, in a
/// shaped container): tab stops are measured from there, and a stop at `TabStop.lineEnd` is at the end.
struct TabOrigin: Hashable, Sendable {
    var startX: Double
    var endX: Double

    /// A line at the column's edge with no end: how a paragraph is measured out of place.
    static let columnEdge = TabOrigin(startX: 0, endX: .infinity)
}

/// Where tabs take the text of one line. Each tab's advance is chosen so that the text after
/// it (up to the next tab or the line's end) meets the next tab stop as the stop asks: starting
/// at a left stop, ending at a right one, centred on a centre one, or with its decimal
/// separator on a decimal one. Past the paragraph's stops, tabs go to multiples of its
/// default interval.
struct TabLayout {
    /// The advance each tab glyph takes, by glyph index.
    private(set) var tabAdvances: [Int: Double] = [:]
    /// The line's width with the tabs so set.
    private(set) var width = 0.0

    static let tab: UInt16 = 0x09
    /// How far past the line's end a stop may lie and still count as at it: lengths in
    /// millimetres come out a hair over a column's width in points.
    static let endTolerance = 0.01

    /// - Parameters:
    ///   - startX: where the line starts, from the column's left edge;
    ///   - endX: where it may end (a stop at `TabStop.lineEnd` is there).
    init(paragraph: PreparedParagraph, glyphs: Range<Int>, startX: Double, endX: Double = .infinity) {
        var x = startX
        for glyph in glyphs {
            guard paragraph.units[paragraph.clusters[glyph]] == Self.tab else {
                x += paragraph.advances[glyph]
                continue
            }
            var segmentEnd = glyph + 1
            while segmentEnd < glyphs.upperBound, paragraph.units[paragraph.clusters[segmentEnd]] != Self.tab { segmentEnd += 1 }
            let segment = (glyph + 1) ..< segmentEnd
            let stop = Self.nextStop(after: x, in: paragraph.style, lineEnd: endX)
            var target: Double
            switch stop.alignment {
            case .left: target = stop.location
            case .right: target = stop.location - Self.advance(of: segment, in: paragraph)
            case .center: target = stop.location - Self.advance(of: segment, in: paragraph) / 2
            case .decimal:
                let separator = stop.decimalSeparator.utf16.first ?? 0x2E
                let beforeSeparator = segment.first { paragraph.units[paragraph.clusters[$0]] == separator } ?? segment.upperBound
                target = stop.location - Self.advance(of: segment.lowerBound ..< beforeSeparator, in: paragraph)
            }
            // A stop at or past the line's end would print its text into the next column: whatever
            // its alignment, the text ends at the line's end instead (CheckTabStopsPass warns).
            if stop.location > endX - Self.endTolerance {
                target = min(target, endX - Self.advance(of: segment, in: paragraph))
            }
            // Text that would overlap what precedes the tab starts right after it instead.
            let advance = max(0, target - x)
            tabAdvances[glyph] = advance
            x += advance
        }
        width = x - startX
    }

    private static func advance(of glyphs: Range<Int>, in paragraph: PreparedParagraph) -> Double {
        paragraph.prefixAdvance[glyphs.upperBound] - paragraph.prefixAdvance[glyphs.lowerBound]
    }

    static func nextStop(after x: Double, in style: ParagraphStyle, lineEnd: Double = .infinity) -> TabStop {
        let stops = style.tabStops.map { stop -> TabStop in
            var placed = stop
            if stop.location == TabStop.lineEnd { placed.location = lineEnd }
            return placed
        }
        if let stop = stops.filter({ $0.location.isFinite }).sorted(by: { $0.location < $1.location })
            .first(where: { $0.location > x + 0.01 }) {
            return stop
        }
        let interval = style.defaultTabInterval > 0 ? style.defaultTabInterval : 36
        return TabStop(location: (floor((x + 0.01) / interval) + 1) * interval)
    }
}
