import Text

/// Sets a value, or removes it (`strokeColor="none"`, `background="none"`).
enum Setting<Value: Equatable>: Equatable {
    case set(Value)
    case remove
}

/// What a `<font>`, `<b>`, named style or rule changes in the character attributes.
/// Every field left nil keeps the value in force.
struct CharacterStyleChange: Equatable {
    enum Tracking: Equatable {
        case ems(Double)
        /// Converted to ems at the size of the text it applies to.
        case points(Double)
    }

    /// OpenType features to switch; `replacesAll` (from `features="none"`) drops those in force first.
    struct Features: Equatable {
        var replacesAll = false
        var list: [FontFeature] = []
    }

    var family: String?
    var size: Double?
    var weight: Int?
    var italic: Bool?
    var color: Color?
    var strokeColor: Setting<Color>?
    /// Core Text's stroke width: percent of the size; negative fills and outlines, positive outlines only.
    var strokeWidth: Double?
    var underline: Setting<LineStyle>?
    var underlineColor: Color?
    var strike: Setting<LineStyle>?
    var strikeColor: Color?
    var background: Setting<Color>?
    var baseline: Double?
    var tracking: Tracking?
    var kerning: Bool?
    var ligatures: Bool?
    var features: Features?
    var shadow: Setting<Shadow>?
    var overprint: Bool?
    var language: String?

    /// The attributes this reads, as the documentation spells them (`style` is read by the
    /// tag, since it may name a named style).
    static let attributeNames = ["face", "size", "color", "strokeColor", "strokeWidth", "weight", "style", "slant",
                                 "underline", "underline-color", "strike", "strike-color", "background", "baseline",
                                 "tracking", "kerning", "ligatures", "features", "shadow", "overprint", "lang"]

    static let maximumSize = 1000.0

    /// Whether it may change the face (family, weight or slant), which the Fonts stage looks up.
    var changesFace: Bool { family != nil || weight != nil || italic != nil }

    /// Multiplies the size this sets by the text scale (`--text-scale`), keeping it within
    /// `maximumSize`: every size written in the markup is one the reader's scale applies to.
    mutating func scaleSize(by textScale: Double) {
        size = size.map { min($0 * textScale, Self.maximumSize) }
    }

    // MARK: Reading

    /// Reads `attribute` if it is a character attribute (reporting a bad value); false if it is not one.
    mutating func read(_ attribute: TagAttribute, _ values: ValueReader) -> Bool {
        switch attribute.key {
        case "face":
            let family = attribute.trimmedValue
            if family.isEmpty { values.error("empty font face (expected a family name such as Arial)", at: attribute) } else { self.family = family }
        case "size":
            size = values.points(attribute, in: 0 ... Self.maximumSize, excludingMinimum: true) ?? size
        case "color":
            color = values.color(attribute) ?? color
        case "strokecolor":
            if isNone(attribute) { strokeColor = .remove } else if let color = values.color(attribute) { strokeColor = .set(color) }
        case "strokewidth":
            strokeWidth = values.number(attribute, in: -100 ... 100, unit: "%") ?? strokeWidth
        case "weight":
            weight = Self.weight(attribute, values) ?? weight
        case "slant":
            italic = values.choice(attribute, ["normal": false, "italic": true]) ?? italic
        case "underline":
            underline = values.choice(attribute, Self.lineStyles) ?? underline
        case "underlinecolor":
            underlineColor = values.color(attribute) ?? underlineColor
        case "strike":
            strike = values.choice(attribute, Self.lineStyles) ?? strike
        case "strikecolor":
            strikeColor = values.color(attribute) ?? strikeColor
        case "background":
            if isNone(attribute) { background = .remove } else if let color = values.color(attribute) { background = .set(color) }
        case "baseline":
            baseline = values.points(attribute, in: -1000 ... 1000) ?? baseline
        case "tracking":
            tracking = Self.tracking(attribute, values) ?? tracking
        case "kerning":
            kerning = values.boolean(attribute) ?? kerning
        case "overprint":
            overprint = values.boolean(attribute) ?? overprint
        case "ligatures":
            ligatures = values.boolean(attribute) ?? ligatures
        case "features":
            features = Self.features(attribute, values) ?? features
        case "shadow":
            shadow = Self.shadow(attribute, values) ?? shadow
        case "lang":
            language = Self.language(attribute, values) ?? language
        default:
            return false
        }
        return true
    }

    private func isNone(_ attribute: TagAttribute) -> Bool {
        attribute.trimmedValue.lowercased() == "none"
    }

    static let weightNames: KeyValuePairs<String, Int> = [
        "thin": 100, "extralight": 200, "light": 300, "normal": 400, "regular": 400, "medium": 500,
        "semibold": 600, "bold": 700, "extrabold": 800, "black": 900,
    ]

    /// A name from `weightNames`, or a whole number from 100 to 900 (OpenType's weight class).
    private static func weight(_ attribute: TagAttribute, _ values: ValueReader) -> Int? {
        guard let number = NumberSyntax.parse(attribute.trimmedValue) else { return values.choice(attribute, weightNames) }
        guard number == number.rounded(), (100 ... 900).contains(number) else {
            values.error("weight must be a whole number from 100 to 900 or a name such as bold, not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        return Int(number)
    }

    static let lineStyles: KeyValuePairs<String, Setting<LineStyle>> = [
        "none": .remove, "single": .set(.single), "double": .set(.double), "thick": .set(.thick),
        "dotted": .set(.dotted), "dashed": .set(.dashed),
    ]

    /// `50` (thousandths of an em, as InDesign counts), `0.05em`, or a length (`1pt`, `0.3mm`).
    private static func tracking(_ attribute: TagAttribute, _ values: ValueReader) -> Tracking? {
        let text = attribute.trimmedValue.lowercased()
        if text.hasSuffix("em") {
            return values.number(attribute, in: -1 ... 10, unit: "em").map(Tracking.ems)
        }
        if NumberSyntax.parse(text) != nil {
            return values.number(attribute, in: -1000 ... 10_000).map { .ems($0 / 1000) }
        }
        return values.points(attribute, in: -1000 ... 1000).map(Tracking.points)
    }

    /// `smcp, onum, -liga, ss01=2`: a tag switches a feature on, `-tag` off, `tag=N` selects
    /// alternate N; `none` switches off those set before.
    private static func features(_ attribute: TagAttribute, _ values: ValueReader) -> Features? {
        if attribute.trimmedValue.lowercased() == "none" { return Features(replacesAll: true) }
        var result = Features()
        for item in attribute.value.split(separator: ",").map({ $0.trimmingSpaces() }) where !item.isEmpty {
            var tag = item
            var value: UInt32 = 1
            if tag.hasPrefix("-") { tag.removeFirst(); value = 0 } else if tag.hasPrefix("+") { tag.removeFirst() }
            if let equals = tag.firstIndex(of: "=") {
                guard let number = UInt32(tag[tag.index(after: equals)...].trimmingSpaces()), number <= 0xFFFF else {
                    values.error("feature value in \"\(item.clipped)\" must be a whole number from 0 to 65535", at: attribute)
                    return nil
                }
                value = number
                tag = tag[..<equals].trimmingSpaces()
            }
            guard tag.count == 4, tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                values.error("\"\(item.clipped)\" is not an OpenType feature: a feature is four letters or digits, such as smcp, onum or ss01", at: attribute)
                return nil
            }
            result.list.append(FontFeature(tag: tag, value: value))
        }
        return result
    }

    /// `dx dy [blur] [colour]`, lengths (points when bare; x to the right, y down, as in CSS), or `none`.
    private static func shadow(_ attribute: TagAttribute, _ values: ValueReader) -> Setting<Shadow>? {
        let text = attribute.trimmedValue
        if text.lowercased() == "none" { return .remove }
        var numbers: [Double] = []
        var rest = Substring(text)
        while numbers.count < 3 {
            let word = rest.prefix { $0 != " " && $0 != "\t" }
            guard !word.isEmpty, let length = try? Length(parsing: word) else { break }
            numbers.append(length.points)
            rest = rest.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
        }
        guard numbers.count >= 2 else {
            values.error("shadow must be \"dx dy\", \"dx dy blur\" or \"dx dy blur colour\" in points (e.g. \"0 1 0 white\"), or none; not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        guard numbers.allSatisfy({ abs($0) <= 1000 }), numbers.count < 3 || numbers[2] >= 0 else {
            values.error("shadow offsets must be within ±1000 pt and its blur at least 0, not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        var shadow = Shadow(offsetX: numbers[0], offsetY: numbers[1], blur: numbers.count > 2 ? numbers[2] : 0)
        if !rest.isEmpty {
            guard let color = ColorParser.parse(String(rest), swatches: values.swatches) else {
                values.error(ColorParser.problem(with: String(rest), swatches: values.swatches), at: attribute)
                return nil
            }
            shadow.color = color
        }
        return .set(shadow)
    }

    /// A BCP 47 tag such as `en`, `en-GB`, `de-CH-1996`, `zh-Hant` (`LanguageTag`).
    static func language(_ attribute: TagAttribute, _ values: ValueReader) -> String? {
        let text = attribute.trimmedValue
        guard LanguageTag.isValid(text) else {
            values.error("lang must be \(LanguageTag.expectation), not \"\(attribute.value.clipped)\"\(LanguageTag.hint(for: attribute.trimmedValue))",
                         at: attribute)
            return nil
        }
        return text
    }

    // MARK: Combining and applying

    /// This change followed by `later`: where both set something, `later` wins.
    mutating func merge(_ later: CharacterStyleChange) {
        family = later.family ?? family
        size = later.size ?? size
        weight = later.weight ?? weight
        italic = later.italic ?? italic
        color = later.color ?? color
        strokeColor = later.strokeColor ?? strokeColor
        strokeWidth = later.strokeWidth ?? strokeWidth
        underline = later.underline ?? underline
        underlineColor = later.underlineColor ?? underlineColor
        strike = later.strike ?? strike
        strikeColor = later.strikeColor ?? strikeColor
        background = later.background ?? background
        baseline = later.baseline ?? baseline
        tracking = later.tracking ?? tracking
        kerning = later.kerning ?? kerning
        overprint = later.overprint ?? overprint
        ligatures = later.ligatures ?? ligatures
        shadow = later.shadow ?? shadow
        language = later.language ?? language
        if let laterFeatures = later.features {
            if laterFeatures.replacesAll || features == nil {
                features = laterFeatures
            } else {
                features!.list += laterFeatures.list
            }
        }
    }

    func apply(to attributes: inout TextAttributes) {
        if let family { attributes.fontFamily = family }
        if let size { attributes.fontSize = size }
        if let weight { attributes.fontWeight = weight }
        if let italic { attributes.italic = italic }
        if let color { attributes.color = color }
        applyStroke(to: &attributes)
        attributes.underline = Self.decoration(attributes.underline, style: underline, color: underlineColor)
        attributes.strikethrough = Self.decoration(attributes.strikethrough, style: strike, color: strikeColor)
        switch background {
        case .set(let color)?: attributes.backgroundColor = color
        case .remove?: attributes.backgroundColor = nil
        case nil: break
        }
        if let baseline { attributes.baselineOffset = baseline }
        switch tracking {
        case .ems(let ems)?: attributes.tracking = ems
        case .points(let points)?: attributes.tracking = points / attributes.fontSize
        case nil: break
        }
        if let kerning { attributes.kerning = kerning }
        if let overprint { attributes.overprint = overprint }
        if let ligatures { attributes.ligatures = ligatures }
        if let features {
            if features.replacesAll { attributes.features = [] }
            for feature in features.list {
                attributes.features.removeAll { $0.tag == feature.tag }
                attributes.features.append(feature)
            }
        }
        switch shadow {
        case .set(let shadow)?: attributes.shadow = shadow
        case .remove?: attributes.shadow = nil
        case nil: break
        }
        if let language { attributes.language = language }
    }

    /// A stroke colour alone keeps the width in force (the tutorial's -3 when there is none);
    /// a width alone strokes in the stroke colour in force, else the text colour; 0 removes it.
    private func applyStroke(to attributes: inout TextAttributes) {
        switch strokeColor {
        case .remove?:
            attributes.stroke = nil
            return
        case .set(let color)?:
            attributes.stroke = Stroke(color: color, widthFraction: attributes.stroke?.widthFraction ?? 0.03,
                                       fills: attributes.stroke?.fills ?? true)
        case nil: break
        }
        if let strokeWidth {
            attributes.stroke = strokeWidth == 0 ? nil
                : Stroke(color: attributes.stroke?.color ?? attributes.color, widthFraction: abs(strokeWidth) / 100, fills: strokeWidth < 0)
        }
    }

    /// A line style sets the decoration (keeping its colour); a colour alone colours the one
    /// in force, or adds a single line in that colour.
    private static func decoration(_ current: TextDecoration?, style: Setting<LineStyle>?, color: Color?) -> TextDecoration? {
        var result = current
        switch style {
        case .set(let lineStyle)?: result = TextDecoration(style: lineStyle, color: current?.color)
        case .remove?: return nil
        case nil: break
        }
        if let color { result = TextDecoration(style: result?.style ?? .single, color: color) }
        return result
    }
}
