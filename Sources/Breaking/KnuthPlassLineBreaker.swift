import Foundation

/// Total-fit line breaking (Knuth & Plass, "Breaking Paragraphs into Lines", 1981): of all
/// ways to break a paragraph, the one with the least total demerits, where a line's demerits
/// grow with the cube of how far its spaces stretch or shrink, with penalties for hyphens,
/// and with a cost for a loose line next to a tight one.
public struct KnuthPlassLineBreaker: Sendable {
    public var parameters: KnuthPlassParameters


    public init(parameters: KnuthPlassParameters = KnuthPlassParameters()) {
        self.parameters = parameters
    }

    /// A break and the line ending at it, as chosen.
    public struct Break: Equatable, Sendable {
        /// Index of the item broken at.
        public var item: Int
        /// How far the line's glue stretches (positive) or shrinks (negative), as a ratio of
        /// what it gives by its own stretch and shrink: past 1, the line is looser than its
        /// justification ranges, however much emergency stretch rated it.
        public var ratio: Double
    }

    /// How far a line may be longer (or shorter) than its measure and still be as wide as it:
    /// the rounding of widths summed in floating point, as a line's length is (from running
    /// totals) and as its measure may be (a table cell's, from where its column stands). TeX sums
    /// in integer scaled points and has none; here a word or a decimal cell measured as exactly
    /// as wide as its cell came out 1e-14 pt over it, had no shrink to take it up and was
    /// hyphenated or broken ("Of cof-/fee?") in one place and not in another (fuzz seeds 1724,
    /// 2726, 3294, 3332, 3699, 11277, 12866, 13138, 14228, 15004). A millionth of a point is far
    /// below any difference ink can show; the first-fit breaker allows as much.
    static let widthTolerance = 1e-6

    /// Sums of widths, stretch and shrink from the start of the paragraph.
    private struct Totals {
        var width = 0.0, stretch = 0.0, shrink = 0.0
    }

    /// A break and the best line to it. Nodes are values in one array a search fills (its
    /// arena), linked by index: no object is allocated, counted and freed per node.
    private struct Node {
        var item: Int
        var line: Int
        var fitness: Int
        var totals: Totals
        var demerits: Double
        /// How far the line to this break stretches or shrinks, as rated (with any emergency stretch).
        var ratio: Double
        /// Lines in a row ending in a flagged break, this one's included (0 when it ends otherwise).
        var hyphens: Int
        /// The node the line starts at, by its index in the arena; -1 for the paragraph's start.
        var previous: Int
    }

    /// Every node a search made, and the indices of those still active.
    private struct SearchResult {
        var nodes: [Node]
        var active: [Int]
    }

    /// How much work a search took: what bounds it is the number of items it is given.
    public struct Effort: Equatable, Sendable {
        /// Items searched.
        public var items = 0
        /// Nodes made (a break and the best line to it, per fitness class).
        public var nodesMade = 0
        /// Most nodes active at once.
        public var mostActive = 0
        /// Active nodes tried as the start of a line, at every legal break.
        public var startsTried = 0
        /// Lines measured and rated: one for all the nodes a break made that start lines as wide.
        public var linesRated = 0

        public init() {}

        /// The larger of each count.
        public mutating func include(_ other: Effort) {
            items = max(items, other.items)
            nodesMade = max(nodesMade, other.nodesMade)
            mostActive = max(mostActive, other.mostActive)
            startsTried = max(startsTried, other.startsTried)
            linesRated = max(linesRated, other.linesRated)
        }
    }

    /// The breaks of the best setting (the last one ends the paragraph), or nil when no
    /// setting keeps every line within the tolerance. Line `n` (from 0) may be `lineWidth(n)` wide.
    /// The items must end with a forced break.
    public func breaks(_ items: [BreakItem], lineWidth: (Int) -> Double) -> [Break]? {
        var effort = Effort()
        return breaks(items, lineWidth: lineWidth, effort: &effort)
    }

    /// The same, counting the work into `effort`.
    public func breaks(_ items: [BreakItem], lineWidth: (Int) -> Double, effort: inout Effort) -> [Break]? {
        guard !items.isEmpty else { return [] }
        guard let found = search(items, lineWidth: lineWidth, effort: &effort) else { return nil }
        let p = parameters
        let nodes = found.nodes
        let finals = found.active.filter { nodes[$0].item == items.count - 1 }
        guard var best = finals.min(by: { nodes[$0].demerits < nodes[$1].demerits }) else { return nil }
        if p.looseness != 0 {
            let wanted = nodes[best].line + p.looseness
            best = finals.min { a, b in
                let da = abs(nodes[a].line - wanted), db = abs(nodes[b].line - wanted)
                return da != db ? da < db : nodes[a].demerits < nodes[b].demerits
            } ?? best
        }
        return path(to: best, in: nodes, items: items, lineWidth: lineWidth)
    }

    /// The breaks of the cheapest setting of the start of a paragraph too long to search whole:
    /// `items` stop anywhere (no forced break ends them). Of the settings still open where they
    /// stop, the one with the least demerits; its last lines are only as good as the material
    /// seen, so a caller keeps the first ones and searches again from the last it keeps.
    /// Nil when no setting keeps every line within the tolerance; empty when the items do not
    /// fill a line.
    public func windowBreaks(_ items: [BreakItem], lineWidth: (Int) -> Double, effort: inout Effort) -> [Break]? {
        guard let found = search(items, lineWidth: lineWidth, effort: &effort) else { return nil }
        let nodes = found.nodes
        guard let best = found.active.filter({ nodes[$0].item >= 0 }).min(by: { nodes[$0].demerits < nodes[$1].demerits }) else {
            return []
        }
        return path(to: best, in: nodes, items: items, lineWidth: lineWidth)
    }

    /// The nodes still active after the last item, or nil when none is left (no setting fits).
    private func search(_ items: [BreakItem], lineWidth: (Int) -> Double, effort: inout Effort) -> SearchResult? {
        var nodes = [Node(item: -1, line: 0, fitness: 1, totals: Totals(), demerits: 0, ratio: 0, hyphens: 0, previous: -1)]
        nodes.reserveCapacity(items.count / 2 + 4)
        var active = [0]
        // Not `init(repeating:count:)`: see BreakOpportunities.find.
        var candidates = Array(repeatElement(Candidate?.none, count: 4 * hyphenRunSlots))
        var sum = Totals()
        effort.items = max(effort.items, items.count)
        var made = 1, tried = 0, rated = 0

        for index in items.indices {
            let item = items[index]
            let isLegal: Bool
            switch item.kind {
            case .box: isLegal = false
            case .glue: isLegal = index > 0 && items[index - 1].kind == .box
            case .penalty: isLegal = item.penalty < .infinity
            }
            if isLegal {
                let before = active.count
                tried += before
                made += consider(index, items: items, nodes: &nodes, active: &active, candidates: &candidates, sum: sum,
                                 lineWidth: lineWidth, rated: &rated)
                if active.isEmpty { return nil }
                effort.mostActive = max(effort.mostActive, active.count, before)
            }
            if item.kind != .penalty {
                sum.width += item.width
                sum.stretch += item.stretch
                sum.shrink += item.shrink
            }
        }
        effort.nodesMade = max(effort.nodesMade, made)
        effort.startsTried = max(effort.startsTried, tried)
        effort.linesRated = max(effort.linesRated, rated)
        return SearchResult(nodes: nodes, active: active)
    }

    /// The breaks of the lines from the paragraph's start to `node`, each with its line's own
    /// ratio (see `Break.ratio`).
    private func path(to node: Int, in nodes: [Node], items: [BreakItem], lineWidth: (Int) -> Double) -> [Break] {
        var chosen: [Int] = []
        var index = node
        while index >= 0, nodes[index].item >= 0 {
            chosen.append(index)
            index = nodes[index].previous
        }
        chosen.reverse()
        let p = parameters
        guard p.emergencyStretch > 0 else { return chosen.map { Break(item: nodes[$0].item, ratio: nodes[$0].ratio) } }
        // A loose line was rated against the emergency stretch too; its own ratio is worked out
        // again for the lines chosen, not for every line rated (that cost the search 13 % more).
        // The sums are the search's, added in the same order: the same bits.
        var sum = Totals(), summed = 0
        return chosen.map { nodeIndex in
            let node = nodes[nodeIndex]
            while summed < node.item {
                let item = items[summed]
                if item.kind != .penalty {
                    sum.width += item.width
                    sum.stretch += item.stretch
                    sum.shrink += item.shrink
                }
                summed += 1
            }
            guard node.ratio > 0 else { return Break(item: node.item, ratio: node.ratio) }
            let start = nodes[node.previous]
            return Break(item: node.item, ratio: LineToBreak.ownStretchRatio(from: start, width: lineWidth(start.line), to: node.item,
                                                                             item: items[node.item], items: items, sum: sum,
                                                                             parameters: p))
        }
    }

    /// The best way found to end a line at the current break, for one fitness class and one
    /// count of hyphenated lines in a row.
    private typealias Candidate = (demerits: Double, node: Int, ratio: Double, hyphens: Int)

    /// How many counts of hyphenated lines in a row a break keeps a node for. Under a limit, a
    /// node ending a run of two hyphens does not dominate a dearer one ending none: only the
    /// second may be followed by more hyphens. So each break keeps the best node per fitness
    /// class and per count, 0 to the limit — at most 4 × (limit + 1) nodes, and the search
    /// stays linear in the items; of those, one with more hyphens in a row is kept only when it
    /// is cheaper than every one with fewer (which could otherwise do all it does). Without a limit the count changes nothing and one node per
    /// class is kept, as Knuth and Plass do.
    private var hyphenRunSlots: Int { parameters.consecutiveHyphenLimit > 0 ? parameters.consecutiveHyphenLimit + 1 : 1 }

    /// Tries every active node as the start of a line ending at `index`: nodes that can no
    /// longer start a line are dropped from `active` and the best new ones added, in place
    /// (this runs at every legal break of every paragraph). Returns how many candidates it
    /// found (the nodes it made, and those a cheaper one with fewer hyphens made needless), and
    /// counts the lines it rated into `rated`.
    ///
    /// The nodes a break made are next to each other in `active` (each break appends its own,
    /// and dropping keeps the order), have the same totals and differ only in line, fitness,
    /// hyphens and demerits: their line to `index` is the same line whenever their lines are
    /// as wide, so it is measured and rated once for the run of them (`LineToBreak`), and
    /// each node adds only what is its own. Same sums in the same order: the same breaks.
    /// - Parameter candidates: all nil, and left so: each is emptied as it is read, rather
    ///   than all of them cleared and searched at every break.
    private func consider(_ index: Int, items: [BreakItem], nodes: inout [Node], active: inout [Int], candidates: inout [Candidate?],
                          sum: Totals, lineWidth: (Int) -> Double, rated: inout Int) -> Int {
        let p = parameters
        let item = items[index]
        let isForced = item.kind == .penalty && item.penalty == -.infinity
        var recorded = false
        var kept = 0
        var line = LineToBreak(start: -2, width: .nan)
        var widthLine = -1, width = 0.0
        // Read and written through buffers: the loop runs for every active node at every break,
        // and the arrays' checks of uniqueness and bounds were a third of its instructions.
        nodes.withUnsafeBufferPointer { nodes in
            active.withUnsafeMutableBufferPointer { active in
                candidates.withUnsafeMutableBufferPointer { candidates in
                    for position in active.indices {
                        let nodeIndex = active[position]
                        let node = nodes[nodeIndex]
                        if node.line != widthLine {
                            widthLine = node.line
                            width = lineWidth(widthLine)
                        }
                        if node.item != line.start || !(width == line.width) {
                            line = LineToBreak(from: node, width: width, to: index, item: item, items: items, sum: sum, parameters: p)
                            rated += 1
                        }
                        // A line that is too long now is too long for every later break as well.
                        if line.ratio < -1 || isForced {
                            if line.ratio >= -1, record(candidates, node: node, at: nodeIndex, line: line, item: item) { recorded = true }
                            continue
                        }
                        active[kept] = nodeIndex
                        kept += 1
                        if line.isWithinTolerance, record(candidates, node: node, at: nodeIndex, line: line, item: item) {
                            recorded = true
                        }
                    }
                }
            }
        }
        active.removeLast(active.count - kept)
        guard recorded else { return 0 }
        // The totals after the break skip the glue and penalties a new line would discard.
        var after = sum
        var next = index
        while next < items.count {
            let skipped = items[next]
            if skipped.kind == .box { break }
            if next > index, skipped.kind == .penalty, skipped.penalty == -.infinity { break }
            if skipped.kind == .glue {
                after.width += skipped.width
                after.stretch += skipped.stretch
                after.shrink += skipped.shrink
            }
            next += 1
        }
        var cheapestInClass = Double.infinity
        var found = 0
        for slot in candidates.indices {
            if slot % hyphenRunSlots == 0 { cheapestInClass = .infinity }
            guard let candidate = candidates[slot] else { continue }
            candidates[slot] = nil
            found += 1
            // Fewer hyphens in a row and no more demerits: the node with more is never better.
            guard candidate.demerits < cheapestInClass else { continue }
            cheapestInClass = candidate.demerits
            active.append(nodes.count)
            nodes.append(Node(item: index, line: nodes[candidate.node].line + 1, fitness: slot / hyphenRunSlots, totals: after,
                              demerits: candidate.demerits, ratio: candidate.ratio, hyphens: candidate.hyphens,
                              previous: candidate.node))
        }
        return found
    }

    /// A line from one break to the one being considered, as wide as `width`: what every node
    /// at its start shares — how far it stretches, its fitness class and the demerits of the
    /// line itself (the break's penalty and the hyphens' costs that depend on its two ends).
    private struct LineToBreak {
        /// The item the line starts after (-1: the paragraph's start; -2: none yet).
        var start: Int
        var width: Double
        var ratio = 0.0
        var isWithinTolerance = false
        var fitness = 0
        /// The line's demerits before the fitness change and the demerits of the line before.
        var demerits = 0.0

        init(start: Int, width: Double) {
            self.start = start
            self.width = width
        }

        init(from node: Node, width: Double, to index: Int, item: BreakItem, items: [BreakItem], sum: Totals,
             parameters p: KnuthPlassParameters) {
            start = node.item
            self.width = width
            let (length, stretch, shrink) = Self.measure(from: node, to: item, sum: sum, parameters: p)
            if length < width - KnuthPlassLineBreaker.widthTolerance {
                ratio = KnuthPlassLineBreaker.stretchRatio(slack: width - length, stretch: stretch, available: stretch + p.emergencyStretch,
                                                           raggedEnd: KnuthPlassLineBreaker.raggedEnd(ofLineFrom: node.item, to: index, in: items))
            } else if length > width + KnuthPlassLineBreaker.widthTolerance {
                ratio = shrink > 0 ? (width - length) / shrink : -.infinity
            }
            guard ratio >= -1 else { return }
            let cube = 100 * abs(ratio * ratio * ratio)
            isWithinTolerance = !ratio.isInfinite && cube <= p.tolerance
            let badness = min(10_000, cube)
            demerits = (p.linePenalty + badness) * (p.linePenalty + badness)
            if item.kind == .penalty, item.penalty > 0 {
                demerits += item.penalty * item.penalty
            } else if item.kind == .penalty, item.penalty > -.infinity {
                demerits -= item.penalty * item.penalty
            }
            let previousFlagged = node.item >= 0 && items[node.item].flagged
            if item.flagged, previousFlagged { demerits += p.doubleHyphenDemerits }
            // A hyphen on the line before the last one.
            if previousFlagged, item.kind == .penalty, item.penalty == -.infinity { demerits += p.finalHyphenDemerits }
            if ratio < -0.5 { fitness = 0 } else if ratio <= 0.5 { fitness = 1 } else if ratio <= 1 { fitness = 2 } else { fitness = 3 }
        }

        /// The natural length of the line from `node` to `item`, and its glue's stretch and shrink.
        @inline(__always)
        private static func measure(from node: Node, to item: BreakItem, sum: Totals,
                                    parameters p: KnuthPlassParameters) -> (length: Double, stretch: Double, shrink: Double) {
            var length = sum.width - node.totals.width
            if item.kind == .penalty { length += item.width }
            return (length, sum.stretch - node.totals.stretch + p.lineEndStretch, sum.shrink - node.totals.shrink)
        }

        /// How far a line short of its measure stretches by its own glue, without the emergency
        /// stretch it was rated with: past 1, looser than its justification ranges.
        static func ownStretchRatio(from node: Node, width: Double, to index: Int, item: BreakItem, items: [BreakItem], sum: Totals,
                                    parameters p: KnuthPlassParameters) -> Double {
            let (length, stretch, _) = measure(from: node, to: item, sum: sum, parameters: p)
            return KnuthPlassLineBreaker.stretchRatio(slack: width - length, stretch: stretch, available: stretch,
                                                      raggedEnd: KnuthPlassLineBreaker.raggedEnd(ofLineFrom: node.item, to: index, in: items))
        }
    }

    /// How short a line from the break at `start` (-1: the paragraph's start) to the one at
    /// `end` may end: the stretch of either penalty (a line begun or ended inside a URL).
    static func raggedEnd(ofLineFrom start: Int, to end: Int, in items: [BreakItem]) -> Double {
        let ending = items[end].kind == .penalty ? items[end].stretch : 0
        guard start >= 0, items[start].kind == .penalty else { return ending }
        return max(ending, items[start].stretch)
    }

    /// How far a line `slack` short of its measure stretches, rated against `available` (its
    /// glue's `stretch`, and the emergency stretch of the last pass). A line that may end ragged
    /// by up to `raggedEnd` (a penalty's stretch) lets its glue give up to all it can and leaves
    /// the rest blank — a line with no glue at all is then simply short — and only the slack
    /// beyond its glue and ragged end together stretches the glue further. That line is both
    /// short and spaced out, and is rated against its glue's own stretch, as in the passes
    /// before the last: its ragged end was its emergency room. Rated against the emergency
    /// stretch too, "land surface, which available at" (6 pt spaces, 60 pt blank) cost less
    /// than breaking the address after its `https://`.
    static func stretchRatio(slack: Double, stretch: Double, available: Double, raggedEnd: Double) -> Double {
        if raggedEnd > 0, slack > stretch + raggedEnd, stretch > 0 { return (slack - raggedEnd) / stretch }
        var stretched = slack
        if raggedEnd > 0, slack > stretch { stretched = slack <= stretch + raggedEnd ? stretch : slack - raggedEnd }
        guard available > 0 else { return stretched > 0 ? .infinity : 0 }
        return stretched / available
    }

    /// Keeps `line`, from `node` (at `nodeIndex` in the arena) to `item`, if it is the best so
    /// far for its fitness class and count of hyphens in a row; whether it did.
    @inline(__always)
    private func record(_ candidates: UnsafeMutableBufferPointer<Candidate?>, node: Node, at nodeIndex: Int, line: LineToBreak,
                        item: BreakItem) -> Bool {
        let p = parameters
        let hyphens = item.flagged ? node.hyphens + 1 : 0
        if p.consecutiveHyphenLimit > 0, hyphens > p.consecutiveHyphenLimit { return false }
        if item.flagged, node.line == p.unhyphenatedLine { return false }
        var demerits = line.demerits
        if abs(line.fitness - node.fitness) > 1 { demerits += p.adjacentFitnessDemerits }
        demerits += node.demerits
        let slot = line.fitness * hyphenRunSlots + (hyphenRunSlots > 1 ? hyphens : 0)
        if let current = candidates[slot], current.demerits <= demerits { return false }
        candidates[slot] = (demerits, nodeIndex, line.ratio, hyphens)
        return true
    }
}
