import Text

/// `<pagebreak parity="odd">`: a page break that must land on one side of the spread (an
/// opener on a right-hand page) gets a blank page before it when the next page is on the other
/// side, as LaTeX's `\cleardoublepage` and InDesign's "Start on next odd page" do. The blank
/// page counts in the numbering and prints nothing, not even its running heads or its master's
/// furniture (LaTeX's `\thispagestyle{empty}` for it). At the text's start the break is met
/// already: page 1 is page 1.
enum ParityPages {
    /// Whether page `number`, about to be made from `position` in `text`, must be left blank: the
    /// text goes on there at a page break of the other parity. Not while something else waits
    /// for a page (held floats, a note going on): that page is theirs, and the break is looked
    /// at again after it.
    static func needsBlankPage(_ number: Int, at position: Int, in text: AttributedText, somethingWaits: Bool) -> Bool {
        guard !somethingWaits, position > 0, position < text.length, text.forcedBreak(before: position) == .page,
              let parity = text.paragraphStyle(at: position).pageParity else { return false }
        return !parity.holds(page: number)
    }
}
