import Diagnostics
import Text

/// `<swatch name="house-red" cmyk="0 90 85 0">`, `<swatch name="gold" spot="PANTONE 871 C"
/// cmyk="20 30 70 15">`, `<swatch name="rule-grey" gray="30">`: a declaration of its own,
/// read whole from its tag (`SwatchDeclaration.read`), so that a style sheet imported can
/// carry swatches as it carries styles.
struct SwatchDeclaration {
    var swatch: Swatch
    /// Where its name is written, for messages about it.
    var nameOffset: Int

    static let attributeNames = ["name", "cmyk", "spot", "gray"]

    /// The swatch `tag` declares; nil, with an error at the cause, when it declares none.
    static func read(_ tag: Tag, _ values: ValueReader, warnUnknown: (TagAttribute) -> Void) -> SwatchDeclaration? {
        var name: TagAttribute?, cmyk: CMYK?, spot: TagAttribute?, gray: Double?
        var isUsable = true
        for attribute in tag.attributes {
            switch attribute.key {
            case "name": name = attribute
            case "cmyk":
                cmyk = inks(attribute, values)
                isUsable = isUsable && cmyk != nil
            case "spot": spot = attribute
            case "gray", "grey":
                gray = values.percentage(attribute)
                isUsable = isUsable && gray != nil
            default: warnUnknown(attribute)
            }
        }
        guard let name else {
            values.diagnostics.error("<swatch> needs a name attribute, e.g. <swatch name=\"house-red\" cmyk=\"0 90 85 0\"/>", at: tag.offset)
            return nil
        }
        let swatchName = name.trimmedValue
        guard !swatchName.isEmpty, swatchName.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            values.error("a swatch name is letters, digits, '-' and '_', not \"\(name.value.clipped)\"", at: name)
            return nil
        }
        guard isUsable else { return nil }
        let ink: PrintedInk
        switch (cmyk, spot, gray) {
        case (let mix?, nil, nil): ink = .cmyk(mix)
        case (let mix?, let spot?, nil):
            let inkName = spot.trimmedValue
            guard !inkName.isEmpty, inkName.count <= 127, inkName.allSatisfy({ $0.isASCII && !$0.isNewline }) else {
                values.error("a spot ink's name is 1 to 127 ASCII characters (the press's plate, e.g. \"PANTONE 871 C\"), not \"\(spot.value.clipped)\"", at: spot)
                return nil
            }
            ink = .spot(SpotInk(name: inkName, alternate: mix), tint: 1)
        case (nil, let spot?, _):
            values.error("a spot ink needs its process alternate, for proofs and screens: cmyk=\"c m y k\" beside spot=\"\(spot.value.clipped)\"", at: spot)
            return nil
        case (nil, nil, let black?): ink = .gray(black)
        default:
            values.diagnostics.error("<swatch> needs one of cmyk=\"c m y k\" (percent of each ink), gray=\"k\" (percent of black), or spot=\"name\" with cmyk=\"c m y k\"", at: tag.offset)
            return nil
        }
        return SwatchDeclaration(swatch: Swatch(name: swatchName, ink: ink), nameOffset: name.valueOffset)
    }

    /// Four percentages of cyan, magenta, yellow and black, separated by spaces or commas, each
    /// with or without `%` (`0 90 85 0`, `0%, 90%, 85%, 0%`).
    static func inks(_ attribute: TagAttribute, _ values: ValueReader) -> CMYK? {
        let parts = attribute.value.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        let fractions = parts.compactMap { ColorParser.percentage(String($0)) }
        guard parts.count == 4, fractions.count == 4 else {
            values.error("cmyk must be four percentages, cyan magenta yellow black, from 0 to 100 (\"0 90 85 0\"), not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        return CMYK(cyan: fractions[0], magenta: fractions[1], yellow: fractions[2], black: fractions[3])
    }
}

extension ParseState {
    /// `<swatch>`: declares a named colour (see `SwatchDeclaration`). A name declared again
    /// with the same inks is accepted (a style sheet imported twice); with other inks it is
    /// an error at the second name, as InDesign refuses a second swatch of a name — unless
    /// a file including this one declared it: then the includer's inks win, with a warning, as
    /// its styles do (`SheetDefinitions`).
    mutating func declareSwatch(_ tag: Tag) {
        guard let declaration = SwatchDeclaration.read(tag, values, warnUnknown: {
            warnUnknown($0, of: tag, known: SwatchDeclaration.attributeNames)
        }) else { return }
        let name = declaration.swatch.name
        let key = "swatch \(name.lowercased())", what = "swatch \"\(name.clipped)\""
        switch values.swatches.declare(declaration.swatch) {
        case .declared:
            noteDefinition(key, what: what, at: declaration.nameOffset)
        case .repeated:
            break
        case .clashes(let existing):
            guard !includerKeepsDefinition(key, what: what, at: declaration.nameOffset) else { return }
            diagnostics.error("\(what) is already declared with other inks (\(existing.ink.markup)); give this one a name of its own",
                              at: declaration.nameOffset)
        }
    }
}

extension PrintedInk {
    /// The ink as a swatch writes it, for messages.
    var markup: String {
        func percent(_ value: Double) -> String { ValueReader.format((value * 1000).rounded() / 10) }
        switch self {
        case .gray(let black): return "gray=\"\(percent(black))\""
        case .cmyk(let inks): return "cmyk=\"\(inks.components.map(percent).joined(separator: " "))\""
        case .spot(let ink, _): return "spot=\"\(ink.name)\" cmyk=\"\(ink.alternate.components.map(percent).joined(separator: " "))\""
        }
    }
}
