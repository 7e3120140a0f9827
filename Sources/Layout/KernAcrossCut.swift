/// A word cut into pieces (no break opportunity fits: `emergencyBreak`) ends its line with the
/// glyph before the cut as it stands alone. HarfBuzz puts a pair's kern in the advance of its
/// first glyph, so the advances stored for "r," give the 'r' less than its own width; at a cut
/// between them the comma goes to the next line, and the 'r' ending its line would keep the
/// kern: the line measured short by it, a right-aligned line set that much too far right, the
/// letter's ink past the line's end (seed 11448: 0.55 pt onto a table's rule). TeX drops the
/// kern at a break for the same reason.
extension PreparedParagraph {
    /// What the glyph before the cut at `offset` (a character boundary inside the paragraph)
    /// needs added to its stored advance to stand alone: the kern between it and the glyph
    /// after it, given back (negative when the pair was spaced apart). Zero where the two were
    /// not shaped together: a space on either side, the style run's end, a picture, the drop
    /// cap's initial (shaped apart, its advance kept out of the line).
    func kernAcrossCut(at offset: Int) -> Double {
        guard offset > range.lowerBound, offset < range.upperBound,
              !Self.isSpace(units[offset - 1]), !Self.isSpace(units[offset]),
              offset > (initial?.hiddenEnd ?? range.lowerBound),
              let runIndex = styleRunIndex(containing: offset - 1), styleRuns[runIndex].range.contains(offset) else { return 0 }
        let glyph = glyphIndex(atOrAfter: offset) - 1
        let run = styleRuns[runIndex]
        guard run.attributes.runDelegate == nil, run.glyphRange.contains(glyph) else { return 0 }
        // The advance the shaping stored (PreparedParagraph.shape), from the glyph's own advance
        // in the face instead of HarfBuzz's kerned one, in the same order of operations, so that
        // a glyph with no kern gives back exactly nothing. The glyph ends its cluster: the cut is
        // between clusters, so it carries the letter spacing and tracking.
        let attributes = run.attributes, justification = style.justification
        let glyphScale = run.givesLetters ? justification.glyphScaling.desired / 100 : 1
        let letterSpace = run.givesLetters ? justification.letterSpacing.desired / 100 * attributes.fontSize : 0
        let alone = Double(run.font.horizontalAdvance(of: glyphIDs[glyph])) * run.font.scale(for: attributes.fontSize) * glyphScale
            + letterSpace + attributes.tracking * attributes.fontSize
        return alone - advances[glyph]
    }
}
