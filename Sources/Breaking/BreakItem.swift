/// Knuth and Plass's material: boxes (what is set), glue (space that stretches and shrinks)
/// and penalties (places to break, at a cost).
public struct BreakItem: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case box, glue, penalty
    }

    public var kind: Kind
    public var width: Double
    public var stretch: Double
    public var shrink: Double
    /// The cost of breaking here (penalties only); `.infinity` forbids, `-.infinity` forces.
    public var penalty: Double
    /// A hyphen: two flagged breaks in a row cost extra.
    public var flagged: Bool
    /// Where the next line starts in the text when the break is taken here.
    public var offset: Int

    public static func box(_ width: Double, offset: Int) -> BreakItem {
        BreakItem(kind: .box, width: width, stretch: 0, shrink: 0, penalty: 0, flagged: false, offset: offset)
    }

    public static func glue(_ width: Double, stretch: Double, shrink: Double, offset: Int) -> BreakItem {
        BreakItem(kind: .glue, width: width, stretch: stretch, shrink: shrink, penalty: 0, flagged: false, offset: offset)
    }

    /// A possible break; `lineEndStretch` is how much short of its measure a line ending or
    /// starting here may be, once its spaces give all they can, without counting as looser (a
    /// ragged end, as at a break inside a URL; see `KnuthPlassLineBreaker.stretchRatio`).
    public static func penalty(_ penalty: Double, width: Double = 0, flagged: Bool = false, lineEndStretch: Double = 0,
                               offset: Int) -> BreakItem {
        BreakItem(kind: .penalty, width: width, stretch: lineEndStretch, shrink: 0, penalty: penalty, flagged: flagged, offset: offset)
    }
}

/// The costs that decide between settings, with TeX's defaults.
public struct KnuthPlassParameters: Sendable {
    /// Largest badness (100 × ratio³) a line may have; TeX's \tolerance.
    public var tolerance: Double = 200
    /// Added to every line's badness: fewer lines are better (\linepenalty).
    public var linePenalty: Double = 10
    /// Two hyphenated lines in a row (\doublehyphendemerits).
    public var doubleHyphenDemerits: Double = 10_000
    /// A hyphen on the next-to-last line (\finalhyphendemerits).
    public var finalHyphenDemerits: Double = 5_000
    /// A very loose line next to a tight one (\adjdemerits).
    public var adjacentFitnessDemerits: Double = 10_000
    /// Stretch every line has at its end: 0 for justified text, about 2 em for ragged text.
    public var lineEndStretch: Double = 0
    /// Extra stretch allowed when nothing else works (\emergencystretch).
    public var emergencyStretch: Double = 0
    /// Lines more (positive) or fewer (negative) than the optimum (\looseness).
    public var looseness: Int = 0
    /// Most lines in a row that may end in a flagged break, a hyphen (0: no limit). A setting
    /// with more is not taken, however cheap.
    public var consecutiveHyphenLimit: Int = 0
    /// The line (from 0) that must not end in a flagged break: the last line of a column,
    /// which a reader should not have to carry a broken word from (TeX's \brokenpenalty, as
    /// a rule). Nil: none.
    public var unhyphenatedLine: Int? = nil

    public init() {}
}
