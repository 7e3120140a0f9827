/// Outlined glyphs: drawn filled and then stroked, like Core Text's negative stroke width.
public struct Stroke: Hashable, Sendable {
    public var color: Color
    /// Line width as a fraction of the font size (Core Text's -3.0 is 3 % of the size).
    public var widthFraction: Double

    public init(color: Color, widthFraction: Double = 0.03) {
        self.color = color
        self.widthFraction = widthFraction
    }
}

/// The character attributes of a run of text.
public struct TextAttributes: Hashable, Sendable {
    /// A family name, resolved to a face by the Fonts stage.
    public var fontFamily: String
    public var fontSize: Double
    public var color: Color
    public var stroke: Stroke?
    /// BCP 47 language tag, used for shaping and line breaking.
    public var language: String
    /// Set on the object-replacement character of an inline picture.
    public var runDelegate: RunDelegate?
    public var image: ImageAttachment?

    public init(fontFamily: String, fontSize: Double, color: Color = .black, stroke: Stroke? = nil,
                language: String = "en", runDelegate: RunDelegate? = nil, image: ImageAttachment? = nil) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.color = color
        self.stroke = stroke
        self.language = language
        self.runDelegate = runDelegate
        self.image = image
    }
}
