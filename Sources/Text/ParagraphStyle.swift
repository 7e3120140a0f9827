public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case left, right, center, justify
}

/// How the lines of a paragraph are set.
public struct ParagraphStyle: Hashable, Sendable {
    public var alignment: TextAlignment
    /// Indent of the first line, in points, from the head indent.
    public var firstLineIndent: Double
    public var headIndent: Double
    public var tailIndent: Double
    /// Multiplies the font's natural line height.
    public var lineHeightMultiple: Double
    public var spaceBefore: Double
    public var spaceAfter: Double

    public init(alignment: TextAlignment = .justify, firstLineIndent: Double = 0, headIndent: Double = 0,
                tailIndent: Double = 0, lineHeightMultiple: Double = 1, spaceBefore: Double = 0, spaceAfter: Double = 0) {
        self.alignment = alignment
        self.firstLineIndent = firstLineIndent
        self.headIndent = headIndent
        self.tailIndent = tailIndent
        self.lineHeightMultiple = lineHeightMultiple
        self.spaceBefore = spaceBefore
        self.spaceAfter = spaceAfter
    }
}
