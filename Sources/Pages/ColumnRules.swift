import Layout
import Text

/// A stretch of rule down the centre of a gutter (`<section column-rule>`), in page
/// coordinates: a vertical line from `top` to `bottom`, `style.width` thick, centred on `x`.
public struct ColumnRule: Hashable, Sendable {
    public var x: Double
    public var top: Double
    public var bottom: Double
    public var style: RuleStyle

    public init(x: Double, top: Double, bottom: Double, style: RuleStyle) {
        self.x = x
        self.top = top
        self.bottom = bottom
        self.style = style
    }
}

/// Where a band's column rules run. A gutter between two columns that both hold lines gets a
/// rule from the top of the higher first line's box to the bottom of the lower last line's
/// box. It separates text from text, so it stops wherever anything the columns' text keeps
/// out of reaches its ink — a picture spanning some of the columns (whose room ends at the
/// next gutter's centre), a page's `<exclusion>`, a box across the gutter, each with its own
/// padding — or a floated picture does, `clearance` above and below it. A float's margin is
/// not an obstacle: a picture in its own column stops short of the gutter's centre, and the
/// rule runs beside it.
enum ColumnRules {
    /// A piece of rule an obstacle cut shorter than this is left out: it would read as a
    /// dash, not as a rule. About a line of body text. (A whole rule beside one line is kept.)
    static let shortestPiece = 12.0
    /// The white kept between a rule's end and an obstacle, beyond the obstacle's own padding:
    /// enough that the rule is seen to stop short of it, not to run into it.
    static let clearance = 3.0
    /// Obstacles are looked for in bands this tall, then their edges found by halving.
    static let searchStep = 2.0

    /// The rules of a band whose columns, left to right, are `frames`.
    static func rules(beside frames: [Frame], style: RuleStyle) -> [ColumnRule] {
        guard frames.count > 1 else { return [] }
        var rules: [ColumnRule] = []
        for (left, right) in zip(frames, frames.dropFirst()) {
            guard let extent = textExtent(of: [left, right]) else { continue }
            let gutter = right.container.rect.minX - left.container.rect.maxX
            let x = left.container.rect.maxX + gutter / 2
            let ink = HorizontalSpan(minX: x - style.width / 2, maxX: x + style.width / 2)
            // A float's margin keeps only its own column's text away: the float itself is the obstacle.
            var obstacles = left.exclusionsBesideFloats
            for exclusion in right.exclusionsBesideFloats where !obstacles.contains(exclusion) { obstacles.append(exclusion) }
            obstacles += (left.floats + right.floats).map { Exclusion(.rectangle($0.rect)) }
            // An obstacle just above or below the text still keeps the rule's ends clear of it.
            let searched = (extent.lowerBound - clearance, extent.upperBound + clearance)
            let blocked = obstacles.flatMap { stretches(of: $0, reaching: ink, from: searched.0, to: searched.1) }
                .map { ($0.lowerBound - clearance) ... ($0.upperBound + clearance) }
            for piece in clear(extent, of: blocked) where piece == extent || piece.upperBound - piece.lowerBound >= shortestPiece {
                rules.append(ColumnRule(x: x, top: piece.lowerBound, bottom: piece.upperBound, style: style))
            }
        }
        return rules
    }

    /// From the top of the highest line's box to the bottom of the lowest's, over the columns;
    /// nil when one of them has no lines.
    private static func textExtent(of frames: [Frame]) -> ClosedRange<Double>? {
        var top = Double.infinity, bottom = -Double.infinity
        for frame in frames {
            guard !frame.lines.isEmpty else { return nil }
            for line in frame.lines {
                top = min(top, line.origin.y - line.ascent)
                bottom = max(bottom, line.origin.y + line.descent)
            }
        }
        return top < bottom ? top ... bottom : nil
    }

    /// The stretches of y between `top` and `bottom` where `obstacle` reaches `ink` (touching
    /// it counts), found in bands of `searchStep` and their ends refined by halving (the spans
    /// a band covers are the union over it, so a band that reaches holds a point that does).
    private static func stretches(of obstacle: Exclusion, reaching ink: HorizontalSpan, from top: Double,
                                  to bottom: Double) -> [ClosedRange<Double>] {
        let bounds = obstacle.shape.bounds
        let low = max(top, bounds.minY - obstacle.padding), high = min(bottom, bounds.maxY + obstacle.padding)
        guard low < high, reaches(obstacle, ink, low, high) else { return [] }
        var found: [ClosedRange<Double>] = []
        var start: Double?
        var y = low
        while y < high {
            let next = min(high, y + searchStep)
            if reaches(obstacle, ink, y, next) {
                if start == nil { start = edge(of: obstacle, ink, from: y, to: next, first: true) }
            } else if let began = start {
                found.append(stretch(began, edge(of: obstacle, ink, from: y - searchStep, to: y, first: false)))
                start = nil
            }
            y = next
        }
        if let began = start {
            found.append(stretch(began, edge(of: obstacle, ink, from: max(low, high - searchStep), to: high, first: false)))
        }
        return found
    }

    /// From `start` to `end`, which halving may leave a hair the wrong way round in a stretch
    /// thinner than its precision.
    private static func stretch(_ start: Double, _ end: Double) -> ClosedRange<Double> {
        min(start, end) ... max(start, end)
    }

    /// Whether the obstacle touches the ink anywhere from `top` to `bottom`. A hundredth of a
    /// point is allowed for rounding: a spanning picture's room ends on the gutter's centre,
    /// computed by another sum than the centre itself.
    private static func reaches(_ obstacle: Exclusion, _ ink: HorizontalSpan, _ top: Double, _ bottom: Double) -> Bool {
        obstacle.coveredSpans(top: top, bottom: bottom).contains { $0.minX <= ink.maxX + 0.01 && $0.maxX >= ink.minX - 0.01 }
    }

    /// Where the obstacle's reach begins (`first`) or ends in a band that reaches, by halving:
    /// the least y from which the band's upper part still reaches, or the greatest y down to
    /// which its lower part does. Each answer errs by a hair outwards, so a stretch is never short.
    private static func edge(of obstacle: Exclusion, _ ink: HorizontalSpan, from top: Double, to bottom: Double,
                             first: Bool) -> Double {
        var (low, high) = (top, bottom)
        for _ in 0 ..< 16 {
            let middle = (low + high) / 2
            let reached = first ? reaches(obstacle, ink, top, middle) : reaches(obstacle, ink, middle, bottom)
            if reached == first { high = middle } else { low = middle }
        }
        return first ? low : high
    }

    /// What is left of `extent` outside every stretch of `blocked`.
    private static func clear(_ extent: ClosedRange<Double>, of blocked: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        var pieces: [ClosedRange<Double>] = []
        var start = extent.lowerBound
        for stretch in blocked.sorted(by: { $0.lowerBound < $1.lowerBound }) where stretch.upperBound > start {
            if stretch.lowerBound > start { pieces.append(start ... min(stretch.lowerBound, extent.upperBound)) }
            start = max(start, stretch.upperBound)
            if start >= extent.upperBound { break }
        }
        if start < extent.upperBound { pieces.append(start ... extent.upperBound) }
        return pieces
    }
}
