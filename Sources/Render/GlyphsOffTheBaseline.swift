import Layout

extension Line {
    /// Whether a glyph of the line's text stands off its baseline: a raised or lowered run (a
    /// note's mark, `<sup>`, `<sub>`) or a glyph the shaper moved up or down (a mark over a
    /// letter). The text layer writes a `Td` to such a glyph, and pypdf measures a `Td` along
    /// the line by the glyphs' widths and the letter spacing alone, never the word spacing
    /// (`Tw`): the line's word spaces are then written as `TJ` numbers (`PDFTextLayer`), so
    /// that pypdf reads no gap before the glyph ("1887.1", not "1887. 1").
    var hasGlyphsOffItsBaseline: Bool {
        // Asked of every line drawn: the runs are read in place, not copied (a run is a large
        // value), and the glyphs' places, which settle most lines, before the picture.
        for index in runs.indices where runs[index].positions.contains(where: { abs($0.y) > PDFTextLayer.baselineTolerance }) {
            if runs[index].image == nil { return true }
        }
        return false
    }
}
