/// A colour: how it looks in sRGB with alpha, each component in 0...1, and, for a colour
/// written for the press (`cmyk()`, `gray()`, a swatch), the inks it is printed with.
/// `red`, `green` and `blue` are what a screen shows (PNG pages, Cairo's draft); a PDF
/// paints `printed` when there is one (`docs/pipeline.md`, "Colours for the press reach the
/// PDF as they were written").
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double
    /// nil: an RGB colour, painted as `red`, `green`, `blue`.
    public private(set) var printed: PrintedInk?

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        printed = nil
    }

    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour printed with `ink`, shown on screen through its naive conversion to sRGB.
    public init(printed ink: PrintedInk, alpha: Double = 1) {
        let shown = ink.shownAsRGB
        self.init(red: shown.red, green: shown.green, blue: shown.blue, alpha: alpha)
        printed = ink
    }

    /// The colour at `tint` (0...1) of its strength: a printed colour's inks scaled, as a press
    /// screens them (InDesign's tint of a swatch); an RGB colour mixed with white.
    public func tinted(_ tint: Double) -> Color {
        if let printed { return Color(printed: printed.tinted(tint), alpha: alpha) }
        func mixed(_ channel: Double) -> Double { 1 - (1 - channel) * tint }
        return Color(red: mixed(red), green: mixed(green), blue: mixed(blue), alpha: alpha)
    }

    /// Black ink alone (DeviceGray 0 in a PDF, as `gray(100%)`): the colour of everything the
    /// document gives no colour — the text, rules, the footnote rule, shadows — so that a page
    /// whose written colours are all inks is all inks. `color="black"` is CSS's RGB black.
    public static let black = Color(printed: .gray(1))
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, alpha: 0)
}
