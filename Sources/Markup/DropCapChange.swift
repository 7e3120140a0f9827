import Text

/// What a `<p>` or a named style changes in the paragraph's drop cap: `dropcap` (the lines it
/// spans), `dropcap-face` and `dropcap-color`. Every field left nil keeps the value in force.
struct DropCapChange: Equatable {
    var lines: Int?
    var family: String?
    var color: Color?

    static let attributeNames = ["dropcap", "dropcap-face", "dropcap-color"]

    /// Reads `attribute` if it is a drop-cap attribute (reporting a bad value); false if it is not one.
    mutating func read(_ attribute: TagAttribute, _ values: ValueReader) -> Bool {
        switch attribute.key {
        case "dropcap":
            lines = Self.lines(attribute, values) ?? lines
        case "dropcapface":
            let family = attribute.trimmedValue
            if family.isEmpty {
                values.error("empty dropcap-face (expected a family name such as TeX Gyre Bonum)", at: attribute)
            } else {
                self.family = family
            }
        case "dropcapcolor":
            color = values.color(attribute) ?? color
        default:
            return false
        }
        return true
    }

    /// A whole number of lines in `DropCap.lineRange`, or `none` (0: no drop cap).
    private static func lines(_ attribute: TagAttribute, _ values: ValueReader) -> Int? {
        if attribute.trimmedValue.lowercased() == "none" { return DropCap.none.lines }
        let range = DropCap.lineRange
        let message = "dropcap must be a whole number of lines from \(range.lowerBound) to \(range.upperBound), or none, not \"\(attribute.value.clipped)\""
        guard let count = NumberSyntax.parse(attribute.trimmedValue), count == count.rounded(),
              Double(range.lowerBound) ... Double(range.upperBound) ~= count else {
            values.error(message, at: attribute)
            return nil
        }
        return Int(count)
    }

    /// This change followed by `later`: where both set something, `later` wins.
    mutating func merge(_ later: DropCapChange) {
        lines = later.lines ?? lines
        family = later.family ?? family
        color = later.color ?? color
    }

    func apply(to dropCap: inout DropCap) {
        if let lines { dropCap.lines = lines }
        if let family { dropCap.family = family }
        if let color { dropCap.color = color }
    }
}

extension ParseState {
    /// Asks the Fonts stage for the face `dropcap-face` names, at its value, as a `<font face>`
    /// asks for its face: a family that cannot be found is a warning there.
    mutating func requestDropCapFace(after attribute: TagAttribute, _ change: DropCapChange) {
        guard attribute.key == "dropcapface", let family = change.family else { return }
        builder.noteFace(FontDescriptor(family: family), at: attribute.valueOffset)
    }
}
