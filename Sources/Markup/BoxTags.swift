import Diagnostics
import Text

extension ParseState {
    static let boxAttributeNames = ["float", "span", "width", "margin", "background", "border", "padding", "columns", "gutter", "bleed"]
    /// A box's own columns at most: more would not leave a word a line in any box on a page.
    static let maximumBoxColumns = 12.0

    /// Padding of a box with a background or a border and no `padding`: text against a rule or
    /// the edge of a tint reads as a mistake.
    static let framedBoxPadding = 6.0

    /// Why a box of a width given cannot be set in its columns, as `PageTemplate.sectionProblem`
    /// says of a section's; nil when they are wide enough, or the box is as wide as its column
    /// (known only when it is placed, where its text is set in the room there is).
    static func narrowColumnsProblem(of style: BoxStyle) -> String? {
        guard let width = style.width, style.columns > 1 else { return nil }
        let count = Double(style.columns)
        let columnWidth = (width - 2 * style.inset - (count - 1) * style.gutter) / count
        guard columnWidth < LayoutLimits.narrowestColumn else { return nil }
        let columns = "\(style.columns) columns \(ValueReader.format(style.gutter)) pt apart"
        let box = "a \(ValueReader.format(width)) pt wide <\(style.kind.rawValue)>"
        let narrowest = ValueReader.format(LayoutLimits.narrowestColumn)
        guard columnWidth > 0 else { return "\(columns) do not fit across \(box); each must be at least \(narrowest) pt wide" }
        return "\(columns) are \(String(format: "%.1f", columnWidth)) pt wide in \(box), too narrow to set text (at least \(narrowest) pt)"
    }

    /// `<figure …>` and `<aside …>`: the paragraphs that begin from here to the closing tag are
    /// set in a box of their own, placed as one unit (see `BoxStyle`). The paragraph in progress
    /// ends at the tag. Boxes do not nest.
    mutating func openBox(_ tag: Tag, kind: BoxStyle.Kind) {
        if let open = openBox {
            let line = diagnostics.source.location(of: open.tag.tagOffset).line
            diagnostics.error("\(kind.tagWithArticle) cannot be inside another box (the <\(open.kind.rawValue)> of line \(line) is still open); "
                              + "end that one with </\(open.kind.rawValue)> first", at: tag.offset)
            openBox?.tag.nested += 1
            return
        }
        var style = BoxStyle(number: boxTags.count + 1, kind: kind)
        var float: TagAttribute?, span: TagAttribute?, margin: TagAttribute?, bleed: TagAttribute?
        var placement = BoxPlacement.inColumn
        var columns: Int?? = .none
        var padding: Double?
        for attribute in tag.attributes {
            switch attribute.key {
            case "float":
                float = attribute
                placement = values.choice(attribute, BoxPlacement.choices(for: kind)) ?? placement
            case "span":
                span = attribute
                if case .success(let count) = spannedColumns(attribute) { columns = .some(count) }
            case "width":
                style.width = values.points(attribute, in: 0 ... ParagraphStyleChange.maximumLength, excludingMinimum: true) ?? style.width
            case "margin":
                margin = attribute
                style.margin = values.points(attribute, in: 0 ... ParagraphStyleChange.maximumLength) ?? style.margin
            case "background":
                style.background = values.color(attribute) ?? style.background
            case "border":
                style.border = rule(attribute, widths: Self.borderWidths) ?? style.border
            case "padding":
                padding = values.points(attribute, in: 0 ... ParagraphStyleChange.maximumLength) ?? padding
            case "columns":
                style.columns = values.wholeNumber(attribute, in: 1 ... Self.maximumBoxColumns) ?? style.columns
            case "gutter":
                style.gutter = values.points(attribute, in: 0 ... ParagraphStyleChange.maximumLength) ?? style.gutter
            case "alt" where kind == .figure:
                style.alternativeText = AlternativeText.read(attribute)
            case "alt":
                diagnostics.warning("alt has no effect on an <aside>, whose text is read as it is; describe its pictures with <img alt=\"…\">",
                                    at: attribute.nameOffset)
            case "bleed":
                bleed = attribute
                style.bleeds = values.boolean(attribute) ?? style.bleeds
            default:
                warnUnknown(attribute, of: tag, known: Self.boxAttributeNames + (kind == .figure ? ["alt"] : []))
            }
        }
        style.padding = padding ?? (style.background != nil || style.border != nil ? Self.framedBoxPadding : 0)
        style.placement = placement.style(columns: columns)
        if let span, !placement.spans {
            diagnostics.warning("span has no effect without float=\"top\", \"bottom\" or \"center\"", at: span.nameOffset)
        }
        if let bleed, style.bleeds, style.placement == .inColumn {
            diagnostics.warning("bleed has no effect on a box in the column; give float", at: bleed.nameOffset)
        }
        if let margin, float == nil {
            diagnostics.warning("margin has no effect on a box in the column (it takes the space of a paragraph); give float", at: margin.nameOffset)
        }
        if let width = style.width, width <= 2 * style.inset {
            diagnostics.error("a \(ValueReader.format(width)) pt wide <\(kind.rawValue)> leaves no room for text inside its border and padding "
                              + "(\(ValueReader.format(2 * style.inset)) pt)", at: tag.attribute("width")?.valueOffset ?? tag.offset)
            style.width = nil
        }
        if let columns = tag.attribute("columns"), let problem = Self.narrowColumnsProblem(of: style) {
            // As a section's columns: glyphs wider than their column print outside the box.
            values.error(problem, at: columns)
            style.columns = 1
        }
        builder.endParagraph(madeAt: tag.offset)
        boxTags.append(tag.offset)
        openBox = (OpenBlockTag(at: tag.offset), kind)
        boxTextStart = builder.text.length
        builder.box = style
        builder.dropCaps.boxTag = tag.offset
        builder.opensBox = true
    }

    /// `</figure>`, `</aside>`: paragraphs that begin from here on are the column's again. The
    /// one in progress stays in the box when its line ends after the tag; text after the tag on
    /// the same line begins a paragraph of the column (`DocumentBuilder.boxClosed(atTag:)`).
    mutating func closeBox(_ tag: Tag, kind: BoxStyle.Kind) {
        guard let open = openBox else {
            return diagnostics.warning("</\(kind.rawValue)> without a matching <\(kind.rawValue)> ignored", at: tag.offset)
        }
        guard openBox?.tag.close() == true else { return }
        if open.kind != kind {
            diagnostics.warning("</\(kind.rawValue)> closes the <\(open.kind.rawValue)> of line "
                                + "\(diagnostics.source.location(of: open.tag.tagOffset).line)", at: tag.offset)
        }
        if builder.text.length == boxTextStart {
            diagnostics.warning("this <\(open.kind.rawValue)> is empty; it prints nothing", at: open.tag.tagOffset)
        }
        endOpenBox()
        builder.boxClosed(atTag: tag.offset)
    }

    /// The open box ends here: a figure's number is settled by what it held.
    private mutating func endOpenBox() {
        if openBox?.kind == .figure { references.figureClosed() }
        openBox = nil
    }

    /// `<caption>`: a paragraph in the `caption` style (or the style `style` names), until
    /// `</caption>`, as `<p style="caption">` would begin one. It begins a paragraph of its own.
    mutating func openCaption(_ tag: Tag) {
        builder.endParagraph(madeAt: tag.offset)
        if openBox == nil {
            diagnostics.warning("<caption> outside a <figure> or <aside> is a paragraph in the caption style", at: tag.offset)
        }
        openParagraph(tag, element: .caption, style: namedStyles["caption"])
    }

    /// At `</section>`: a box still open ends with its section, which it began in (a section
    /// cannot begin inside a box). A box is placed whole in one frame: one running on past its
    /// section's end was set in the section's columns and again, narrower, in the next
    /// section's, drawn twice with its pictures past its text.
    mutating func finishBox(atEndOfSection tag: Tag) {
        guard let open = openBox else { return }
        diagnostics.warning("<\(open.kind.rawValue)> is never closed; it ends with its section", at: open.tag.tagOffset)
        endOpenBox()
        builder.box = nil
    }

    /// At the end of the document or an article: a box still open ends with it.
    mutating func finishBoxes(at end: FileEnd) {
        guard let open = openBox else { return }
        diagnostics.warning("<\(open.kind.rawValue)> is never closed; it ends with \(end.phrase)", at: open.tag.tagOffset)
        endOpenBox()
        builder.box = nil
    }
}

/// What `float` asks of a box, before `span` is known.
private enum BoxPlacement {
    case inColumn
    case side(PictureFloat.Side)
    case edge(SpanningPicture.Edge)
    case center

    static func choices(for kind: BoxStyle.Kind) -> KeyValuePairs<String, BoxPlacement> {
        ["left": .side(.left), "right": .side(.right), "top": .edge(.top), "bottom": .edge(.bottom), "center": .center]
    }

    var spans: Bool {
        switch self {
        case .edge, .center: true
        case .inColumn, .side: false
        }
    }

    /// The placement with `columns` spanned (`.none`: not given — all of them at an edge, and
    /// two, one gutter, for a box over the gutter).
    func style(columns: Int??) -> BoxStyle.Placement {
        switch self {
        case .inColumn: .inColumn
        case .side(let side): .side(side)
        case .edge(let edge): .edge(edge, columns: columns ?? nil)
        case .center: .center(columns: columns ?? 2)
        }
    }
}
