import Text

/// A note set at a column's foot, and the marker it belongs to.
public struct PlacedFootnote: Sendable {
    public var reference: FootnoteReference
    public var box: PlacedBox
}

/// The notes set at the foot of a column, under a short rule, as TeX's `\footins` and
/// InDesign's column footnotes set them: the last note's last line at the column's foot, the
/// notes above it in their markers' order, the rule above the first.
public struct FootnoteArea: Sendable {
    public var notes: [PlacedFootnote]
    /// The short rule above the notes, as the rectangle it fills.
    public var rule: Rect
    /// Where the room the notes take begins: the space between the text and the rule.
    public var top: Double

    /// The last note's foot: the column's, unless the notes are taller than the room below the text.
    public var bottom: Double { notes.last?.box.rect.maxY ?? rule.maxY }

    /// The rule's thickness, and its length as a share of the column (TeX's 2 in of a 6.5 in page).
    public static let ruleThickness = 0.5
    static let ruleShare = 1.0 / 3.0
    /// Space between the text and the rule, the rule and the first note, and two notes, in
    /// ems of the notes' size: TeX's `\skip\footins` is a big skip, about an em of the body.
    static let spaceAboveRule = 1.0
    static let spaceBelowRule = 0.5
    static let spaceBetweenNotes = 0.25
}

/// A note going on at the foot of the next column: the rest of one split at a column's foot,
/// or a whole one held over behind it (TeX's `\vsplit` of `\footins`, and the insertions held
/// over after a split one).
public struct ContinuedNote: Equatable, Sendable {
    public var reference: FootnoteReference
    /// Where its text resumes: the note's start when it is held over whole.
    public var from: Int
}
