import Foundation

/// Documents made at random from the markup's grammar (docs/markup.md), mixing what users mix:
/// fixed and automatic leading, the baseline grid, one to five columns, sections (shaped, ruled,
/// tinted), pictures in the line and floated every way, figures and asides with captions and
/// pull quotes, drop caps, tab tables and `<table>`s (`TableGenerator`), lists, keeps, breaks,
/// exclusions, bleed, named styles and five languages in three scripts. The same seed gives the
/// same document everywhere.
///
/// Every document it writes is valid markup: an error from the parser is a bug here (or, where
/// the markup is right, in the pipeline). What it cannot know exactly — how tall an aside's
/// text sets — it keeps well inside the limits by estimate.
public struct DocumentGenerator {
    private var random: FuzzRandom
    /// Tables, from a stream of their own: the rest of a seed's document is as it was before them.
    private var tables: TableGenerator
    private var options: FuzzOptions
    private var lines: [String] = []
    /// Columns of the flow being written: the open section's, or the page's.
    private var columns: Int
    private var gutter: Double
    /// Named styles defined at the top, usable by `<p style>`.
    private var styles: [String] = []

    /// `withTables: false` gives the document as it was before tables were generated.
    public init(seed: UInt64, withTables: Bool = true) {
        random = FuzzRandom(seed: seed)
        tables = TableGenerator(seed: seed, chancePerBlock: withTables ? TableGenerator.chancePerBlock : 0)
        options = FuzzOptions()
        columns = 1
        gutter = 18
    }

    /// The document of `seed`.
    public static func document(seed: UInt64, withTables: Bool = true) -> FuzzDocument {
        var generator = DocumentGenerator(seed: seed, withTables: withTables)
        return generator.generate()
    }

    private var textWidth: Double { options.pageWidth - 2 * options.margin }
    private var textHeight: Double { options.pageHeight - 2 * options.margin }
    private var columnWidth: Double { (textWidth - Double(columns - 1) * gutter) / Double(columns) }

    mutating func generate() -> FuzzDocument {
        options = pageDesign()
        (columns, gutter) = (options.columns, options.gutter)
        defineStyles()
        if random.chance(0.2) { addExclusions() }
        if random.chance(0.4) { addHeadlineSection() }
        let parts = random.int(1 ... 3)
        for _ in 0 ..< parts {
            if random.chance(0.6) { addSection() } else { addBlocks(random.int(2 ... 5)) }
        }
        return FuzzDocument(lines: lines, options: options)
    }

    // MARK: The page

    /// A small page (cheap to set) whose columns are 60 to 200 pt wide.
    private mutating func pageDesign() -> FuzzOptions {
        var design = FuzzOptions()
        design.columns = random.int(1 ... 5)
        design.gutter = random.number(8, to: 18)
        design.margin = random.number(24, to: 48, step: 4)
        let columnWidth = random.number(70, to: 200, step: 10)
        design.pageWidth = min(842, Double(design.columns) * columnWidth + Double(design.columns - 1) * design.gutter + 2 * design.margin)
        design.pageHeight = random.number(360, to: 640, step: 20)
        design.fontSize = random.pick([9, 9.5, 10, 11])
        if random.chance(0.4) { design.baselineGrid = random.pick([12, 13, 14]) }
        if random.chance(0.2) { design.bleed = 9 }
        return design
    }

    private mutating func defineStyles() {
        if random.chance(0.5) {
            let leading = options.baselineGrid.map { "\(FuzzOptions.format($0))pt" } ?? random.pick(["12pt", "13pt", "1.2", "1.4"])
            lines.append("<style name=\"text\" line-height=\"\(leading)\" hyphenate=\"true\"\(random.chance(0.5) ? " indent=\"10\"" : "")/>")
            styles.append("text")
        }
        if random.chance(0.4) {
            lines.append("<style name=\"pullquote\" style=\"subheadline\" slant=\"italic\" color=\"darkred\" align=\"center\"/>")
            styles.append("pullquote")
        }
        if random.chance(0.3) {
            lines.append("<style name=\"deck\" size=\"16\" line-height=\"1.2\" space-after=\"8\"/>")
            styles.append("deck")
        }
    }

    private mutating func addExclusions() {
        let page = random.int(1 ... 2)
        if random.chance(0.5) {
            let r = random.number(30, to: min(90, textWidth / 3))
            let cx = random.number(options.margin, to: options.pageWidth - options.margin)
            let cy = random.number(options.margin + r, to: options.pageHeight - options.margin - r)
            lines.append("<exclusion shape=\"circle\" cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"\(f(r))\" padding=\"6\" page=\"\(page)\">")
        } else {
            let width = random.number(40, to: max(40, textWidth / 2)), height = random.number(40, to: 160)
            let x = random.number(options.margin, to: options.pageWidth - options.margin - width / 2)
            let y = random.number(options.margin, to: options.pageHeight - options.margin - height)
            lines.append("<exclusion shape=\"rect\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(width))\" height=\"\(f(height))\" padding=\"4\" page=\"\(page)\">")
        }
    }

    // MARK: Sections

    private mutating func addHeadlineSection() {
        lines.append("<section columns=\"1\">")
        (columns, gutter) = (1, options.gutter)
        lines.append("<p style=\"headline\">\(prose(random.int(3 ... 9), language: .english))</p>")
        if random.chance(0.6) {
            let deck = styles.contains("deck") ? "<p style=\"deck\">" : "<p style=\"subheadline\">"
            lines.append(deck + prose(random.int(8 ... 24), language: .english) + "</p>")
        }
        lines.append("</section>")
        (columns, gutter) = (options.columns, options.gutter)
    }

    private mutating func addSection() {
        if random.chance(0.15) { return addShapedSection() }
        let gutter = random.number(8, to: 18)
        let most = max(1, min(5, Int((textWidth + gutter) / (60 + gutter))))
        let count = random.int(1 ... most)
        var tag = "<section columns=\"\(count)\" gutter=\"\(f(gutter))\""
        if count > 1 && random.chance(0.3) { tag += " column-rule=\"0.5 #999999\"" }
        if random.chance(0.2) { tag += " background=\"#f2e6c9\"" + (random.chance(0.5) ? " bleed=\"true\"" : "") }
        lines.append(tag + ">")
        (columns, self.gutter) = (count, gutter)
        addBlocks(random.int(2 ... 6))
        lines.append("</section>")
        (columns, self.gutter) = (options.columns, options.gutter)
    }

    private mutating func addShapedSection() {
        let height = random.number(120, to: min(300, textHeight), step: 10)
        lines.append("<section shape=\"\(random.pick(["circle", "ellipse"]))\" height=\"\(f(height))\">")
        (columns, gutter) = (1, options.gutter)
        lines.append("<p align=\"center\">" + prose(random.int(15 ... 60), language: .english) + "</p>")
        lines.append("</section>")
        (columns, gutter) = (options.columns, options.gutter)
    }

    // MARK: Blocks

    private mutating func addBlocks(_ count: Int) {
        for _ in 0 ..< count {
            if tables.comesNext() { lines += tables.table(columnWidth: columnWidth, columns: columns, gutter: gutter) }
            switch random.int(0 ... 19) {
            case 0 ... 4: addParagraph()
            case 5: addHeading()
            case 6: addInlinePicture()
            case 7: addFloatedPicture()
            case 8: addFigure()
            case 9: addAside()
            case 10: addTabTable()
            case 11: addList()
            case 12: addKeep()
            case 13: addBreak()
            case 14: addDropCap()
            case 15: addLanguage()
            case 16: addSpanningPicture()
            default: addParagraph()
            }
        }
    }

    /// A paragraph of body text, styled by a `<p>` or a named style now and then.
    private mutating func addParagraph(words: ClosedRange<Int> = 15 ... 70) {
        let text = richProse(random.int(words))
        let attributes = paragraphAttributes()
        lines.append(attributes.isEmpty ? text : "<p\(attributes)>\(text)</p>")
    }

    private mutating func paragraphAttributes() -> String {
        var attributes = ""
        if !styles.isEmpty && random.chance(0.3) { attributes += " style=\"\(random.pick(styles))\"" }
        if random.chance(0.35) {
            let leading = options.baselineGrid.map { "\(FuzzOptions.format($0))pt" } ?? random.pick(["11pt", "12pt", "14pt", "1.2", "1.5", "normal"])
            attributes += " line-height=\"\(leading)\""
        }
        if random.chance(0.2) { attributes += " align=\"\(random.pick(["left", "right", "center", "justify"]))\"" }
        if random.chance(0.15) { attributes += " indent=\"\(f(random.number(6, to: 18)))\"" }
        if random.chance(0.1) { attributes += " space-before=\"\(f(random.number(0, to: 12)))\"" }
        if random.chance(0.1) { attributes += " hanging-punctuation=\"true\"" }
        if random.chance(0.1) { attributes += " hyphenate=\"false\"" }
        if random.chance(0.1) { attributes += " keep-together=\"true\"" }
        if random.chance(0.08) { attributes += " widows=\"\(random.int(1 ... 3))\" orphans=\"\(random.int(1 ... 3))\"" }
        return attributes
    }

    private mutating func addHeading() {
        switch random.int(0 ... 3) {
        case 0: lines.append("<p style=\"headline\">\(prose(random.int(2 ... 7), language: .english))</p>")
        case 1: lines.append("<p style=\"subheadline\">\(prose(random.int(2 ... 6), language: .english))</p>")
        case 2: lines.append("<p keep-with-next=\"true\"><b>\(prose(random.int(2 ... 5), language: .english))</b></p>")
        default:
            let style = styles.contains("pullquote") ? "pullquote" : "subheadline"
            lines.append("<p style=\"\(style)\">“\(prose(random.int(6 ... 16), language: .english))”</p>")
        }
        addParagraph()
    }

    private mutating func addInlinePicture() {
        let picture = random.pick(FuzzPicture.all)
        let width = random.number(16, to: min(120, columnWidth), step: 2)
        let image = "<img src=\"\(picture.file)\" width=\"\(f(width))\" alt=\"\(picture.alt)\">"
        let before = prose(random.int(3 ... 30), language: .english), after = prose(random.int(3 ... 30), language: .english)
        let attributes = paragraphAttributes()
        let text = "\(before) \(image) \(after)"
        lines.append(attributes.isEmpty ? text : "<p\(attributes)>\(text)</p>")
    }

    private mutating func addFloatedPicture() {
        let picture = random.pick(FuzzPicture.all)
        let width = random.number(min(40, columnWidth), to: max(40, columnWidth * 0.7), step: 2)
        var image = "<img src=\"\(picture.file)\" alt=\"\(picture.alt)\" width=\"\(f(width))\" float=\"\(random.pick(["left", "right"]))\""
        if random.chance(0.4) { image += " margin=\"\(f(random.number(4, to: 12)))\"" }
        if picture.hasAlpha && random.chance(0.5) { image += " wrap=\"contour\"" }
        if random.chance(0.2) { image += " bleed=\"true\"" }
        let attributes = paragraphAttributes()
        let text = image + ">" + richProse(random.int(30 ... 80))
        lines.append(attributes.isEmpty ? text : "<p\(attributes)>\(text)</p>")
    }

    private mutating func addSpanningPicture() {
        let picture = random.pick(FuzzPicture.all)
        var image = "<img src=\"\(picture.file)\" alt=\"\(picture.alt)\" float=\"\(random.pick(["top", "bottom"]))\""
        if columns > 1 && random.chance(0.6) { image += " span=\"\(random.int(1 ... columns))\"" }
        if random.chance(0.2) { image += " bleed=\"true\"" }
        lines.append(image + ">" + richProse(random.int(20 ... 60)))
    }

    private mutating func addFigure() {
        let picture = random.pick(FuzzPicture.all)
        let figure = FigureTag(random: &random, columnWidth: columnWidth, columns: columns, gutter: gutter)
        let width = figure.contentWidth
        lines.append(figure.tag)
        lines.append("<img src=\"\(picture.file)\" alt=\"\(picture.alt)\" width=\"\(f(max(20, width - 10)))\">")
        if random.chance(0.8) { lines.append("<caption>\(prose(random.int(4 ... 18), language: .english))</caption>") }
        lines.append("</figure>")
        addParagraph()
    }

    /// A sidebar or a pull quote, short enough to fit a third of its column (an aside taller
    /// than a column is an error: its text cannot be scaled).
    private mutating func addAside() {
        var placements = ["", "left", "right", "top"]
        if columns > 1 { placements.append("center") }
        let float = random.pick(placements)
        var tag = "<aside"
        var width = columnWidth
        if !float.isEmpty { tag += " float=\"\(float)\"" }
        if ["left", "right"].contains(float) {
            width = random.number(min(60, columnWidth), to: max(60, columnWidth * 0.7), step: 2)
            tag += " width=\"\(f(width))\""
        } else if float == "center" {
            width = (Double(min(2, columns)) * columnWidth + gutter) / 3
        }
        let boxed = random.chance(0.6)
        if boxed { tag += random.pick([" background=\"#e8eef4\"", " border=\"0.5 #5a7a9a\"", " background=\"#f2e6c9\" border=\"1 #8a6d3b\""]) }
        if !float.isEmpty && random.chance(0.15) { tag += " bleed=\"true\"" }
        let textWidth = width - (boxed ? 12 : 0)
        // Characters a line holds, lines a third of the column holds, at about 12 pt a line.
        let perLine = max(1, textWidth / 6)
        let words = Int(min(40, (textHeight / 3 / 16) * perLine / 7))
        guard words >= 4 else { return addParagraph() }
        lines.append(tag + ">")
        if random.chance(0.5) {
            let style = styles.contains("pullquote") ? "pullquote" : "subheadline"
            lines.append("<p style=\"\(style)\" align=\"center\">“\(prose(random.int(3 ... max(3, words / 2)), language: .english))”</p>")
        } else {
            lines.append("<p><b>\(prose(random.int(1 ... 3), language: .english))</b></p>")
            lines.append(prose(random.int(3 ... max(3, words - 3)), language: .english))
        }
        lines.append("</aside>")
        addParagraph()
    }

    /// Rows of a table set with tab stops, as a news page sets results in a narrow column.
    private mutating func addTabTable() {
        let width = columnWidth
        var stops: [String] = []
        var position = random.number(30, to: max(30, width * 0.5))
        stops.append(f(position))
        if random.chance(0.7) {
            position = random.number(position + 10, to: position + max(10, width * 0.4))
            stops.append("\(f(position)) \(random.pick(["right", "center", "decimal", "left"]))")
        }
        if random.chance(0.5) { stops.append("end \(random.pick(["right", "decimal"]))") }
        let rows = random.int(2 ... 6)
        let columnsInRow = stops.count + 1
        var table: [String] = []
        for _ in 0 ..< rows {
            var cells = [prose(random.int(1 ... 2), language: .english).replacingOccurrences(of: ".", with: "")]
            for _ in 1 ..< columnsInRow { cells.append(random.chance(0.5) ? "\(random.int(1 ... 999)).\(random.int(10 ... 99))" : "\(random.int(1 ... 99))") }
            table.append(cells.joined(separator: "\t"))
        }
        let keep = random.chance(0.3)
        if keep { lines.append("<keep>") }
        table[0] = "<p tabs=\"\(stops.joined(separator: ", "))\" align=\"\(random.pick(["left", "justify"]))\" hyphenate=\"false\">" + table[0]
        table[table.count - 1] += "</p>"
        lines += table
        if keep { lines.append("</keep>") }
    }

    private mutating func addList() {
        let numbered = random.chance(0.4)
        let attributes = numbered ? " type=\"number\"" : (random.chance(0.3) ? " marker=\"–\" indent=\"14\"" : "")
        if random.chance(0.5) { lines.append(prose(random.int(4 ... 12), language: .english)) }
        for _ in 0 ..< random.int(2 ... 5) {
            lines.append("<li\(attributes)>" + prose(random.int(2 ... 20), language: .english))
        }
    }

    private mutating func addKeep() {
        lines.append("<keep>")
        lines.append("<p style=\"subheadline\">\(prose(random.int(1 ... 4), language: .english))</p>")
        for _ in 0 ..< random.int(2 ... 4) { lines.append("<li>" + prose(random.int(2 ... 8), language: .english)) }
        lines.append("</keep>")
        addParagraph()
    }

    private mutating func addBreak() {
        lines.append(random.chance(0.7) ? "<columnbreak>" : "<pagebreak>")
        addParagraph()
    }

    private mutating func addDropCap() {
        var tag = "<p dropcap=\"\(random.int(2 ... 4))\""
        if random.chance(0.3) { tag += " dropcap-color=\"#8b0000\"" }
        if random.chance(0.3) { tag += " line-height=\"\(options.baselineGrid.map { "\(f($0))pt" } ?? "12pt")\"" }
        lines.append(tag + ">" + richProse(random.int(25 ... 70)) + "</p>")
    }

    private mutating func addLanguage() {
        let language = random.pick([ProseLanguage.german, .french, .chinese, .arabic])
        let attributes = random.chance(0.3) ? paragraphAttributes() : ""
        lines.append("<p lang=\"\(language.rawValue)\"\(attributes)>" + prose(random.int(10 ... 60), language: language) + "</p>")
    }

    // MARK: Text

    private mutating func prose(_ words: Int, language: ProseLanguage) -> String {
        Prose(language: language).words(words, random: &random)
    }

    /// English prose with character styles in it now and then: italic, bold, a size, a
    /// superscript, a no-break group, a line break, an entity, a phrase in another language.
    private mutating func richProse(_ words: Int) -> String {
        var pieces: [String] = []
        var left = words
        while left > 0 {
            let count = min(left, random.int(3 ... 14))
            left -= count
            let text = prose(count, language: .english)
            switch random.int(0 ... 14) {
            case 0: pieces.append("<i>\(text)</i>")
            case 1: pieces.append("<b>\(text)</b>")
            case 2: pieces.append("<font size=\"\(f(random.number(8, to: 16)))\">\(text)</font>")
            case 3: pieces.append("\(text) E = mc<sup>2</sup>")
            case 4: pieces.append("<nobr>\(prose(2, language: .english))</nobr> \(text)")
            case 5: pieces.append("\(text)<br>")
            case 6: pieces.append("\(text) &mdash;")
            case 7: pieces.append("<font lang=\"de\">\(prose(count, language: .german))</font>")
            default: pieces.append(text)
            }
        }
        return pieces.joined(separator: " ")
    }

    private func f(_ number: Double) -> String { FuzzOptions.format(number) }
}
