/// A prepared paragraph's glyph columns read through pointers, for the loops that visit every
/// glyph of a line: an array's subscript checks its bounds at each read, and a loop over a
/// line's glyphs reads five columns a glyph. Valid only inside `withGlyphColumns`.
struct GlyphColumnPointers {
    let advances: UnsafeBufferPointer<Double>
    /// Empty when no glyph of the paragraph has an offset: read through `xOffset(_:)`, `yOffset(_:)`.
    let xOffsets: UnsafeBufferPointer<Double>
    let yOffsets: UnsafeBufferPointer<Double>
    let clusters: UnsafeBufferPointer<Int>
    /// The paragraph's text, from its first character (`units[0]` is the character at `unitsStart`).
    let units: UnsafeBufferPointer<UInt16>
    let unitsStart: Int

    @inline(__always)
    func xOffset(_ glyph: Int) -> Double { xOffsets.isEmpty ? 0 : xOffsets[glyph] }

    @inline(__always)
    func yOffset(_ glyph: Int) -> Double { yOffsets.isEmpty ? 0 : yOffsets[glyph] }

    /// Whether glyph `glyph` sets a space (see PreparedParagraph.isSpace).
    @inline(__always)
    func isSpace(_ glyph: Int) -> Bool {
        PreparedParagraph.isSpace(units[clusters[glyph] - unitsStart])
    }
}

extension PreparedParagraph {
    @inline(__always)
    func withGlyphColumns<Result>(_ body: (GlyphColumnPointers) -> Result) -> Result {
        advances.withUnsafeBufferPointer { advances in
            xOffsets.withUnsafeBufferPointer { xOffsets in
                yOffsets.withUnsafeBufferPointer { yOffsets in
                    clusters.withUnsafeBufferPointer { clusters in
                        units.withUnsafeBufferPointer { units in
                            body(GlyphColumnPointers(advances: advances, xOffsets: xOffsets, yOffsets: yOffsets, clusters: clusters,
                                                     units: units, unitsStart: self.units.startIndex))
                        }
                    }
                }
            }
        }
    }
}
