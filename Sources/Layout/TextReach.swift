import Text

/// How much of its text a layout has read since `reset()`: the paragraphs it asked the
/// paragraph cache for (`ParagraphCache.paragraph(containing:)`, the layout's one door to a
/// paragraph's characters), those of the boxes it set in narrowed columns included. `typeset
/// watch` keeps a page set from an earlier text only where the two texts agree over all the
/// page read (`KeptPages`).
public final class TextReach {
    private var lowest = Int.max
    private var highest = Int.min

    public init() {}

    public func reset() {
        lowest = .max
        highest = .min
    }

    func note(_ paragraph: Range<Int>) {
        if paragraph.lowerBound < lowest { lowest = paragraph.lowerBound }
        if paragraph.upperBound > highest { highest = paragraph.upperBound }
    }

    /// The paragraphs read, widened by a paragraph each way (`position` alone when none was
    /// read): where a frame ends, the next paragraph's style is read without its characters (a
    /// forced break, the space before a band, keeping with the next), and a kept block looks
    /// at the paragraph before it.
    public func read(in text: AttributedText, startingAt position: Int) -> Range<Int> {
        guard lowest <= highest else { return position ..< position }
        let lower = lowest > 0 ? text.paragraphRange(containing: lowest - 1).lowerBound : 0
        let upper = highest < text.length ? text.paragraphRange(containing: highest).upperBound : text.length
        return lower ..< upper
    }
}
