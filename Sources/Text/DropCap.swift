/// A paragraph's drop cap: its first letter (with an opening quotation mark before it, if
/// any) set large, its cap height spanning the paragraph's first `lines` lines, which are
/// indented round it. Its face and colour are kept apart from its lines, so that a style can
/// set them for the paragraphs that turn drop caps on later.
public struct DropCap: Hashable, Sendable {
    /// No drop cap.
    public static let none = DropCap(lines: 0)

    /// The fewest and most lines an initial may span: one line is no drop, and past six the
    /// initial outweighs any column it sits in.
    public static let lineRange = 2 ... 6

    /// Lines the initial's cap height spans, from the first line's cap height to the
    /// baseline of line `lines` (within `lineRange`); 0: no drop cap.
    public var lines: Int
    /// The initial's family, in its regular face; nil: the face of the paragraph's first character.
    public var family: String?
    /// The initial's colour; nil: the colour of the paragraph's first character.
    public var color: Color?

    /// Whether the paragraph has a drop cap.
    public var isOn: Bool { lines > 0 }

    public init(lines: Int, family: String? = nil, color: Color? = nil) {
        self.lines = lines
        self.family = family
        self.color = color
    }
}
