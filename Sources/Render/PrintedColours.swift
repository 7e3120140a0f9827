import Text

/// The colours of one PDF printed with inks (`Color.printed`: `DeviceGray`, `DeviceCMYK`, a
/// spot's `Separation`), met as the pages are drawn: the operators that paint each, the spot
/// inks' colour spaces and which pages use them, and the key colours Cairo drew them in
/// (`CairoPrintedColour`), which the finishing step turns into the inks (`KeyColourRewrite`).
/// The text layer paints its own text with the operators directly. Used on the drawing thread,
/// then by the finishing step.
final class PrintedColours {
    /// The spot inks met, in order; the n-th is the colour space `/TypesetSpot<n>`.
    private(set) var spots: [SpotInk] = []
    private var spotNumbers: [SpotInk: Int] = [:]
    /// The inks Cairo drew, the n-th in the key colour `CairoPrintedColour.key(n)`.
    private(set) var keyed: [PrintedInk] = []
    private var keyNumbers: [PrintedInk: Int] = [:]
    /// By page of the draft (from 0): whether Cairo drew a key colour there, and the spots used.
    private(set) var pagesWithKeys = Set<Int>()
    /// Whether Cairo drew a key in a form of its own (a blurred shadow's fill under its soft
    /// mask): the finishing step then reads the draft's forms for keys too.
    private(set) var formsHoldKeys = false
    private(set) var spotsOfPage: [Int: Set<Int>] = [:]
    private var page = 0
    /// Whether typeset painted a colour given in RGB (text, rules, tints; not pictures), and
    /// one printed with inks: a PDF/X-4 run says which (`PDFDraft.paintedColours`).
    private(set) var paintsRGB = false
    private(set) var paintsInks = false

    /// What is drawn from now is on the draft's page `index`.
    func beginPage(_ index: Int) {
        page = index
    }

    /// The number of the key Cairo draws `ink` in on the current page, in its content or
    /// (`inAForm`) in a form it makes.
    func keyNumber(for ink: PrintedInk, inAForm: Bool = false) -> Int {
        if inAForm { formsHoldKeys = true } else { pagesWithKeys.insert(page) }
        paintsInks = true
        noteSpot(of: ink)
        if let number = keyNumbers[ink] { return number }
        keyed.append(ink)
        keyNumbers[ink] = keyed.count - 1
        return keyed.count - 1
    }

    /// The operators that make `ink` the fill's (`stroke` false) or the outline's colour, with
    /// no space before them and none after: `0.7 g`, `0 0.9 0.85 0 k`, `/TypesetSpot0 cs 0.4 scn`.
    func operators(for ink: PrintedInk, stroke: Bool) -> String {
        var content = PDFContentBytes()
        write(ink, stroke: stroke, into: &content)
        return String(decoding: content.bytes.drop { $0 == UInt8(ascii: " ") }, as: UTF8.self)
    }

    /// Writes what makes `color` the fill's or the outline's colour: its inks, or `r g b rg`.
    func write(_ color: Color, stroke: Bool, into content: inout PDFContentBytes) {
        guard let ink = color.printed else {
            paintsRGB = true
            for channel in [color.red, color.green, color.blue] { content.number(channel) }
            return content.raw(stroke ? " RG\n" : " rg\n")
        }
        paintsInks = true
        noteSpot(of: ink)
        write(ink, stroke: stroke, into: &content)
    }

    /// Notes a colour given in RGB that Cairo paints.
    func noteRGB() {
        paintsRGB = true
    }

    /// The colour space resource of every spot used on the draft's page `index`.
    func spotColourSpaces(onPage index: Int) -> [(name: String, value: PDFValue)] {
        (spotsOfPage[index] ?? []).sorted().map(spotColourSpace)
    }

    /// The colour space resource of every spot of the document: a form's, which may be drawn
    /// on any page.
    var allSpotColourSpaces: [(name: String, value: PDFValue)] {
        spots.indices.map(spotColourSpace)
    }

    private func spotColourSpace(_ number: Int) -> (name: String, value: PDFValue) {
        (Self.spotResourceName(number), SeparationColourSpace.value(ink: spots[number].name, alternate: spots[number].alternate))
    }

    static func spotResourceName(_ number: Int) -> String { "/TypesetSpot\(number)" }

    private func write(_ ink: PrintedInk, stroke: Bool, into content: inout PDFContentBytes) {
        switch ink {
        case .gray(let black):
            // DeviceGray's level is the light: 1 is white, where the swatch counts black ink.
            content.number(1 - black, decimals: 4)
            content.raw(stroke ? " G\n" : " g\n")
        case .cmyk(let inks):
            for component in inks.components { content.number(component, decimals: 4) }
            content.raw(stroke ? " K\n" : " k\n")
        case .spot(let spot, let tint):
            content.raw(" ")
            content.raw(Self.spotResourceName(spotNumber(spot)))
            content.raw(stroke ? " CS" : " cs")
            content.number(tint, decimals: 4)
            content.raw(stroke ? " SCN\n" : " scn\n")
        }
    }

    private func noteSpot(of ink: PrintedInk) {
        guard case .spot(let spot, _) = ink else { return }
        spotsOfPage[page, default: []].insert(spotNumber(spot))
    }

    private func spotNumber(_ spot: SpotInk) -> Int {
        if let number = spotNumbers[spot] { return number }
        spots.append(spot)
        spotNumbers[spot] = spots.count - 1
        return spots.count - 1
    }
}
