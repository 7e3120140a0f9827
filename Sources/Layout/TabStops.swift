import Foundation
import Text

/// A paragraph's tab stops in order of place, sorted once when the paragraph is prepared: each
/// tab finds its stop by a binary search. Sorting them again for every tab made a row of n
/// tabs over n stops cost n² log n (a table of 4,000 tab-stop columns, issue 40).
struct TabStops {
    /// The stops at a fixed place, by place (equal places in the paragraph's order).
    private let placed: [TabStop]
    /// The first stop at the line's end (`TabStop.lineEnd`), which is where the line ends.
    private let atLineEnd: TabStop?
    /// Past the last stop, tabs go to multiples of this.
    private let defaultInterval: Double
    /// Whether a stop has a leader (`leader=.`): a tab that ends the paragraph then stays, to draw it.
    let haveLeader: Bool

    /// How far past `x` a stop must lie to be the next one: a stop the text has just reached
    /// (lengths in millimetres come out a hair off) is not.
    static let reachTolerance = 0.01

    init(_ style: ParagraphStyle) {
        let fixed = style.tabStops.enumerated().filter { $0.element.location.isFinite }
        placed = fixed.sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
        atLineEnd = style.tabStops.first { $0.location == TabStop.lineEnd }
        defaultInterval = style.defaultTabInterval > 0 ? style.defaultTabInterval : 36
        haveLeader = style.tabStops.contains { $0.leader != nil }
    }

    /// The stop at the end of a line that ends at `lineEnd`, placed there; nil when the
    /// paragraph has none or the line no end.
    func stopAtEnd(ofLineEndingAt lineEnd: Double) -> TabStop? {
        guard var end = atLineEnd, lineEnd.isFinite else { return nil }
        end.location = lineEnd
        return end
    }

    /// The first stop past `x` on a line that ends at `lineEnd` (infinite: a line with no end,
    /// where a stop at the line's end is none), or past every stop the next multiple of the
    /// default interval.
    func next(after x: Double, lineEnd: Double = .infinity) -> TabStop {
        let reached = x + Self.reachTolerance
        // The first placed stop past `reached`.
        var low = 0, high = placed.count
        while low < high {
            let middle = (low + high) / 2
            if placed[middle].location > reached { high = middle } else { low = middle + 1 }
        }
        var found = low < placed.count ? placed[low] : nil
        if var end = atLineEnd, lineEnd.isFinite, lineEnd > reached, found.map({ lineEnd < $0.location }) ?? true {
            end.location = lineEnd
            found = end
        }
        return found ?? TabStop(location: (floor(reached / defaultInterval) + 1) * defaultInterval)
    }
}
