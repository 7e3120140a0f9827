/// How far ink reaches above and below a baseline, in points (`-infinity` for none): a bound
/// on a paragraph's lines, found once when it is prepared, which tells `LineSkip` that two
/// lines cannot print on each other without its looking at their glyphs.
struct InkReach {
    var above: Double
    var below: Double

    static let none = InkReach(above: -.infinity, below: -.infinity)

    mutating func add(above: Double, below: Double) {
        self.above = max(self.above, above)
        self.below = max(self.below, below)
    }
}
