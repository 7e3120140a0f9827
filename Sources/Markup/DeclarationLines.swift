/// A line that holds only declarations — `<p>`, `</p>`, `<style>`, `<rule>`, comments — and
/// white space prints nothing, not even an empty paragraph: ten rules at the top of a
/// document must not push its text ten lines down. Any other line is a paragraph, even one
/// holding only `<font>` tags, as in the tutorial.
///
/// The spaces at the start of a line are held back until the line shows whether it prints.
struct DeclarationLines {
    private var heldSpaces: [UInt16] = []
    /// Nothing but declarations and spaces since the line began.
    private var onlyDeclarations = true
    private var hasDeclaration = false

    static func isDeclaration(_ tag: Tag) -> Bool {
        ["p", "style", "rule"].contains(tag.name)
    }

    /// Notes a declaration (a comment, or a tag for which `isDeclaration` holds).
    mutating func declaration() {
        hasDeclaration = true
    }

    /// Notes a tag that may print (or changes how text prints); returns the spaces held back,
    /// which belong before it.
    mutating func otherTag() -> [UInt16] {
        onlyDeclarations = false
        defer { heldSpaces = [] }
        return heldSpaces
    }

    /// `units` as they should be added to the text.
    mutating func text(_ units: [UInt16]) -> [UInt16] {
        // Common case, a line that already printed: nothing to decide until its end.
        guard onlyDeclarations || units.contains(0x0A) else { return units }
        var result: [UInt16] = []
        result.reserveCapacity(units.count)
        for unit in units {
            if unit == 0x0A {
                if !(onlyDeclarations && hasDeclaration) { result += heldSpaces + [unit] }
                heldSpaces = []
                onlyDeclarations = true
                hasDeclaration = false
            } else if onlyDeclarations, unit == 0x20 || unit == 0x09 {
                heldSpaces.append(unit)
            } else {
                if onlyDeclarations {
                    result += heldSpaces
                    heldSpaces = []
                    onlyDeclarations = false
                }
                result.append(unit)
            }
        }
        return result
    }

    /// The spaces held back at the end of the document, unless its last line only declares.
    mutating func finish() -> [UInt16] {
        hasDeclaration ? [] : heldSpaces
    }
}
