import Text

/// Tracking (`<font tracking>`) is stored in each letter's advance, after the letter: the
/// letter at a line's right end would end the line with a blank as wide as the tracking, and a
/// centred line would sit left of its centre by half of it (`RSVP` at 20 pt and 600: its ink
/// centred 6 pt left of the page's), a right-aligned or justified one short of its edge by all
/// of it. That letter's step leaves its tracking out, as microtype's `\textls` takes the last
/// letter's spacing back; the line breaker still counts it, so no break moves.
///
/// Only at the end of a left-to-right line: a right-to-left run places each glyph from its
/// stored advance, and its lines start at the right.
extension PreparedParagraph {
    /// The line's last glyph, set from `glyphs`, and the tracking its step holds; nil when it
    /// holds none (a hyphen added at the break, a tab, a picture, text not tracked, a
    /// right-to-left paragraph or run at the end).
    func trackingAtRightEnd(ofLine glyphs: Range<Int>, hyphenated: Bool) -> (glyph: Int, amount: Double)? {
        guard isTracked, !hyphenated, !bidi.isRightToLeft, let glyph = glyphs.last else { return nil }
        let character = clusters[glyph]
        guard !Self.isSpace(units[character]), let runIndex = styleRunIndex(containing: character) else { return nil }
        let run = styleRuns[runIndex]
        guard run.level == 0, run.attributes.runDelegate == nil, run.attributes.tracking != 0 else { return nil }
        return (glyph, run.attributes.tracking * run.attributes.fontSize)
    }
}
