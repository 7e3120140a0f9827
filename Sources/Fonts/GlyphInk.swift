import CHarfBuzz

/// Where a glyph puts ink, from its origin on the baseline, in points, y growing down (as on
/// the page): what a check that nothing is printed outside its frame compares.
public struct GlyphInk: Hashable, Sendable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }
}

extension Font {
    /// The ink box of `glyph` at `size` (outlines, or a colour bitmap's box); nil for a glyph
    /// that draws nothing, such as a space.
    public func ink(of glyph: UInt32, size: Double) -> GlyphInk? {
        guard let units = inks.box(of: glyph, orMeasure: { unscaledInk(of: glyph) }) else { return nil }
        let scale = scale(for: size)
        return GlyphInk(minX: units.minX * scale, minY: units.minY * scale, maxX: units.maxX * scale, maxY: units.maxY * scale)
    }

    /// The ink box at `size` of each of `glyphs` that draws something, told to `body` with its
    /// index: many glyphs for the cost of one look-up's lock.
    public func forEachInk(of glyphs: ArraySlice<UInt32>, size: Double, _ body: (Int, GlyphInk) -> Void) {
        let scale = scale(for: size)
        inks.boxes(of: glyphs, orMeasure: unscaledInk) { index, units in
            body(index, GlyphInk(minX: units.minX * scale, minY: units.minY * scale, maxX: units.maxX * scale, maxY: units.maxY * scale))
        }
    }

    /// The ink box of `glyph` in font units, y down, as HarfBuzz measures it.
    private func unscaledInk(of glyph: UInt32) -> GlyphInk? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(harfBuzzFont, glyph, &extents) != 0, extents.width != 0, extents.height != 0 else { return nil }
        // HarfBuzz's y grows up, from the top bearing down by a negative height.
        let left = Double(extents.x_bearing), right = Double(extents.x_bearing + extents.width)
        let top = Double(extents.y_bearing), bottom = Double(extents.y_bearing + extents.height)
        return GlyphInk(minX: min(left, right), minY: -max(top, bottom), maxX: max(left, right), maxY: -min(top, bottom))
    }
}
