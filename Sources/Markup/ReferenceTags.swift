import Diagnostics
import Text

/// What an open figure has held so far, for its number.
private struct FigureNumbering {
    var anchorIndex: Int?
    var firstTable: Int?
    var holdsPicture = false
}

/// The anchors (`id`) and references (`<ref>`) of one parse, as the parser meets them.
struct ReferenceBook {
    /// The tags an `id` may be given on.
    static let anchorTags: Set<String> = ["p", "section", "figure", "aside", "table"]

    /// What the parse before this one found (none for the first).
    var known = ReferenceValues()
    private(set) var anchors: [ReferenceAnchor] = []
    /// Each reference, with where its `to` value is (nil for a contents list's, which names a
    /// heading found by the parse before and is not checked).
    private(set) var uses: [(use: ReferenceUse, valueOffset: Int?)] = []
    /// Whether the document has a `<contents>`, which lists what the parse before found.
    var listsContents = false
    /// The notes numbered by page (`footnote-numbering="page"`), in order.
    private(set) var pageNumberedNotes: [PageNumberedNote] = []
    /// Elements of each kind met so far, with an id or not: a figure's number counts every figure.
    private var counts: [String: Int] = [:]
    /// Where each id is given, for the duplicate's message.
    private var given: [String: SourceLocation] = [:]
    /// The figure open now, while what it holds decides how it is numbered.
    private var openFigure: FigureNumbering?

    mutating func count(_ kind: String) -> Int {
        counts[kind, default: 0] += 1
        if kind == "table", openFigure?.firstTable == nil { openFigure?.firstTable = counts[kind] }
        return counts[kind]!
    }

    /// Records an anchor; returns where the id was given before when it already was.
    mutating func add(_ anchor: ReferenceAnchor) -> SourceLocation? {
        if let earlier = given[anchor.id] { return earlier }
        given[anchor.id] = anchor.location
        if anchor.kind == "figure" { openFigure?.anchorIndex = anchors.count }
        anchors.append(anchor)
        return nil
    }

    /// A `<figure>` opens (counted already). A figure of a table and no picture is a table with
    /// its caption, tagged as one (`StructureTree`'s `Div`): `format="number"` numbers it among
    /// the tables, as LaTeX's `table` has a counter of its own — a figure's "Table 1" caption
    /// and a reference printing "Table 2" were a designer's paper.
    mutating func figureOpened() {
        openFigure = FigureNumbering()
    }

    /// A picture in the open figure: it stays a figure.
    mutating func pictureMet() {
        openFigure?.holdsPicture = true
    }

    /// The figure ends: one that held a table and no picture takes its first table's number, and
    /// gives its own back to the figures.
    mutating func figureClosed() {
        guard let figure = openFigure else { return }
        openFigure = nil
        guard let table = figure.firstTable, !figure.holdsPicture else { return }
        counts["figure", default: 1] -= 1
        guard let index = figure.anchorIndex else { return }
        anchors[index].kind = "table"
        anchors[index].number = table
    }

    mutating func addUse(_ use: ReferenceUse, valueOffset: Int?) {
        uses.append((use, valueOffset))
    }

    /// The number of the next note numbered by page, its marker at `textOffset`: the one the
    /// pages of the layout before gave it, or its count through the document until there is a
    /// layout (LaTeX's `perpage` on its first run).
    mutating func numberPageNumberedNote(at textOffset: Int, location: SourceLocation, sourceLine: String) -> Int {
        let index = pageNumberedNotes.count
        let number = index < known.noteNumbers.count ? known.noteNumbers[index] : index + 1
        pageNumberedNotes.append(PageNumberedNote(textOffset: textOffset, number: number, location: location, sourceLine: sourceLine))
        return number
    }

    /// The anchors with their titles, read from the finished text (the first paragraph from each
    /// anchor with anything but white space and pictures in it), and the headings a contents
    /// list lists (`ContentsList`).
    func anchorsTitled(in text: AttributedText, sourceMap: TextSourceMap) -> [ReferenceAnchor] {
        anchors.map { anchor in
            var titled = anchor
            titled.title = Self.firstWords(in: text.storage, from: anchor.textOffset)
            return titled
        } + ContentsList.headings(in: text, sourceMap: sourceMap)
    }

    /// The words of the first paragraph from `start` (before `limit`) that has any, on one line.
    static func firstWords(in units: TextUnits, from start: Int, before limit: Int? = nil) -> String {
        var paragraphStart = start
        let limit = min(limit ?? units.count, units.count)
        while paragraphStart < limit {
            var end = paragraphStart
            while end < limit, !AttributedText.isParagraphEnd(units[end]) { end += 1 }
            let words = String(decoding: units[paragraphStart ..< end].filter { $0 != 0xFFFC }, as: UTF16.self)
                .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            if !words.isEmpty { return words }
            paragraphStart = end + 1
        }
        return ""
    }
}

extension ParseState {
    /// An element's `id`: an anchor at the text that comes next, and the tag without it for its
    /// own handler. Every element of an anchor's kind is counted, for `format="number"`.
    mutating func takeAnchor(from tag: Tag) -> Tag {
        guard !tag.isClosing, ReferenceBook.anchorTags.contains(tag.name) else { return tag }
        if tag.name == "figure", openBox == nil { references.figureOpened() }
        let number = tag.name == "p" ? 0 : references.count(tag.name)
        guard let attribute = tag.attribute("id") else { return tag }
        var rest = tag
        rest.attributes.removeAll { $0.key == "id" }
        let id = attribute.trimmedValue
        if let problem = Self.idProblem(id) {
            values.error(problem, at: attribute)
            return rest
        }
        let anchor = ReferenceAnchor(id: id, textOffset: builder.text.length, kind: tag.name, number: number, title: "",
                                     location: diagnostics.source.location(of: attribute.valueOffset))
        if let earlier = references.add(anchor) {
            values.error("id \"\(id.clipped)\" is given twice: first at \(earlier.file):\(earlier.line); an id names one element", at: attribute)
        }
        return rest
    }

    /// `<ref to="id" format="page|title|number">`: the target's page number (or title, or
    /// number), as a link to it. Its value comes from the parse and layout before this one
    /// (`ReferenceValues`); until there is one, a stand-in.
    mutating func insertReference(_ tag: Tag) {
        var target: TagAttribute?
        var format = ReferenceFormat.page
        for attribute in tag.attributes {
            switch attribute.key {
            case "to": target = attribute
            case "format": format = values.choice(attribute, ReferenceFormat.self) ?? format
            default: warnUnknown(attribute, of: tag, known: ["to", "format"])
            }
        }
        guard let target, !target.trimmedValue.isEmpty else {
            return diagnostics.error("<ref> needs the id of what it refers to, e.g. <ref to=\"ice-map\">", at: tag.offset)
        }
        appendReference(to: target.trimmedValue, format, at: tag.offset, checkedAt: target.valueOffset)
    }

    /// Appends what a reference to `id` prints, as a link to it, made at `offset`; `checkedAt`:
    /// where its id is written, to be checked at the end (nil: a contents list's).
    mutating func appendReference(to id: String, _ format: ReferenceFormat, at offset: Int, checkedAt valueOffset: Int?) {
        let printed = references.known.text(of: id, format) ?? ReferenceValues.standIn
        let use = ReferenceUse(id: id, format: format, printed: printed, location: diagnostics.source.location(of: offset),
                               sourceLine: diagnostics.source.lineText(containing: offset))
        references.addUse(use, valueOffset: valueOffset)
        let outside = builder.attributes
        if outside.link == nil { builder.attributes.link = ReferenceLink.address(of: id) }
        builder.append(SourcedText(Array(printed.utf16), madeAt: offset))
        builder.attributes = outside
    }

    /// Each `<ref>` names an id given in the document, and asks of it what it has; at the end,
    /// when every id is known.
    func checkReferences() {
        let anchors = Dictionary(references.anchors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for case let (use, offset?) in references.uses {
            guard let anchor = anchors[use.id] else {
                let ids = anchors.keys.sorted()
                let known = ids.isEmpty ? " (no element has an id)" : Suggestion.hint(for: use.id, among: ids)
                diagnostics.error("<ref> to an unknown id \"\(use.id.clipped)\"\(known)", at: offset)
                continue
            }
            if use.format == .number, anchor.kind == "p" || anchor.kind == StoryJumps.jumpKind {
                diagnostics.error("a paragraph has no number: format=\"number\" refers to a section, figure, aside or table "
                                  + "(\"\(use.id.clipped)\" is a <\(anchor.kind)>)", at: offset)
            }
        }
    }

    /// Why `id` cannot name an element, or nil: an id is written in references and links, so it
    /// is one word.
    static func idProblem(_ id: String) -> String? {
        if id.isEmpty { return "an empty id names nothing: give one word, e.g. id=\"ice-map\"" }
        if id.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
            return "an id is one word, without spaces: \"\(id.clipped)\""
        }
        return nil
    }
}
