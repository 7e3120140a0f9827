import CCairo

/// The spacing a run's glyphs share beyond their widths, which the text layer says once for the
/// run (ISO 32000-1, 9.3.2 and 9.3.3): the letter spacing every glyph has (`Tc`), and the word
/// spacing the word space has on top of it (`Tw`). A justified line's letters share one
/// spacing, and its word spaces one stretch, so with both said a line's glyphs need no `TJ`
/// number but at a kern. In text space units, to four places.
///
/// Word spacing applies to the one-byte code 32 only: the word space of a face written in
/// simple fonts (`SimpleFontCodes`); a face written as `/Identity-H` has none, and its word
/// spaces' stretch is a `TJ` number.
struct RunSpacing: Equatable {
    var letter = 0.0
    var word = 0.0
}

/// Finds a run's `RunSpacing`: each spacing is the median of its gaps (the space beyond a
/// glyph's width before the next glyph), so a kern or an odd space is left to a `TJ` number.
/// Its buffer is kept from run to run, and written through a pointer: the gaps of every glyph
/// of the book pass here.
struct RunSpacingFinder {
    /// The run's gaps: its letters' from the start, its word spaces' from the end.
    private var gaps: [Double] = []

    /// The spacing of `glyphs` (where the drawer puts them) of `font` at `size`, scaled by
    /// `scale`; the word space is the face's (`SimpleFontCodes.wordSpace`; none for an
    /// `/Identity-H` face). A spacing the run has no gap to tell, or one within a hair of
    /// `current`'s, is `current`'s: not written again.
    mutating func spacing(of glyphs: UnsafeBufferPointer<cairo_glyph_t>, in font: EmbeddedFontGlyphs, size: Double, scale: Double,
                          current: RunSpacing) -> RunSpacing {
        guard glyphs.count > 1 else { return current }
        let gapCount = glyphs.count - 1
        if gaps.count < gapCount { gaps = Array(repeating: 0, count: gapCount) }
        let space = font.simpleCodes?.wordSpace ?? UInt32.max
        return gaps.withUnsafeMutableBufferPointer { gaps in
            var letters = 0, wordsStart = gapCount
            for index in 0 ..< gapCount {
                let glyph = UInt32(glyphs[index].index)
                let gap = (glyphs[index + 1].x - glyphs[index].x) / scale - font.width(of: glyph) / 1000 * size
                if glyph == space {
                    wordsStart -= 1
                    gaps[wordsStart] = gap
                } else {
                    gaps[letters] = gap
                    letters += 1
                }
            }
            var spacing = current
            if letters > 0 {
                spacing.letter = Self.kept(UnsafeMutableBufferPointer(rebasing: gaps[..<letters]).middleValue(), current: current.letter)
            }
            if wordsStart < gapCount {
                let median = UnsafeMutableBufferPointer(rebasing: gaps[wordsStart ..< gapCount]).middleValue()
                spacing.word = Self.kept(median - spacing.letter, current: current.word)
            }
            return spacing
        }
    }

    /// `value` to four places, or `current` when within a hair of it.
    private static func kept(_ value: Double, current: Double) -> Double {
        let rounded = (value * 10000).rounded() / 10000
        return abs(rounded - current) < 0.00005 ? current : rounded
    }
}
