import Layout
import Render
import Text

/// "No empty band inside a paragraph": two lines of one paragraph drawn one after the other
/// in one area are no further apart than the paragraph's line pitch allows — its fixed line
/// height, or else the two lines' bands' boxes touching (lines side by side on one baseline,
/// beside an exclusion or a float, are one band: set on the baseline its highest box needs,
/// followed below its deepest, as `BandMetrics` in Layout sets them); further where the
/// line's ink would reach into the ink above it (larger text than the fixed pitch, a drop
/// cap's tail), as far as keeps them apart (TeX's `\lineskip`, `LineSkip` in Layout) — moved
/// onto the baseline grid, unless something between them explains the gap: a picture or a
/// box drawn across it, or an obstacle of the area (an exclusion) beside it. A line that draws
/// its drop cap's initial alone (no room beside it) is followed where the paragraph's line
/// N + 1 would be, N pitches down; the lines beside an initial keep the pitch (its ink is what
/// the line after its last keeps clear of, not a reason to leave one beside it empty). Lines in a shaped area or one with exclusions move down a
/// step at a time where a band has no room, so there only a picture or a box explains a gap too.
///
/// On a baseline grid the same holds between paragraphs: a paragraph's first line is no further
/// below the last line of the one before than the space between them and its own pitch from
/// the baseline before (or its ascent below the descent above, where the boxes are not closer
/// still) put it, rounded up to the grid (`GridLeading` in Layout). A heading on 13.2 pt after
/// text on 16 pt lines, 16 pt of space before it on a 16 pt grid, was set 48 pt down, measured
/// box to box, where 32 pt holds it.
struct ParagraphGapCheck {
    /// How much further apart than the pitch two lines may be: positions are sums of
    /// heights, and a grid snaps to a whole step (0.5 pt is far under a line).
    static let tolerance = 0.5

    func findings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        var found: [PageFinding] = []
        var previousInArea: [Int: Int] = [:]
        var inkBottomInArea: [Int: Double] = [:]   // the lowest ink of the lines above, in each area
        var initialInArea: [Int: (baseline: Double, pitch: Double, ink: Rect)] = [:]   // the last drop cap's initial, in each area
        let ink = inkReach(on: page)
        let initialInk = initialInks(on: page)
        let initialsAlone = linesDrawingTheirInitialAlone(on: page, text: text)
        let bands = bandReach(on: page)
        var anchorsAloneInArea: [Int: Range<Int>] = [:]   // the line of a float's anchors alone since the last line, in each area
        for (index, line) in page.lines.enumerated() {
            let areaIndex = line.area
            // A line of a float's anchors alone shows nothing and takes no room (the layout's
            // `LineBox.ofAnchorsAlone`): the lines round it are measured from each other.
            if !line.isBox, line.ascent + line.descent + line.leading == 0 {
                anchorsAloneInArea[areaIndex] = line.stringRange
                continue
            }
            let anchorsAlone = anchorsAloneInArea.removeValue(forKey: areaIndex)
            defer {
                previousInArea[areaIndex] = index
                if let bottom = ink[index]?.bottom { inkBottomInArea[areaIndex] = max(inkBottomInArea[areaIndex] ?? bottom, bottom) }
                if let initial = line.initial, let ink = initialInk[index] { initialInArea[areaIndex] = (initial.baseline, initial.pitch, ink) }
            }
            let area = page.areas[areaIndex]
            guard area.kind != .runningHead, !line.isBox, let before = previousInArea[areaIndex] else { continue }
            let above = page.lines[before]
            // One paragraph, the line below going on where the one above ends, on another baseline;
            // on a grid, or the next paragraph's first line (not after a float's anchors alone, whose
            // paragraph's spaces come between, nor after a drop cap's paragraph, which may end
            // beside its initial: what follows goes below the initial).
            let goesOn = anchorsAlone.map { $0.lowerBound == above.stringRange.upperBound && $0.upperBound == line.stringRange.lowerBound }
                ?? (above.stringRange.upperBound == line.stringRange.lowerBound)
            let opensParagraph = above.endsParagraph && area.gridStep != nil && anchorsAlone == nil
                && !text.text.paragraphStyle(at: above.stringRange.lowerBound).dropCap.isOn
            guard !above.isBox, !above.endsParagraph || opensParagraph, goesOn,
                  line.baseline > above.baseline + 0.01 else { continue }
            // The distance between baselines that puts the line's ink just below the ink above: a
            // drop cap's initial's among it where a line a pitch below the one above would no longer
            // be beside it (nearer its baseline than half a pitch: InitialZone.isBeside), or stands
            // beside it and keeps clear of its foot (LineSkip's floor) — not for a line below it
            // after one with room for another beside it: that line was passed over.
            let belowInitialAlone = initialsAlone.contains(before)
            var inkBottom = inkBottomInArea[areaIndex]
            func clearance(below bottom: Double?) -> Double? {
                guard let bottom, let top = ink[index]?.top else { return nil }
                return bottom - above.baseline + (line.baseline - top)
            }
            if let initial = initialInArea[areaIndex] {
                // Where the line comes clear of the lines above: larger text on a fixed pitch
                // moves down past them, and there it may be below the initial (seed 19760: 16 pt
                // text on 12 pt lines beside a four-line initial, its third line moved from
                // beside the initial's last line to under its foot, and down again clear of it).
                let plain = pitch(from: bands[before], to: bands[index], of: line, in: area, text: text,
                                  inkClear: clearance(below: inkBottom), belowInitialAlone: belowInitialAlone)
                let besideIt = ink[index].map { $0.left >= initial.ink.maxX || $0.right <= initial.ink.minX } ?? false
                if belowInitialAlone || besideIt || above.baseline + plain > initial.baseline + initial.pitch / 2 - Self.tolerance {
                    inkBottom = max(inkBottom ?? initial.ink.maxY, initial.ink.maxY)
                }
            }
            let inkClear = clearance(below: inkBottom)
            let allowed = opensParagraph
                ? gridDistance(from: bands[before], to: bands[index], above: above, below: line, in: area, text: text, inkClear: inkClear)
                : pitch(from: bands[before], to: bands[index], of: line, in: area, text: text, inkClear: inkClear,
                        belowInitialAlone: belowInitialAlone)
            let gap = line.baseline - above.baseline
            guard gap > allowed + Self.tolerance else { continue }
            // Below a first line set beside its drop cap's initial, the lines beside the initial go
            // on in the stretch that line's text was set in: only what is drawn there explains
            // lines passed over (a picture floated beside that stretch does not: lines 2 and 3 of
            // a 'T' left empty in the 39 pt between it and the picture).
            let besideInitial = above.initial != nil && !belowInitialAlone ? ink[before] : nil
            let band = besideInitial.map { Rect(x: $0.left, y: above.baseline, width: $0.right - $0.left, height: gap) }
                ?? Rect(x: area.rect.minX, y: above.baseline, width: area.rect.width, height: gap)
            guard !explained(band, on: page, area: area) else { continue }
            found.append(PageFinding(
                page: page.number, kind: .paragraphGap,
                detail: "the line of characters \(line.stringRange) has its baseline \(String(format: "%.1f", gap)) pt below the line "
                    + "before's (y \(String(format: "%.1f", above.baseline))), where \(opensParagraph ? "its space and pitch allow" : "the paragraph's pitch allows") "
                    + "\(String(format: "%.1f", allowed)) pt; nothing drawn in \(PageFinding.describe(band)) explains it",
                character: line.stringRange.lowerBound))
        }
        return found
    }

    /// The distance between the baselines of `line` and the line above, whose bands reach
    /// `bandAbove` and `bandBelow` (`bandReach`), the paragraph asks for: its fixed line height
    /// or the two bands' boxes touching, rounded up to the grid's step, times its drop cap's
    /// lines `belowInitialAlone` (or, when larger, `inkClear`: the distance that keeps the line's
    /// ink clear of the ink above, rounded up too).
    private func pitch(from bandAbove: BandReach, to bandBelow: BandReach, of line: DrawnPage.Line, in area: DrawnPage.Area,
                       text: CheckedText, inkClear: Double?, belowInitialAlone: Bool) -> Double {
        let style = text.text.paragraphStyle(at: line.stringRange.lowerBound)
        var pitch: Double
        if case .fixed(let height) = style.lineHeight {
            pitch = height
        } else {
            pitch = bandAbove.below + bandBelow.above
        }
        let lines = belowInitialAlone ? max(1, style.dropCap.lines) : 1
        return max(onGrid(pitch, in: area) * Double(lines), onGrid(inkClear ?? 0, in: area))
    }

    /// The distance between the baselines of a paragraph's first line `below` and the line
    /// `above`, ending the paragraph before, on a grid: the space between the paragraphs and the
    /// line's pitch (its band's boxes, above and below its baseline), or its ascent below the
    /// descent above where that is more, but no more than the two bands' boxes touching, rounded
    /// up to the grid's step (or, when larger, `inkClear`, rounded up too).
    private func gridDistance(from bandAbove: BandReach, to bandBelow: BandReach, above: DrawnPage.Line, below: DrawnPage.Line,
                              in area: DrawnPage.Area, text: CheckedText, inkClear: Double?) -> Double {
        let space = text.text.paragraphStyle(at: above.stringRange.lowerBound).spaceAfter
            + text.text.paragraphStyle(at: below.stringRange.lowerBound).spaceBefore
        let pitched = max(bandBelow.above + bandBelow.below, bandAbove.descent + bandBelow.ascent)
        return max(onGrid(space + min(bandAbove.below + bandBelow.above, pitched), in: area), onGrid(inkClear ?? 0, in: area))
    }

    /// `distance` rounded up to whole steps of `area`'s grid (unchanged without one).
    private func onGrid(_ distance: Double, in area: DrawnPage.Area) -> Double {
        guard let step = area.gridStep, step > 0 else { return distance }
        return (distance / step - 1e-6).rounded(.up) * step
    }

    /// How far a band's line boxes reach from its baseline: up to the top of the highest
    /// (`leading / 2 + ascent`), down to the foot of the deepest (`descent + leading / 2`); and
    /// its faces, without the leading.
    struct BandReach {
        var above = 0.0, below = 0.0, ascent = 0.0, descent = 0.0
    }

    /// The reach of each line's band, by the line's index: the lines of one area drawn on one
    /// baseline (its stretches beside an exclusion, a float or a drop cap), text lines only.
    private func bandReach(on page: DrawnPage) -> [BandReach] {
        var reach = page.lines.map {
            BandReach(above: $0.leading / 2 + $0.ascent, below: $0.descent + $0.leading / 2, ascent: $0.ascent, descent: $0.descent)
        }
        let textLines = page.lines.indices.filter { !page.lines[$0].isBox }
            .sorted { (page.lines[$0].area, page.lines[$0].baseline) < (page.lines[$1].area, page.lines[$1].baseline) }
        var start = 0
        while start < textLines.count {
            let first = page.lines[textLines[start]]
            var end = start + 1
            while end < textLines.count, page.lines[textLines[end]].area == first.area,
                  page.lines[textLines[end]].baseline - first.baseline < 0.01 { end += 1 }
            let band = textLines[start ..< end]
            let whole = BandReach(above: band.map { reach[$0].above }.max() ?? 0, below: band.map { reach[$0].below }.max() ?? 0,
                                  ascent: band.map { reach[$0].ascent }.max() ?? 0, descent: band.map { reach[$0].descent }.max() ?? 0)
            for index in band { reach[index] = whole }
            start = end
        }
        return reach
    }

    /// The lines that draw their drop cap's initial alone: they open a paragraph with a drop cap,
    /// and all their glyphs show their first character (an initial's are recorded there).
    private func linesDrawingTheirInitialAlone(on page: DrawnPage, text: CheckedText) -> Set<Int> {
        var others: Set<Int> = [], drawing: Set<Int> = []
        for glyph in page.glyphs {
            drawing.insert(glyph.line)
            if glyph.character != page.lines[glyph.line].stringRange.lowerBound { others.insert(glyph.line) }
        }
        return drawing.subtracting(others).filter { index in
            let start = page.lines[index].stringRange.lowerBound
            return page.areas[page.lines[index].area].kind != .runningHead && text.text.paragraphStyle(at: start).dropCap.isOn
                && text.text.paragraphRange(containing: start).lowerBound == start
        }
    }

    /// The top and bottom of each line's ink, by the line's index: its glyphs' and its in-line
    /// pictures' (which the layout's `LineSkip` keeps the next line's ink clear of too).
    private func inkReach(on page: DrawnPage) -> [Int: (top: Double, bottom: Double, left: Double, right: Double)] {
        var reach: [Int: (top: Double, bottom: Double, left: Double, right: Double)] = [:]
        func add(_ ink: Rect, to line: Int) {
            let old = reach[line] ?? (ink.minY, ink.maxY, ink.minX, ink.maxX)
            reach[line] = (min(old.top, ink.minY), max(old.bottom, ink.maxY), min(old.left, ink.minX), max(old.right, ink.maxX))
        }
        for glyph in page.glyphs where !glyph.isInitial { add(glyph.ink, to: glyph.line) }
        for picture in page.pictures { if let line = picture.line { add(picture.rect, to: line) } }
        return reach
    }

    /// The ink of each drop cap's initial, by the index of the line that opens with it (its tail
    /// reaches below its baseline, which the line after its last moves down for).
    private func initialInks(on page: DrawnPage) -> [Int: Rect] {
        var inks: [Int: Rect] = [:]
        for glyph in page.glyphs where glyph.isInitial {
            let old = inks[glyph.line] ?? glyph.ink
            let minX = min(old.minX, glyph.ink.minX), minY = min(old.minY, glyph.ink.minY)
            inks[glyph.line] = Rect(x: minX, y: minY, width: max(old.maxX, glyph.ink.maxX) - minX, height: max(old.maxY, glyph.ink.maxY) - minY)
        }
        return inks
    }

    /// Whether a picture or a box drawn across `band`, or an obstacle of the area beside it,
    /// accounts for the lines' moving down.
    private func explained(_ band: Rect, on page: DrawnPage, area: DrawnPage.Area) -> Bool {
        let drawn = page.pictures.map(\.rect) + page.boxes.map(\.rect) + area.obstacles
        if drawn.contains(where: { $0.intersects(band) }) { return true }
        // A shape's band too narrow for a line is not drawn: nothing else can show it. (Its
        // exclusions do not change that: a picture placed across the page below the shape is one.)
        return area.isShaped
    }
}
