/// A generated `<figure>`'s opening tag: placed any way a flow of `columns` columns allows (in
/// the column, floated to a side, at the top or foot across some columns, over the gutter),
/// with a look now and then; and the width its content is set at. The pictures' figures and
/// the tables' draw it alike.
struct FigureTag {
    var tag: String
    var contentWidth: Double

    init(random: inout FuzzRandom, columnWidth: Double, columns: Int, gutter: Double) {
        var placements = ["", "left", "right", "top", "bottom"]
        if columns > 1 { placements.append("center") }
        let float = random.pick(placements)
        tag = "<figure"
        contentWidth = columnWidth
        if !float.isEmpty { tag += " float=\"\(float)\"" }
        if ["top", "bottom"].contains(float), columns > 1, random.chance(0.5) {
            let span = random.int(1 ... columns)
            tag += " span=\"\(span)\""
            contentWidth = Double(span) * columnWidth + Double(span - 1) * gutter
        }
        if ["left", "right"].contains(float) || (float.isEmpty && random.chance(0.3)) {
            contentWidth = random.number(min(50, columnWidth), to: columnWidth, step: 2)
            tag += " width=\"\(FuzzOptions.format(contentWidth))\""
        }
        if random.chance(0.3) { tag += " background=\"#eeeeee\" padding=\"4\"" }
        if random.chance(0.2) { tag += " border=\"0.5 #666666\"" }
        if !float.isEmpty && random.chance(0.15) { tag += " bleed=\"true\"" }
        tag += ">"
    }
}
