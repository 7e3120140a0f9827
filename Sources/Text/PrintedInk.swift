/// The four process inks' coverages, each 0...1.
public struct CMYK: Hashable, Sendable {
    public var cyan: Double
    public var magenta: Double
    public var yellow: Double
    public var black: Double

    public init(cyan: Double, magenta: Double, yellow: Double, black: Double) {
        self.cyan = cyan
        self.magenta = magenta
        self.yellow = yellow
        self.black = black
    }

    public var components: [Double] { [cyan, magenta, yellow, black] }

    func scaled(by tint: Double) -> CMYK {
        CMYK(cyan: cyan * tint, magenta: magenta * tint, yellow: yellow * tint, black: black * tint)
    }

    /// The naive conversion (no profile): each ink takes its share of the light its complement
    /// reflects, and black takes it from all three. Only for the screen: a PDF keeps the inks.
    var shownAsRGB: (red: Double, green: Double, blue: Double) {
        ((1 - cyan) * (1 - black), (1 - magenta) * (1 - black), (1 - yellow) * (1 - black))
    }
}

/// A spot ink: its name, which names the press's plate, and the process mix that stands for
/// it where there is no such plate (a proof, a screen, a press without the ink).
public struct SpotInk: Hashable, Sendable {
    public var name: String
    public var alternate: CMYK

    public init(name: String, alternate: CMYK) {
        self.name = name
        self.alternate = alternate
    }
}

/// How a colour written for the press is printed: a level of black alone (`DeviceGray`), a
/// process mix (`DeviceCMYK`) or a tint of a spot ink (`Separation`).
public enum PrintedInk: Hashable, Sendable {
    /// The black ink's coverage, 0...1: `gray(30%)` is 30 % black, a light grey, as a
    /// designer's grey swatch is (DeviceGray's level is its complement, 1 being white).
    case gray(Double)
    case cmyk(CMYK)
    /// `tint` 0...1 of the ink.
    case spot(SpotInk, tint: Double)

    public func tinted(_ tint: Double) -> PrintedInk {
        switch self {
        case .gray(let black): return .gray(black * tint)
        case .cmyk(let inks): return .cmyk(inks.scaled(by: tint))
        case .spot(let ink, let own): return .spot(ink, tint: own * tint)
        }
    }

    /// The naive conversion to sRGB that PNG pages and the draft show.
    public var shownAsRGB: (red: Double, green: Double, blue: Double) {
        switch self {
        case .gray(let black): return (1 - black, 1 - black, 1 - black)
        case .cmyk(let inks): return inks.shownAsRGB
        case .spot(let ink, let tint): return ink.alternate.scaled(by: tint).shownAsRGB
        }
    }
}
