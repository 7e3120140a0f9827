import Diagnostics
import Text

/// A `<section>` as written: its columns, and where, for the checks that need the page
/// (whether its columns are wide enough to set text).
public struct SectionDeclaration: Hashable, Sendable {
    public var style: SectionStyle
    /// The `columns` value, or the tag when it has none.
    public var location: SourceLocation
    public var sourceLine: String
}

extension ParseState {
    static let sectionAttributeNames = ["columns", "gutter", "shape", "height"]

    /// More columns than any page holds; the page decides how many really fit. `--columns`
    /// has the same limit.
    static let maximumSectionColumns = Double(LayoutLimits.maximumColumns)

    /// `<section columns="N" gutter="G">`: the paragraphs that begin from here to `</section>`
    /// are set in N columns G points apart. Sections do not nest.
    mutating func openSection(_ tag: Tag) {
        if let open = openSection {
            let line = diagnostics.source.location(of: open.tagOffset).line
            diagnostics.error("a section cannot be inside another section (the <section> of line \(line) is still open); "
                              + "end that one with </section> first", at: tag.offset)
            openSection?.nested += 1
            return
        }
        var style = SectionStyle(number: sections.count + 1)
        var located = tag.offset
        var shaping = SectionShaping()
        for attribute in tag.attributes {
            switch attribute.key {
            case "columns":
                located = attribute.valueOffset
                guard let count = values.number(attribute, in: 1 ... Self.maximumSectionColumns) else { continue }
                if count == count.rounded() {
                    style.columns = Int(count)
                } else {
                    values.error("columns must be a whole number, not \"\(attribute.value.clipped)\"", at: attribute)
                }
            case "gutter":
                style.gutter = values.points(attribute, in: 0 ... ParagraphStyleChange.maximumLength) ?? style.gutter
            case "shape", "height":
                shaping.read(attribute, values: values)
            default:
                warnUnknown(attribute, of: tag, known: Self.sectionAttributeNames)
            }
        }
        shape(&style, as: shaping, tag: tag)
        let source = diagnostics.source
        sections.append(SectionDeclaration(style: style, location: source.location(of: located),
                                           sourceLine: source.lineText(containing: located)))
        openSection = OpenBlockTag(at: tag.offset)
        builder.section = style
    }

    /// `</section>`: paragraphs that begin from here on are outside it (the one in progress
    /// stays in it, as a `</p>` leaves its paragraph its style).
    mutating func closeSection(_ tag: Tag) {
        guard openSection != nil else {
            return diagnostics.warning("</section> without a matching <section> ignored", at: tag.offset)
        }
        guard openSection?.close() == true else { return }
        openSection = nil
        builder.section = nil
    }

    /// `<columnbreak>`, `<pagebreak>`: the next paragraph that begins starts a new column or page.
    mutating func forceBreak(_ kind: ForcedBreak, _ tag: Tag) {
        warnAboutAttributes(of: tag)
        // A page break wins over a column break before the same paragraph.
        if let pending = builder.pendingBreak, pending.kind == .page, kind == .column { return }
        builder.pendingBreak = (kind, tag.offset)
    }

    /// At the end of the document: a section still open ends with it, and a break with no
    /// paragraph after it does nothing; both are worth a word.
    mutating func finishSectionsAndBreaks() {
        if let open = openSection {
            diagnostics.warning("<section> is never closed; it ends with the document", at: open.tagOffset)
        }
        if let pending = builder.pendingBreak {
            diagnostics.warning("<\(pending.kind.rawValue)break> has no text after it; ignored", at: pending.tagOffset)
        }
    }
}
