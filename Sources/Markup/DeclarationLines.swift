/// A line that holds only declarations — `<p>`, `</p>`, `<style>`, `<rule>`, `<meta>`,
/// `<section>`, `</section>`, `<figure>`, `<aside>`, `<keep>` and their closing tags, `<columnbreak>`, `<pagebreak>`, `<exclusion>`, comments — and
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
        ["p", "style", "rule", "meta", "section", "keep", "columnbreak", "pagebreak", "exclusion", "figure", "aside"].contains(tag.name)
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

    /// `text` as it should be added to the document.
    mutating func text(_ text: SourcedText) -> SourcedText {
        // Common case, a line that already printed: nothing to decide until its end.
        guard onlyDeclarations || text.units.contains(0x0A) else { return text }
        let units = text.units
        // As common: the end of a line that already printed, kept whole.
        if !onlyDeclarations, units.firstIndex(of: 0x0A) == units.count - 1 {
            startLine()
            return text
        }
        var result = SourcedText()
        var index = 0
        while index < units.count {
            guard onlyDeclarations else {
                // The rest of a line that prints is kept whole, with its line end.
                let lineEnd = units[index...].firstIndex(of: 0x0A)
                result.append(text, range: index ..< (lineEnd.map { $0 + 1 } ?? units.count))
                index = lineEnd.map { $0 + 1 } ?? units.count
                if lineEnd != nil { startLine() }
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
