/// The room a drop cap's initial takes beside its paragraph's first lines, while the line
/// loop sets them: the stretch of x the lines keep clear of (the initial and the gap on its
/// text side) down to the initial's baseline. It lives in one call of the loop, as a local;
/// the initial itself is recorded on the paragraph's first line.
struct InitialZone {
    /// The start of the paragraph the initial opens.
    var paragraph: Int
    /// What lines keep clear of: the initial, and the gap on the side the text is on.
    var span: HorizontalSpan
    /// The initial's baseline, on the baseline of its last line.
    var baseline: Double
    /// How far down its ink reaches (below `baseline` for a tail): the lines after its last
    /// one keep clear of it.
    var inkBottom: Double
    /// The distance between the paragraph's baselines.
    var pitch: Double
    var rightToLeft: Bool
}

extension InitialZone {
    /// The zone of an initial `width` wide at the start of `measure` (the left end, or the
    /// right one in a right-to-left paragraph), followed by `gap`.
    init(paragraph: Int, opening measure: LineMeasure, width: Double, gap: Double, baseline: Double, pitch: Double,
         rightToLeft: Bool) {
        let start = rightToLeft ? measure.left + measure.available : measure.left
        self.init(paragraph: paragraph,
                  span: rightToLeft ? HorizontalSpan(minX: start - width - gap, maxX: start)
                                    : HorizontalSpan(minX: start, maxX: start + width + gap),
                  baseline: baseline, inkBottom: baseline, pitch: pitch, rightToLeft: rightToLeft)
    }

    /// The zone of the drop cap `initial` recorded on `line`, now that the line is placed.
    init(of initial: DropInitial, on line: Line, paragraph: PreparedParagraph) {
        let left = line.origin.x + initial.bounds.minX, width = initial.bounds.width
        let gap = paragraph.initial?.gap ?? 0
        let rightToLeft = paragraph.bidi.isRightToLeft
        self.init(paragraph: paragraph.range.lowerBound,
                  span: rightToLeft ? HorizontalSpan(minX: left - gap, maxX: left + width)
                                    : HorizontalSpan(minX: left, maxX: left + width + gap),
                  baseline: line.origin.y + initial.bounds.maxY, inkBottom: line.origin.y + initial.inkBottom,
                  pitch: initial.pitch, rightToLeft: rightToLeft)
    }

    /// Whether the initial `line` opens with, if any, is clear of `container`'s exclusions
    /// (floats, boxes across the columns) from its top down to its ink's foot: the lines beside
    /// it move down past one that covers them, but the initial hangs from its first line and
    /// would print over it (seed 8198: a four-line 'T' over a pull quote across the page).
    static func isClear(of line: Line, in container: Container) -> Bool {
        guard let initial = line.initial, !container.exclusions.isEmpty else { return true }
        let left = line.origin.x + initial.bounds.minX, right = left + initial.bounds.width
        let covered = container.exclusions.flatMap {
            $0.coveredSpans(top: line.origin.y + initial.bounds.minY, bottom: line.origin.y + initial.inkBottom)
        }
        return !covered.contains { $0.minX < right && $0.maxX > left }
    }

    /// Where the initial's ink starts, its left end: the zone's, or past the gap right to left.
    func initialLeft(width: Double) -> Double {
        rightToLeft ? span.maxX - width : span.minX
    }

    /// Whether a band whose baseline is expected at `baseline` sets lines beside the initial:
    /// those down to the initial's own baseline (half a pitch spare for rounding).
    func isBeside(baseline other: Double) -> Bool {
        other < baseline + pitch / 2
    }

    /// Where the band after the initial's last line starts, after a band whose line boxes reach
    /// `depth` below its baseline (a paragraph shorter than its initial, or a line holding the
    /// initial alone): where it would start below that band set on the initial's baseline, so
    /// that the next line lands as far below as its own box needs, as below any line. (Counted
    /// from the expected height of the text at the initial, a line mixing a bold run's leading
    /// with the roman's ascent, 0.07 pt taller, went a grid line lower: seed 15047.)
    func nextBandTop(afterDepth depth: Double) -> Double {
        baseline + depth
    }

    /// How wide `span` is on the initial's text side, when it reaches the initial.
    func width(besideItIn span: HorizontalSpan) -> Double {
        rightToLeft ? self.span.minX - span.minX : span.maxX - self.span.maxX
    }

    /// `measure` moved clear of the initial when it overlaps it: the text goes on the initial's
    /// text side. Returns whether it moved.
    @discardableResult
    func clear(_ measure: inout LineMeasure) -> Bool {
        let right = measure.left + measure.available
        guard right > span.minX, measure.left < span.maxX else { return false }
        if rightToLeft {
            measure.available = span.minX - measure.left
        } else {
            measure.available = right - span.maxX
            measure.left = span.maxX
        }
        return true
    }
}
