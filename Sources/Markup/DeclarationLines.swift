/// A line that holds only declarations — `<p>`, `</p>`, `<import>`, `<style>`, `<rule>`, `<meta>`,
/// `<section>`, `</section>`, `<figure>`, `<aside>`, `<keep>`, `<table>`, `<tr>`, `<td>`, `<th>` and their closing tags, `<columnbreak>`, `<pagebreak>`, `<exclusion>`, `<include>`, `<master>` (with its furniture, up to `</master>`), `<contents>`, `<jump>` and `<resume>` (which make paragraphs of their own), comments — and
/// white space prints nothing, not even an empty paragraph: ten rules at the top of a
/// document must not push its text ten lines down. Any other line is a paragraph, even one
/// holding only `<font>` tags, as in the tutorial.
///
/// The spaces at the start of a line are held back until the line shows whether it prints.
struct DeclarationLines {
    private var heldSpaces = SourcedText()
    /// Nothing but declarations and spaces since the line began.
    private var onlyDeclarations = true
    private var hasDeclaration = false

    static func isDeclaration(_ tag: Tag) -> Bool {
        // A switch, not an array literal's `contains`: no array made for every tag.
        switch tag.name {
        case "p", "style", "swatch", "rule", "meta", "section", "keep", "columnbreak", "pagebreak", "exclusion", "figure", "aside",
             "table", "tr", "td", "th", "import", "include", "master", "contents", "jump", "resume": return true
        default: return false
        }
    }

    /// Notes a declaration (a comment, or a tag for which `isDeclaration` holds).
    mutating func declaration() {
        hasDeclaration = true
    }

    /// Notes a tag that may print (or changes how text prints); returns the spaces held back,
    /// which belong before it.
    mutating func otherTag() -> SourcedText {
        onlyDeclarations = false
        defer { heldSpaces = SourcedText() }
        return heldSpaces
    }

    /// `text` as it should be added to the document: `text` itself, not a copy, when all of
    /// it is added (the common case, a line that prints).
    mutating func text(_ text: SourcedText) -> SourcedText {
        let units = text.units
        var result = SourcedText()
        var index = 0
        while index < units.count {
            guard onlyDeclarations else {
                // The rest of a line that prints is kept whole, with its line end.
                let lineEnd = UnitSearch.firstLineFeed(in: units[index...])
                let end = lineEnd.map { $0 + 1 } ?? units.count
                if lineEnd != nil { startLine() }
                if index == 0, end == units.count, result.isEmpty { return text }
                result.append(text, range: index ..< end)
                index = end
                continue
            }
            let unit = units[index]
            if unit == 0x0A {
                if !hasDeclaration {
                    result.append(heldSpaces)
                    result.append(text, range: index ..< index + 1)
                }
                startLine()
                index += 1
            } else if unit == 0x20 || unit == 0x09 {
                heldSpaces.append(text, range: index ..< index + 1)
                index += 1
            } else {
                result.append(heldSpaces)
                heldSpaces = SourcedText()
                onlyDeclarations = false
            }
        }
        return result
    }

    private mutating func startLine() {
        heldSpaces = SourcedText()
        onlyDeclarations = true
        hasDeclaration = false
    }

    /// The spaces held back at the end of the document, unless its last line only declares.
    mutating func finish() -> SourcedText {
        hasDeclaration ? SourcedText() : heldSpaces
    }
}
