import Text

/// Where a line goes in the stretch of a band it is set in (a rectangle's width, or one
/// fragment of a shaped band): the paragraph's indents taken off, the head indent on the side
/// lines start from (the right in a right-to-left paragraph) with the first line's indent.
struct LineMeasure {
    /// The x of the line's left end.
    var left: Double
    /// How wide the line may be (under 1 when the indents leave no room).
    var available: Double
    /// Where its tabs are measured from: the fragment's left edge.
    var tabs: TabOrigin { TabOrigin(startX: left - fragment.minX, endX: left - fragment.minX + available) }
    let fragment: HorizontalSpan

    init(in fragment: HorizontalSpan, style: ParagraphStyle, rightToLeft: Bool, startsParagraph: Bool) {
        self.fragment = fragment
        let indent = style.headIndent + (startsParagraph ? style.firstLineIndent : 0)
        left = fragment.minX + (rightToLeft ? style.tailIndent : indent)
        available = fragment.maxX - (rightToLeft ? indent : style.tailIndent) - left
    }

    /// The width of the lines after a paragraph's first in a stretch `width` wide (at least 1).
    static func otherLines(in width: Double, style: ParagraphStyle) -> Double {
        max(1, width - style.tailIndent - style.headIndent)
    }
}
