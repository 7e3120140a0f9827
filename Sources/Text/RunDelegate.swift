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

extension RunDelegate {
    /// Half a point of slack: a picture sized to its measure in whole points still fits it.
    public static let fittingSlack = 0.5

    /// The factor that scales a picture `width` wide to fit `measure`: 1 when it fits already.
    public static func scale(ofWidth width: Double, toFit measure: Double) -> Double {
        width <= measure + fittingSlack ? 1 : max(0, measure) / width
    }

    /// The picture's size scaled by `factor`, proportions kept.
    public func scaled(by factor: Double) -> RunDelegate {
        RunDelegate(ascent: ascent * factor, descent: descent * factor, width: width * factor)
    }
}
