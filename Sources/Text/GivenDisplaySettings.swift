/// The settings that display text changes which a paragraph's markup gave itself, in its `<p>`
/// or its named style, rather than taking the document's: a display paragraph (a headline, a
/// deck, a pull quote; see Markup's `DisplayParagraphs`) keeps these and takes the display
/// defaults for the others, so that `align="justify"` or `hyphenate="true"` still wins.
public struct GivenDisplaySettings: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let alignment = GivenDisplaySettings(rawValue: 1 << 0)
    public static let hyphenate = GivenDisplaySettings(rawValue: 1 << 1)
    public static let balance = GivenDisplaySettings(rawValue: 1 << 2)
}
