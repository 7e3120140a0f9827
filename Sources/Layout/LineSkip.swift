/// TeX's `\lineskip` rule, on ink: lines keep the pitch their line height gives unless a line's
/// text would print into what is above it (the line before, a drop cap's tail, a figure's
/// foot, the frame's top), and then it moves down until it does not (on a grid, by whole grid
/// lines, as the loop snaps it). A fixed pitch smaller than a run's text (`<font size="15">` in
/// 13 pt lines, a 16 pt deck on 11 pt lines, a taller fallback face), or an accent under a
/// descender under tight leading (the dots of an 'Ü' under the tail of a 'y', 11 on 12 pt),
/// would otherwise overprint: InDesign does, TeX and Typst do not, and typeset's pages go to
/// press unseen.
///
/// Against the lines above, glyph by glyph: a line moves only where the outlines of one of its
/// glyphs and of one above it meet (`InkMark.overlapDepth`, the page checker's rule), and only
/// as far as their ink needs. TeX compares whole lines' boxes, and would move an 11/12 line for
/// an 'Ü' anywhere under a 'p' anywhere; a typesetter lets an accent stand beside a descender.
/// Against the floor (the frame's top, a kept box's foot, a drop cap's ink), which runs across
/// the column: by the line's highest ink, where its faces reach past it.
struct LineSkip {
    /// How deep a line's ink may reach into the ink above before it moves: the page checker's
    /// tolerance for ink over ink (half a point, under a pixel at 72 dpi), so that a face a
    /// few hundredths of a point taller (an italic run) or a solid-set paragraph's 'p' over
    /// a 'd' does not push a line onto the next grid line and leave a blank one above it.
    static let tolerance = 0.5

    /// The lines of the band set last, which the next band's text keeps clear of (a line
    /// without runs prints nothing to keep clear of), the lowest baseline of those with runs,
    /// and how far their paragraph's ink reaches at most.
    private var above: [Line] = []
    private var aboveBaseline = -Double.infinity
    private var aboveReach = InkReach.none
    /// What else the next band keeps clear of: the frame's top, a kept box's foot, the ink of a
    /// drop cap from its last line on.
    var floor: Double

    init(floor: Double) {
        self.floor = floor
    }

    /// The baseline for `band`, lines of a paragraph whose ink reaches `reach` at most set on
    /// one baseline proposed at `natural`: `natural`, or lower when their ink would reach into
    /// what is above. The glyphs are looked at only where the reaches say they may meet: a
    /// paragraph on its automatic leading never is.
    func baseline(for band: [Line], natural: Double, reach: InkReach) -> Double {
        let reachTop = natural - reach.above
        var marks: [InkMark]?
        func bandMarks() -> [InkMark] {
            if let marks { return marks }
            let found = band.flatMap { Self.marks(of: $0, baseline: natural) }
            marks = found
            return found
        }
        var needed = natural
        if floor - reachTop > Self.tolerance, natural - (band.map(Self.faceAscent).max() ?? -.infinity) < floor - 1e-9,
           let inkTop = bandMarks().map(\.box.minY).min(), floor - inkTop > Self.tolerance {
            needed = natural + floor - inkTop
        }
        if aboveBaseline + aboveReach.below - reachTop > Self.tolerance, let inkTop = bandMarks().map(\.box.minY).min() {
            needed = max(needed, natural + lowering(of: bandMarks(), top: inkTop))
        }
        return needed
    }

    /// How far `marks` go down for their ink to clear the ink above: 0 unless one of them
    /// would print more than the tolerance deep into a mark above, and then as far as clears
    /// every mark above that its outline meets. `top` is the highest of them.
    private func lowering(of marks: [InkMark], top: Double) -> Double {
        let upper = above.flatMap { Self.marks(of: $0, baseline: $0.origin.y) }
        let bottom = upper.map(\.box.maxY).max() ?? -.infinity
        guard bottom - top > Self.tolerance else { return 0 }
        let reaching = upper.filter { $0.box.maxY > top }
        // Each pair whose boxes overlap, and how far down they do.
        var meeting: [(mark: InkMark, above: InkMark, overlap: Double)] = []
        for mark in marks where mark.box.minY < bottom {
            for other in reaching where mark.box.overlapDepth(other.box) > 0 {
                meeting.append((mark, other, other.box.maxY - mark.box.minY))
            }
        }
        guard meeting.contains(where: { InkMark.overlapDepth($0.mark, $0.above) > Self.tolerance }) else { return 0 }
        // Lowered until every pair is clear at once: a pair clear where it is may meet lower
        // down (the top of a 'V' that stood beside the tail of a 'y' above, inside its curl,
        // moved onto it), so each pass looks at every pair at the lowering found so far, until
        // one moves nothing. The pairs whose boxes overlap deepest first; lowered past a pair's
        // overlap, the pair is clear, so most are looked at once (a line of large text deep
        // in the one above meets hundreds of pairs).
        let deepestFirst = meeting.sorted { $0.overlap > $1.overlap }
        var lowering = 0.0, settled = false
        while !settled {
            settled = true
            for pair in deepestFirst where pair.overlap > lowering {
                let clear = pair.mark.clearance(below: pair.above, from: lowering)
                if clear > lowering {
                    lowering = clear
                    settled = false
                }
            }
        }
        return lowering
    }

    /// The band just set, of a paragraph whose ink reaches `reach` at most, becomes what is
    /// above; a line that holds a box (a figure kept in the column) is a floor at its foot.
    mutating func set(_ band: [Line], reach: InkReach = .none) {
        // The band's own array, not a copy of its lines with runs: a line without runs has no
        // mark (`marks(of:baseline:)`), and the copy was made for every band set, trials too.
        above = band
        aboveBaseline = -.infinity
        for line in band where !line.runs.isEmpty { aboveBaseline = max(aboveBaseline, line.origin.y) }
        aboveReach = reach
        for line in band where line.box != nil { floor = max(floor, line.origin.y) }
    }

    /// What `line`'s runs print with its baseline at `baseline`: each glyph's ink, a picture's box.
    private static func marks(of line: Line, baseline: Double) -> [InkMark] {
        var placed = line
        placed.origin.y = baseline
        var marks: [InkMark] = []
        for run in placed.runs {
            if let picture = placed.pictureRect(of: run) {
                marks.append(InkMark(solid: picture))
                continue
            }
            for (glyph, position) in zip(run.glyphIDs, run.positions) {
                let origin = Point(x: placed.origin.x + position.x, y: baseline + position.y)
                if let mark = InkMark(glyph: glyph, of: run.font, size: run.fontSize, at: origin, horizontalScale: run.horizontalScale) {
                    marks.append(mark)
                }
            }
        }
        return marks
    }

    /// How far `line`'s faces reach above its baseline, a run raised (`baseline`, `<sup>`) as
    /// far further; a picture by its box.
    private static func faceAscent(of line: Line) -> Double {
        line.runs.map { run in
            -(run.typographicBounds().minY + min(0, run.positions.map(\.y).min() ?? 0))
        }.max() ?? -.infinity
    }
}
