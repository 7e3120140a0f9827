import Text

extension ParseState {
    /// The thinnest and the thickest column rule: thinner disappears in print, thicker is a bar
    /// wider than most gutters' white.
    static let columnRuleWidths = 0.1 ... 12.0
    /// The thinnest and the thickest border of a box: thicker is no longer a rule round it.
    static let borderWidths = 0.1 ... 24.0

    /// A rule written `WIDTH COLOUR` (`column-rule` of a `<section>`, `border` of a `<figure>`
    /// or `<aside>`): a length within `widths` (`0.5`, `0.75pt`, `0.2mm`) and a colour as every
    /// colour attribute reads it, in either order; a width alone is black. An unusable part is
    /// an error located at that part of the value, and nil.
    func rule(_ attribute: TagAttribute, widths: ClosedRange<Double>) -> RuleStyle? {
        let text = attribute.value
        let words = Self.words(of: text)
        let name = attribute.name.clipped
        // The width is the word that starts like a number, first or last; the colour the rest.
        guard let widthWord = [words.first, words.last].compactMap({ $0 }).first(where: { Self.startsLikeNumber(text[$0]) }) else {
            values.error("\(name) needs a width, e.g. \"0.5 #999999\" or \"0.75pt gray\"; not \"\(text.trimmingSpaces().clipped)\"", at: attribute)
            return nil
        }
        let width = values.points(part(of: attribute, widthWord, named: "\(name) width"), in: widths)
        var color: Color? = .black
        let others = words.filter { $0 != widthWord }
        if let start = others.first?.lowerBound, let end = others.last?.upperBound {
            color = values.color(part(of: attribute, start ..< end, named: "\(name) colour"))
        }
        guard let width, let color else { return nil }
        return RuleStyle(width: width, color: color)
    }

    /// The value's words (runs of characters other than spaces and tabs), as ranges of it.
    static func words(of text: String) -> [Range<String.Index>] {
        var words: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] != " ", text[index] != "\t" else { index = text.index(after: index); continue }
            let start = index
            while index < text.endIndex, text[index] != " ", text[index] != "\t" { index = text.index(after: index) }
            words.append(start ..< index)
        }
        return words
    }

    private static func startsLikeNumber(_ word: Substring) -> Bool {
        guard let first = word.first else { return false }
        return first.isASCII && (first.isNumber || first == "." || first == "+" || first == "-")
    }

    /// The part of the attribute's value in `range`, as an attribute of its own named `name`,
    /// so that a message about it names it and points at it in the source.
    func part(of attribute: TagAttribute, _ range: Range<String.Index>, named name: String) -> TagAttribute {
        let decodedOffset = attribute.value.utf16.distance(from: attribute.value.startIndex, to: range.lowerBound)
        let offset = diagnostics.source.offset(inValueAt: attribute.valueOffset, decodedOffset: decodedOffset)
        return TagAttribute(name: name, value: String(attribute.value[range]), nameOffset: attribute.nameOffset, valueOffset: offset)
    }
}
