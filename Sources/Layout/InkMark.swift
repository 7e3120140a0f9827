import Fonts

/// A mark a line prints, on the page: a glyph (its face, size, origin and horizontal scale,
/// from which its outline is found) or a solid box (a picture in the line). Whether two marks
/// print on each other is one rule, which layout keeps (`LineSkip`) and the page checker checks
/// (`InkOverlapCheck`): `overlapDepth`.
public struct InkMark {
    /// The box of its ink, on the page.
    public var box: Rect
    private var glyph: PlacedGlyph?

    private struct PlacedGlyph {
        var font: Font
        var id: UInt32
        var size: Double
        var origin: Point
        var horizontalScale: Double
    }

    /// Glyph `id` of `font` at `size`, its origin at `origin`, drawn `horizontalScale` times as
    /// wide, its ink's box `box`.
    public init(glyph id: UInt32, of font: Font, size: Double, at origin: Point, horizontalScale: Double, box: Rect) {
        self.box = box
        glyph = PlacedGlyph(font: font, id: id, size: size, origin: origin, horizontalScale: horizontalScale)
    }

    /// The same glyph with its ink's box measured; nil for a glyph that draws nothing.
    public init?(glyph id: UInt32, of font: Font, size: Double, at origin: Point, horizontalScale: Double) {
        guard let ink = font.ink(of: id, size: size) else { return nil }
        self.init(glyph: id, of: font, size: size, at: origin, horizontalScale: horizontalScale,
                  box: Rect(x: origin.x + ink.minX * horizontalScale, y: origin.y + ink.minY,
                            width: (ink.maxX - ink.minX) * horizontalScale, height: ink.maxY - ink.minY))
    }

    /// A mark that inks all of `box`.
    public init(solid box: Rect) {
        self.box = box
    }

    /// The mark `distance` lower on the page.
    func moved(down distance: Double) -> InkMark {
        var moved = self
        moved.box.origin.y += distance
        moved.glyph?.origin.y += distance
        return moved
    }

    /// How deep the ink of `a` and `b` overlap where their boxes do: the boxes of each one's
    /// outline inside the boxes' overlap, compared (0 when either has no ink there). An 'Ü'
    /// under a 'p' whose boxes overlap, its dots beside the p's tail, is 0 deep.
    ///
    /// The overlap's edges are the marks' own extremes (the top of a 'b' under a 'q's tail), so
    /// the outlines are looked at in it widened by `edgeSlack`: an extreme lying on the edge is
    /// inside whatever the last bit of its position (seed 5990: a 'b' at y 180.00000000000003
    /// lost its serif's top and measured clear of the 'q' it printed 1.4 pt into at y 180).
    public static func overlapDepth(_ a: InkMark, _ b: InkMark) -> Double {
        let overlap = Rect(x: max(a.box.minX, b.box.minX), y: max(a.box.minY, b.box.minY),
                           width: min(a.box.maxX, b.box.maxX) - max(a.box.minX, b.box.minX),
                           height: min(a.box.maxY, b.box.maxY) - max(a.box.minY, b.box.minY))
        guard overlap.width > 0, overlap.height > 0 else { return 0 }
        let region = Rect(x: overlap.minX - edgeSlack, y: overlap.minY - edgeSlack,
                          width: overlap.width + 2 * edgeSlack, height: overlap.height + 2 * edgeSlack)
        guard let inkA = a.ink(within: region), let inkB = b.ink(within: region) else { return 0 }
        return max(0, inkA.overlapDepth(inkB))
    }

    /// How far past the marks' overlap their outlines are looked at: far above a position's
    /// rounding (10⁻¹⁴ pt), far below any depth that counts (the tolerances are tenths of a point).
    static let edgeSlack = 1e-9

    /// How far below where it is, `start` at least, `self` goes for its ink to clear `above`'s:
    /// the least distance, to a hundredth of a point, at which `overlapDepth` is 0 (at most as
    /// far as their boxes overlap down, where it is 0 for sure).
    func clearance(below above: InkMark, from start: Double = 0) -> Double {
        var clear = above.box.maxY - box.minY
        guard clear > start, Self.overlapDepth(moved(down: start), above) > 0 else { return start }
        var meets = start
        while clear - meets > Self.clearancePrecision {
            let middle = (meets + clear) / 2
            if Self.overlapDepth(moved(down: middle), above) > 0 { meets = middle } else { clear = middle }
        }
        return clear
    }

    static let clearancePrecision = 0.01

    /// The box of the ink inside `region`, a part of its box, or nil where it has none.
    private func ink(within region: Rect) -> Rect? {
        guard let glyph else { return region }
        let scale = glyph.horizontalScale
        let local = GlyphInk(minX: (region.minX - glyph.origin.x) / scale, minY: region.minY - glyph.origin.y,
                             maxX: (region.maxX - glyph.origin.x) / scale, maxY: region.maxY - glyph.origin.y)
        guard let ink = glyph.font.ink(of: glyph.id, size: glyph.size, within: local) else { return nil }
        return Rect(x: glyph.origin.x + ink.minX * scale, y: glyph.origin.y + ink.minY,
                    width: (ink.maxX - ink.minX) * scale, height: ink.maxY - ink.minY)
    }
}
