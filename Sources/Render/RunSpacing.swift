import CCairo

/// The spacing a run's glyphs share beyond their widths, which the text layer says once for the
/// run (ISO 32000-1, 9.3.2): the letter spacing every glyph has (`Tc`). A justified line's
/// letters share one spacing, so with it said a line's glyphs need a `TJ` number only at a word
/// space (its stretch) or a kern. In text space units, to four places.
///
/// No word spacing (`Tw`): it applies to the one-byte code 32 only (9.3.3), and the layer's
/// fonts are `/Identity-H`, two bytes a glyph, which every reader decodes (`EmbeddedFontObjects`).
struct RunSpacing: Equatable {
    var letter = 0.0
}

/// Finds a run's `RunSpacing`: the median of its gaps (the space beyond a glyph's width before
/// the next glyph), so that a word space's stretch or a kern is left to a `TJ` number. Its
/// array is kept from run to run.
struct RunSpacingFinder {
    private var gaps: [Double] = []

    /// The spacing of `glyphs` (where the drawer puts them) of `font` at `size`, scaled by
    /// `scale`. A spacing the run has no gap to tell, or one within a hair of `current`'s, is
    /// `current`'s: not written again.
    mutating func spacing(of glyphs: UnsafeBufferPointer<cairo_glyph_t>, in font: EmbeddedFontGlyphs, size: Double, scale: Double,
                          current: RunSpacing) -> RunSpacing {
        guard glyphs.count > 1 else { return current }
        gaps.removeAll(keepingCapacity: true)
        for index in 0 ..< glyphs.count - 1 {
            let glyph = UInt32(glyphs[index].index)
            gaps.append((glyphs[index + 1].x - glyphs[index].x) / scale - font.width(of: glyph) / 1000 * size)
        }
        return RunSpacing(letter: Self.kept(gaps.middleValue(), current: current.letter))
    }

    /// `value` to four places, or `current` when within a hair of it.
    private static func kept(_ value: Double, current: Double) -> Double {
        let rounded = (value * 10000).rounded() / 10000
        return abs(rounded - current) < 0.00005 ? current : rounded
    }
}
