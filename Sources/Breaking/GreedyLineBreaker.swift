/// Measures candidate lines for a line breaker.
public protocol LineMeasuring {
    /// Width of the text from `start` to `end` as set on one line, without the white space
    /// that would hang at its end.
    func width(from start: Int, to end: Int) -> Double
    /// Where to cut a word that cannot fit on a line by itself: the farthest offset in
    /// `start + 1 ..< end` at which the text may be cut (a cluster and grapheme boundary: a
    /// ligature or a combining mark stays whole) such that `start ..< offset` fits in
    /// `available`; when not even one character fits, the first such offset; nil when the
    /// word cannot be cut at all. Must not take time proportional to the word's length:
    /// a word may be hundreds of kilobytes long.
    func emergencyBreak(from start: Int, before end: Int, available: Double) -> Int?
}

/// One line's worth of text: where it ends and why.
public struct LineBreak: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// At a break opportunity, the text goes on.
        case opportunity
        /// At a hard break (or the end of the paragraph).
        case mandatory
        /// Inside a word that is wider than the line by itself.
        case forced
        /// Inside a word, at a hyphenation point or soft hyphen: the line ends with a hyphen.
        case hyphenated
    }

    public var end: Int
    public var kind: Kind
    /// How loose the line ending here is, as Knuth–Plass rated it (`KnuthPlassLineBreaker.Break`):
    /// past 1, looser than its justification ranges; 0 for a break not rated. A `Float`: the
    /// break stays 16 bytes, and plans keep many.
    public var ratio: Float

    public init(end: Int, kind: Kind, ratio: Float = 0) {
        self.end = end
        self.kind = kind
        self.ratio = ratio
    }

    /// Two breaks are the same break when they end their lines at the same place the same way:
    /// the ratio rates the line, it does not tell it apart.
    public static func == (left: LineBreak, right: LineBreak) -> Bool {
        left.end == right.end && left.kind == right.kind
    }
}

/// First-fit line filling: each line takes as many words as fit. Knuth–Plass comes later;
/// this is the baseline and the fallback for pathological input.
public struct GreedyLineBreaker: Sendable {
    public init() {}

    /// The end of the line that starts at `start` and may be `available` points wide.
    /// Always makes progress: a line holds at least one cluster.
    public func nextLine(from start: Int, opportunities: BreakOpportunities, available: Double,
                         measure: some LineMeasuring) -> LineBreak {
        var best: LineBreak?
        // First opportunity after `start`; binary search keeps long paragraphs linear overall.
        var index = Self.firstOpportunity(after: start, in: opportunities.offsets)
        while index < opportunities.offsets.count {
            let end = opportunities.offsets[index]
            let fits = measure.width(from: start, to: end) <= available + 1e-9
            if !fits { break }
            let isMandatory = opportunities.mandatory[index] || index == opportunities.offsets.count - 1
            best = LineBreak(end: end, kind: isMandatory ? .mandatory : .opportunity)
            if isMandatory { break }
            index += 1
        }
        if let best { return best }
        // Not even the first word fits: cut it at the last cluster boundary that does,
        // but keep at least one cluster so that the caller always moves on.
        guard index < opportunities.offsets.count else {
            return LineBreak(end: opportunities.offsets.last ?? start, kind: .mandatory)
        }
        let wordEnd = opportunities.offsets[index]
        if let cut = measure.emergencyBreak(from: start, before: wordEnd, available: available) {
            return LineBreak(end: cut, kind: .forced)
        }
        let isMandatory = opportunities.mandatory[index] || index == opportunities.offsets.count - 1
        return LineBreak(end: wordEnd, kind: isMandatory ? .mandatory : .opportunity)
    }

    /// Index of the first offset after `start`.
    public static func firstOpportunity(after start: Int, in offsets: [Int]) -> Int {
        var low = 0, high = offsets.count
        while low < high {
            let mid = (low + high) / 2
            if offsets[mid] <= start { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
