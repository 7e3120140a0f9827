import Text

/// The matches of several rules cut where any of them starts or ends, so that the pieces do
/// not overlap: each piece has the rules that match over it, in the rules' order. One rule's
/// matches never overlap one another, so a rule is over a piece at most once.
struct RulePieces {
    private(set) var ranges: [Range<Int>] = []
    /// For each piece, the indices of the rules over it, ascending.
    private(set) var rules: [[Int]] = []

    init(matches: [[Range<Int>]]) {
        // Where each rule's matches start (+1) and end (−1), swept in order of position.
        var events: [(position: Int, rule: Int, starts: Bool)] = []
        for (rule, ranges) in matches.enumerated() {
            for range in ranges {
                events.append((range.lowerBound, rule, true))
                events.append((range.upperBound, rule, false))
            }
        }
        events.sort { ($0.position, $0.starts ? 1 : 0) < ($1.position, $1.starts ? 1 : 0) }
        var active: [Int] = []
        var index = 0
        while index < events.count {
            let position = events[index].position
            while index < events.count, events[index].position == position {
                let event = events[index]
                let place = active.countOfElements(below: event.rule)
                if event.starts { active.insert(event.rule, at: place) } else { active.remove(at: place) }
                index += 1
            }
            guard index < events.count, !active.isEmpty else { continue }
            let end = events[index].position
            ranges.append(position ..< end)
            rules.append(active)
        }
    }
}
