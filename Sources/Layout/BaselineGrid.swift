/// Evenly spaced lines that every baseline sits on (`--baseline-grid`), so that lines in
/// adjacent columns line up. Measured from the page's text area, not the container's, so that
/// every column and band on a page shares it: a band starting mid-page starts on a grid line.
public struct BaselineGrid: Hashable, Sendable {
    /// Where the grid is counted from: grid lines lie `step`, 2 × `step`, … below it.
    public var origin: Double
    public var step: Double

    public init(origin: Double, step: Double) {
        self.origin = origin
        self.step = step
    }

    /// The first grid line at or below `y` (within a thousandth of a point, so that a
    /// baseline already on the grid stays there despite rounding).
    public func snap(_ y: Double) -> Double {
        origin + (((y - origin) / step) - 1e-6).rounded(.up) * step
    }
}
