import Layout

extension Line {
    /// Whether a glyph of the line's text stands off its baseline: a raised or lowered run (a
    /// note's mark, `<sup>`, `<sub>`) or a glyph the shaper moved up or down (a mark over a
    /// letter). The text layer writes a `Td` to such a glyph, and pypdf measures a `Td` along
    /// the line by the glyphs' widths and the letter spacing alone, never the word spacing
    /// (`Tw`): the line's word spaces are then written as `TJ` numbers (`PDFTextLayer`), so
    /// that pypdf reads no gap before the glyph ("1887.1", not "1887. 1").
    var hasGlyphsOffItsBaseline: Bool {
        runs.contains { run in run.image == nil && run.positions.contains { abs($0.y) > PDFTextLayer.baselineTolerance } }
    }
}
