/// How narrow a line of a paragraph may be beside a float, a figure, an exclusion or inside a
/// shape (`min-line-width`): in ems of the paragraph's font size, so that a heading and a
/// caption keep the same look as the body, or in points.
public enum LineWidthMinimum: Hashable, Sendable {
    case ems(Double)
    case points(Double)

    /// Five ems: about two words of body text, the narrowest strip a reader takes for a line
    /// rather than a word stranded beside a picture.
    public static let standard = LineWidthMinimum.ems(5)

    /// The minimum in points for text of `fontSize`.
    public func points(fontSize: Double) -> Double {
        switch self {
        case .ems(let ems): ems * fontSize
        case .points(let points): points
        }
    }
}
