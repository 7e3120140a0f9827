import Diagnostics
import Text

/// A `<section>` as written: its columns, and where, for the checks that need the page
/// (whether its columns are wide enough to set text).
public struct SectionDeclaration: Hashable, Sendable {
    public var style: SectionStyle
    /// The `columns` value, or the tag when it has none.
    public var location: SourceLocation
    public var sourceLine: String
    /// The `column-rule` value of a section whose columns the page decides (no `columns`), and
    /// its line: the page warns there when it gives the section one column. Nil otherwise.
    public var columnRuleLocation: SourceLocation? = nil
    public var columnRuleSourceLine: String? = nil
}

extension ParseState {
    static let sectionAttributeNames = ["columns", "gutter", "shape", "height", "column-rule", "background", "bleed", "master", "name", "dir"]
    static let pageBreakAttributeNames = ["master", "parity"]

    /// More columns than any page holds; the page decides how many really fit. `--columns`
    /// has the same limit.
    static let maximumSectionColumns = Double(LayoutLimits.maximumColumns)

    /// `<section columns="N" gutter="G" column-rule="W C" background="B" bleed="true" dir="rtl">`:
    /// the paragraphs that begin from here to `</section>` are set in N columns G points apart,
    /// with a rule W points thick in colour C down each gutter, on a tint of colour B that may
    /// run off the page, the first column the rightmost. Sections do not nest.
    mutating func openSection(_ tag: Tag) {
        if let open = openSection {
            let line = diagnostics.source.location(of: open.tagOffset).line
            diagnostics.error("a section cannot be inside another section (the <section> of line \(line) is still open); "
                              + "end that one with </section> first", at: tag.offset)
            openSection?.nested += 1
            return
        }
        if let box = openBox {
            let line = diagnostics.source.location(of: box.tag.tagOffset).line
            return diagnostics.error("a section cannot begin inside \(box.kind.tagWithArticle) (the one of line \(line)); "
                                     + "put the <\(box.kind.rawValue)> inside the section", at: tag.offset)
        }
        var style = SectionStyle(number: sections.count + 1)
        var located = tag.offset
        var shaping = SectionShaping()
        var ruleAttribute: TagAttribute?, bleed: TagAttribute?
        var master: MasterPage?
        for attribute in tag.attributes {
            switch attribute.key {
            case "columns":
                located = attribute.valueOffset
                style.columns = values.wholeNumber(attribute, in: 1 ... Self.maximumSectionColumns) ?? style.columns
            case "gutter":
                style.gutter = values.points(attribute, in: 0 ... ParagraphStyleChange.maximumLength) ?? style.gutter
            case "shape", "height":
                shaping.read(attribute, values: values)
            case "columnrule":
                ruleAttribute = attribute
                style.columnRule = rule(attribute, widths: Self.columnRuleWidths)
            case "background":
                style.background = values.color(attribute) ?? style.background
            case "bleed":
                bleed = attribute
                style.bleeds = values.boolean(attribute) ?? style.bleeds
            case "master":
                master = self.master(named: attribute)
            case "dir":
                style.columnsRightToLeft = values.choice(attribute, ["ltr": false, "rtl": true]) ?? style.columnsRightToLeft
            case "name":
                // Printed on one line in the heads, as a title is.
                let name = String(attribute.trimmedValue.map { $0.isNewline ? " " : $0 })
                style.name = name.isEmpty ? nil : name
            default:
                warnUnknown(attribute, of: tag, known: Self.sectionAttributeNames)
            }
        }
        shape(&style, as: shaping, tag: tag)
        if let bleed, style.bleeds, style.background == nil {
            // Only the tint can run off the page; the text never does.
            diagnostics.warning("bleed has no effect on a section without a background; give background", at: bleed.nameOffset)
            style.bleeds = false
        }
        let source = diagnostics.source
        var declaration = SectionDeclaration(style: style, location: source.location(of: located),
                                             sourceLine: source.lineText(containing: located))
        if let ruleAttribute, style.columnRule != nil {
            if style.columns == 1 {
                let why = style.shape == nil ? "a section of one column has no gutter" : "a section with a shape is one column"
                diagnostics.warning("column-rule has no effect: \(why); ignored", at: ruleAttribute.valueOffset)
                style.columnRule = nil
                declaration.style = style
            } else if style.columns == nil {
                declaration.columnRuleLocation = source.location(of: ruleAttribute.valueOffset)
                declaration.columnRuleSourceLine = source.lineText(containing: ruleAttribute.valueOffset)
            }
        }
        sections.append(declaration)
        openSection = OpenBlockTag(at: tag.offset)
        builder.section = style
        if let master { builder.pendingMaster = master }
    }

    /// `</section>`: paragraphs that begin from here on are outside it (the one in progress
    /// stays in it, as a `</p>` leaves its paragraph its style).
    mutating func closeSection(_ tag: Tag) {
        guard openSection != nil else {
            return diagnostics.warning("</section> without a matching <section> ignored", at: tag.offset)
        }
        guard openSection?.close() == true else { return }
        finishBox(atEndOfSection: tag)
        openSection = nil
        builder.section = nil
    }

    /// `<columnbreak>`, `<pagebreak>`: the next paragraph that begins starts a new column or page;
    /// `<pagebreak master="opener">` switches that page, and those after it, to a master.
    mutating func forceBreak(_ kind: ForcedBreak, _ tag: Tag) {
        if kind == .column { warnAboutAttributes(of: tag) }
        for attribute in tag.attributes where kind == .page {
            switch attribute.key {
            case "master": if let master = master(named: attribute) { builder.pendingMaster = master }
            case "parity": builder.pendingParity = values.choice(attribute, PageParity.self) ?? builder.pendingParity
            default: warnUnknown(attribute, of: tag, known: Self.pageBreakAttributeNames)
            }
        }
        // A page break wins over a column break before the same paragraph.
        if let pending = builder.pendingBreak, pending.kind == .page, kind == .column { return }
        builder.pendingBreak = (kind, tag.offset)
    }

    /// At the end of the document or an article: a section still open ends with it.
    mutating func finishSection(at end: FileEnd) {
        guard let open = openSection else { return }
        diagnostics.warning("<section> is never closed; it ends with \(end.phrase)", at: open.tagOffset)
        openSection = nil
        builder.section = nil
    }

    /// At the end of the document: a break with no paragraph after it does nothing, which is
    /// worth a word. (An article's last break is followed by the text.)
    func finishBreaks() {
        if let pending = builder.pendingBreak {
            diagnostics.warning("<\(pending.kind.rawValue)break> has no text after it; ignored", at: pending.tagOffset)
        }
    }
}
