/// Space reserved in a line for an inline object, as Core Text's CTRunDelegate reports it:
/// the object sits on the baseline, rising `ascent` above it and `descent` below.
public struct RunDelegate: Hashable, Sendable {
    public var ascent: Double
    public var descent: Double
    public var width: Double

    public init(ascent: Double, descent: Double = 0, width: Double) {
        self.ascent = ascent
        self.descent = descent
        self.width = width
    }
}
