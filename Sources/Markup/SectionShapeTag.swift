import Text

/// The `shape` and `height` attributes of a `<section>` as read, before they are checked
/// against each other and the section's columns.
struct SectionShaping {
    var shape: SectionShape?
    var height: Double?
    var shapeAttribute: TagAttribute?
    var heightAttribute: TagAttribute?

    mutating func read(_ attribute: TagAttribute, values: ValueReader) {
        if attribute.key == "shape" {
            shapeAttribute = attribute
            shape = values.choice(attribute, ["circle": SectionShape.circle, "ellipse": SectionShape.ellipse])
        } else {
            heightAttribute = attribute
            height = values.points(attribute, in: 0 ... ParagraphStyleChange.maximumLength, excludingMinimum: true)
        }
    }
}

extension ParseState {
    /// `<section shape="circle|ellipse" height="H">`: the section is set inside the shape, in
    /// one band as wide as the text area and H points tall. A shape needs a height (it has no
    /// other size); a height without a shape, and columns other than 1 with one, are ignored
    /// with a warning. A section whose shape cannot be used is set in columns as usual.
    mutating func shape(_ style: inout SectionStyle, as shaping: SectionShaping, tag: Tag) {
        guard let shapeAttribute = shaping.shapeAttribute else {
            if let height = shaping.heightAttribute {
                diagnostics.warning("height is only used with a shape, e.g. <section shape=\"circle\" height=\"200\">; ignored",
                                    at: height.nameOffset)
            }
            return
        }
        guard let shape = shaping.shape else { return }
        guard shaping.heightAttribute != nil else {
            return diagnostics.error("<section shape=\"\(shape.rawValue)\"> needs a height in points, "
                                     + "e.g. <section shape=\"\(shape.rawValue)\" height=\"200\">", at: shapeAttribute.valueOffset)
        }
        guard let height = shaping.height else { return }
        if let columns = style.columns, columns != 1, let attribute = tag.attribute("columns") {
            diagnostics.warning("a section with a shape is one column; columns=\"\(columns)\" ignored", at: attribute.valueOffset)
        }
        style.columns = 1
        style.shape = shape
        style.height = height
    }
}
