/// Outlined glyphs, as Core Text's stroke width sets them: a negative width draws the glyphs
/// filled and then outlined, a positive one outlined only (hollow).
public struct Stroke: Hashable, Sendable {
    public var color: Color
    /// Line width as a fraction of the font size (Core Text's -3.0 is 3 % of the size).
    public var widthFraction: Double
    /// Whether the glyphs are filled with the text colour under the outline.
    public var fills: Bool

    public init(color: Color, widthFraction: Double = 0.03, fills: Bool = true) {
        self.color = color
        self.widthFraction = widthFraction
        self.fills = fills
    }
}

/// How an underline or a strike-through line is drawn.
public enum LineStyle: String, Hashable, Sendable, CaseIterable {
    case single, double, thick, dotted, dashed
}

/// An underline or strike-through: its style, and its colour (the text's when nil).
public struct TextDecoration: Hashable, Sendable {
    public var style: LineStyle
    public var color: Color?

    public init(style: LineStyle = .single, color: Color? = nil) {
        self.style = style
        self.color = color
    }
}

/// A shadow drawn under the glyphs: offset in points (x right, y down), blur radius, colour.
public struct Shadow: Hashable, Sendable {
    public var offsetX: Double
    public var offsetY: Double
    public var blur: Double
    public var color: Color

    public init(offsetX: Double, offsetY: Double, blur: Double = 0, color: Color = Color(printed: .gray(1), alpha: 1.0 / 3.0)) {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blur = blur
        self.color = color
    }
}

/// An OpenType feature passed to HarfBuzz: a four-letter tag and its value (1 on, 0 off,
/// or an alternate's number).
public struct FontFeature: Hashable, Sendable {
    public var tag: String
    public var value: UInt32

    public init(tag: String, value: UInt32 = 1) {
        self.tag = tag
        self.value = value
    }
}

/// The character attributes of a run of text.
public struct TextAttributes: Hashable, Sendable {
    /// A family name, resolved to a face by the Fonts stage.
    public var fontFamily: String
    public var fontSize: Double
    /// OpenType weight class: 400 regular, 700 bold.
    public var fontWeight: Int
    public var italic: Bool
    public var color: Color
    // Stroke, underline, strikethrough, background, shadow and image are held apart, a pointer
    // each: most text has none of them, and together they were 0.9 kB of an attribute set's
    // 1.1 kB, which a text holds once for each distinct set (a reference's link makes one a
    // reference).
    @HeldApartWhenSet public var stroke: Stroke? = nil
    @HeldApartWhenSet public var underline: TextDecoration? = nil
    @HeldApartWhenSet public var strikethrough: TextDecoration? = nil
    /// Filled behind the run's glyphs, from its ascent to its descent.
    @HeldApartWhenSet public var backgroundColor: Color? = nil
    /// Points the glyphs are raised (negative: lowered) from the baseline.
    public var baselineOffset: Double
    /// Letter spacing added after every character, in ems of the font size.
    public var tracking: Double
    public var kerning: Bool
    public var ligatures: Bool
    /// Further OpenType features, in the order written.
    public var features: [FontFeature]
    @HeldApartWhenSet public var shadow: Shadow? = nil
    /// Whether the text's ink prints over what is under it rather than knocking it out
    /// (`overprint="true"`): black text on a tint, as presses expect, so that a plate out of
    /// register leaves no white edge round the letters.
    public var overprint: Bool
    /// BCP 47 language tag, used for shaping and line breaking.
    public var language: String
    /// No line break inside a run of such characters.
    public var noBreak: Bool
    /// Set on the object-replacement character of an inline picture.
    public var runDelegate: RunDelegate?
    @HeldApartWhenSet public var image: ImageAttachment? = nil
    /// The address a click on the text opens (a link annotation in a PDF); nil: not a link.
    /// A link does not change how the text looks.
    public var link: String?
    /// On a footnote's marker in the text: the number (`BoxStyle.number`) of the box that holds
    /// the note's paragraphs, which is set at the foot of the column where the marker's line is.
    public var footnote: Int?
    /// On a footnote's mark, in the text and before its note: the size and baseline offset of
    /// the text around it, at which the mark is set with its face's superscript glyphs (`sups`)
    /// where the face has them (see SuperscriptMarks); nil on other text.
    public var superscriptMark: SuperscriptMark?

    public init(fontFamily: String, fontSize: Double, fontWeight: Int = 400, italic: Bool = false,
                color: Color = .black, stroke: Stroke? = nil, language: String = "en",
                runDelegate: RunDelegate? = nil, image: ImageAttachment? = nil) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.italic = italic
        self.color = color
        self.stroke = stroke
        baselineOffset = 0
        tracking = 0
        kerning = true
        ligatures = true
        features = []
        overprint = false
        self.language = language
        noBreak = false
        self.runDelegate = runDelegate
        self.image = image
        link = nil
        footnote = nil
        superscriptMark = nil
    }

    /// The face this text asks for: family, weight and slant.
    public var fontRequest: FontDescriptor {
        FontDescriptor(family: fontFamily, weight: fontWeight, italic: italic)
    }
}

/// A face asked for by family, weight and slant.
public struct FontDescriptor: Hashable, Sendable, CustomStringConvertible {
    public var family: String
    public var weight: Int
    public var italic: Bool

    public init(family: String, weight: Int = 400, italic: Bool = false) {
        self.family = family
        self.weight = weight
        self.italic = italic
    }

    public var description: String {
        var parts = [family]
        if weight != 400 { parts.append(weight >= 600 ? "Bold" : "weight \(weight)") }
        if italic { parts.append("Italic") }
        return parts.joined(separator: " ")
    }
}

/// The size and baseline offset of the text around a footnote's mark (`TextAttributes.superscriptMark`).
public struct SuperscriptMark: Hashable, Sendable {
    public var fontSize: Double
    public var baselineOffset: Double

    public init(fontSize: Double, baselineOffset: Double) {
        self.fontSize = fontSize
        self.baselineOffset = baselineOffset
    }
}
