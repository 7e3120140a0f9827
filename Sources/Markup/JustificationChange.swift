import Text

/// What a `<p>` or a named style changes in how justified lines give: `word-spacing`,
/// `letter-spacing` and `glyph-scaling`, each three numbers "MIN DESIRED MAX" in percent, as
/// InDesign's Justification settings. Every field left nil keeps the value in force.
struct JustificationChange: Equatable {
    var wordSpacing: SpacingRange?
    var letterSpacing: SpacingRange?
    var glyphScaling: SpacingRange?

    static let attributeNames = ["word-spacing", "letter-spacing", "glyph-scaling"]

    /// What each may be: a space from nothing to ten spaces; letters from half an em closer
    /// to an em apart; glyphs from half to twice their width. Far past what reads well, but
    /// each still lays out.
    static let wordSpacingLimits = 0.0 ... 1000.0
    static let letterSpacingLimits = -50.0 ... 100.0
    static let glyphScalingLimits = 50.0 ... 200.0

    /// Reads `attribute` if it is a justification attribute (reporting a bad value); false if it is not one.
    mutating func read(_ attribute: TagAttribute, _ values: ValueReader) -> Bool {
        switch attribute.key {
        case "wordspacing":
            wordSpacing = Self.range(attribute, values, in: Self.wordSpacingLimits, of: "the font's space") ?? wordSpacing
        case "letterspacing":
            letterSpacing = Self.range(attribute, values, in: Self.letterSpacingLimits, of: "the em") ?? letterSpacing
        case "glyphscaling":
            glyphScaling = Self.range(attribute, values, in: Self.glyphScalingLimits, of: "the glyphs' width") ?? glyphScaling
        default:
            return false
        }
        return true
    }

    /// Three percentages "MIN DESIRED MAX" (each may end in `%`), in order, within `limits`.
    private static func range(_ attribute: TagAttribute, _ values: ValueReader, in limits: ClosedRange<Double>,
                              of base: String) -> SpacingRange? {
        let name = attribute.name.clipped
        let words = attribute.trimmedValue.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let numbers = words.map { word in NumberSyntax.parse(word.hasSuffix("%") ? String(word.dropLast()) : String(word)) }
        guard numbers.count == 3, let minimum = numbers[0], let desired = numbers[1], let maximum = numbers[2] else {
            values.error("\(name) must be three percentages of \(base), MIN DESIRED MAX (such as \"\(example(attribute))\"), not \"\(attribute.value.clipped)\"",
                         at: attribute)
            return nil
        }
        guard minimum <= desired, desired <= maximum else {
            values.error("\(name) must go from least to most (MIN ≤ DESIRED ≤ MAX), not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        guard limits.contains(minimum), limits.contains(maximum) else {
            values.error("\(name) must lie from \(ValueReader.format(limits.lowerBound)) to \(ValueReader.format(limits.upperBound)) %, not \"\(attribute.value.clipped)\"",
                         at: attribute)
            return nil
        }
        return SpacingRange(minimum, desired, maximum)
    }

    private static func example(_ attribute: TagAttribute) -> String {
        switch attribute.key {
        case "wordspacing": return "80 100 133"
        case "letterspacing": return "-1 0 2"
        default: return "98 100 102"
        }
    }

    /// This change followed by `later`: where both set something, `later` wins.
    mutating func merge(_ later: JustificationChange) {
        wordSpacing = later.wordSpacing ?? wordSpacing
        letterSpacing = later.letterSpacing ?? letterSpacing
        glyphScaling = later.glyphScaling ?? glyphScaling
    }

    func apply(to justification: inout Justification) {
        if let wordSpacing { justification.wordSpacing = wordSpacing }
        if let letterSpacing { justification.letterSpacing = letterSpacing }
        if let glyphScaling { justification.glyphScaling = glyphScaling }
    }
}
