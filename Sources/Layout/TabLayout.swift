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
///
/// A tab's text never touches or overprints the text before it: it starts at least a word
/// space (`minimumGap`) after it. A left stop closer than that is passed over for the next,
/// as Word and InDesign pass over a stop the text has reached; text ended, centred or
/// aligned on its separator at a stop is moved right, off its stop but in its column. A stop
/// at or past the line's end ends its text at the line's end; when that leaves no room, the
/// text starts a word space on, past the line's end, and the line breaker breaks the line at
/// the tab: the cell goes on to the next line (TabStopCheck warns).
struct TabLayout {
    /// The advance each tab glyph takes, by glyph index.
    private(set) var tabAdvances: [Int: Double] = [:]
    /// The line's width with the tabs so set.
    private(set) var width = 0.0
    /// Whether the text after the line's last tab may give (stretch, shrink, space its
    /// letters) without moving off its stop: true after a left stop, and on a line with no tab.
    private(set) var lastTextMayGive = true
    /// The room of each tab whose stop has a leader, from the text before it to the text after
    /// it, from where the line starts, and the tab's glyph.
    private(set) var leaders: [(from: Double, to: Double, glyph: Int, leader: TabLeader)] = []

    static let tab: UInt16 = 0x09
    /// How far past the line's end a stop may lie and still count as at it: lengths in
    /// millimetres come out a hair over a column's width in points.
    static let endTolerance = 0.01
    /// The least room between a tab's text and the text before it, in ems of the tab's size:
    /// a word space, so that two cells never read as one word ("UnitMembers").
    static let minimumGap = 0.25

    /// - Parameters:
    ///   - startX: where the line starts, from the column's left edge;
    ///   - endX: where it may end (a stop at `TabStop.lineEnd` is there);
    ///   - textFollows: the line goes on past `glyphs` (a list item's marker and tab, measured
    ///     apart from the text after them): a last tab there keeps its word space from the text
    ///     before it, as when that text is measured with it.
    init(paragraph: PreparedParagraph, glyphs: Range<Int>, startX: Double, endX: Double = .infinity, textFollows: Bool = false) {
        var x = startX
        for glyph in glyphs {
            guard paragraph.units[paragraph.clusters[glyph]] == Self.tab else {
                x += paragraph.advances[glyph]
                continue
            }
            var segmentEnd = glyph + 1
            while segmentEnd < glyphs.upperBound, paragraph.units[paragraph.clusters[segmentEnd]] != Self.tab { segmentEnd += 1 }
            let segment = (glyph + 1) ..< segmentEnd
            // A tab with no text after it (the line's end, another tab) has none to keep apart:
            // it goes to the next stop. A marker's last tab has the line's text after it.
            let textAfter = !segment.isEmpty || (textFollows && segmentEnd == glyphs.upperBound)
            let earliest = textAfter ? x + Self.minimumGap * Self.fontSize(of: glyph, in: paragraph) : x
            var stop = paragraph.tabStops.next(after: x, lineEnd: endX)
            if stop.alignment == .left, stop.location < earliest { stop = paragraph.tabStops.next(after: earliest, lineEnd: endX) }
            // An entry row's number goes to the line's end after its leader even when its title
            // wrapped and its last line ends short of an earlier stop ("terrace" before the 36 pt stop).
            if paragraph.clusters[glyph] == paragraph.entryRowTab, let end = paragraph.tabStops.stopAtEnd(ofLineEndingAt: endX) { stop = end }
            let start = max(Self.start(of: segment, at: stop, in: paragraph, lineEnd: endX), earliest)
            tabAdvances[glyph] = start - x
            if let leader = stop.leader, start > x { leaders.append((x - startX, start - startX, glyph, leader)) }
            lastTextMayGive = stop.alignment == .left
            x = start
        }
        width = x - startX
    }

    /// Where the text of `segment` starts at `stop`: a stop at or past the line's end would
    /// print its text into the next column, so whatever its alignment the text ends at the
    /// line's end instead (CheckTabStopsPass warns).
    private static func start(of segment: Range<Int>, at stop: TabStop, in paragraph: PreparedParagraph, lineEnd: Double) -> Double {
        var target: Double
        switch stop.alignment {
        case .left: target = stop.location
        case .right: target = stop.location - advance(of: segment, in: paragraph)
        case .center: target = stop.location - advance(of: segment, in: paragraph) / 2
        case .decimal:
            let separator = stop.decimalSeparator.utf16.first ?? 0x2E
            let beforeSeparator = segment.first { paragraph.units[paragraph.clusters[$0]] == separator } ?? segment.upperBound
            target = stop.location - advance(of: segment.lowerBound ..< beforeSeparator, in: paragraph)
        }
        if stop.location > lineEnd - endTolerance {
            target = min(target, lineEnd - advance(of: segment, in: paragraph))
        }
        return target
    }

    private static func fontSize(of glyph: Int, in paragraph: PreparedParagraph) -> Double {
        paragraph.styleRunIndex(containing: paragraph.clusters[glyph]).map { paragraph.styleRuns[$0].attributes.fontSize } ?? 0
    }

    private static func advance(of glyphs: Range<Int>, in paragraph: PreparedParagraph) -> Double {
        paragraph.prefixAdvance[glyphs.upperBound] - paragraph.prefixAdvance[glyphs.lowerBound]
    }
}
