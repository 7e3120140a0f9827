import Text

/// A drop cap opens the first paragraph after the tag that asks for it, not every paragraph
/// while that tag is open. `<p dropcap="2">` written before a story's first paragraph and never
/// closed, as HTML is written, set an initial on every running paragraph after it, and on the
/// rows of a tab table (a designer's annual report had nine on one page); an initial marks where
/// a story or a section begins, and no designer sets two in a row. The tag's other attributes
/// last until `</p>`, as every `<p>`'s do.
///
/// The drop cap is known by where it was asked for (`origin`), which the styles' saved states
/// carry: a `</font>` or `</p>` that brings back the style of before the initial was taken
/// brings back its origin too, and that origin stays taken.
struct DropCapOnce {
    /// Where the drop cap of paragraphs that begin from now on was asked for: the `<p>` tag that
    /// gave it (its `dropcap`, or its style's), or the `<style name="body">` that restyled the
    /// text with one; nil when none was asked for since the text began.
    var origin: Int?
    /// Where the figure or aside that paragraphs begin in was opened: a drop cap asked for before
    /// it is the column's, and its sidebar's first paragraph does not take the story's initial.
    var boxTag: Int?
    /// The origins whose initial a paragraph has taken.
    private var taken: Set<Int> = []
    /// Whether the paragraph in progress has a drop cap that its first characters have not yet
    /// shown it takes (a paragraph opening with a quotation mark split from its letter by a tag).
    private var undecided = false

    /// The style of a paragraph that begins: without its drop cap when a paragraph before it took
    /// that one.
    mutating func begin(_ style: inout ParagraphStyle, inBox: Bool) {
        let askedOutside = inBox && (origin ?? -1) < (boxTag ?? .max)
        if style.dropCap.isOn, taken.contains(origin ?? -1) || askedOutside { style.dropCap = .none }
        undecided = style.dropCap.isOn
    }

    /// A paragraph begins in the style of the one before (which has not taken its drop cap).
    mutating func beginAgain(_ style: ParagraphStyle) {
        undecided = style.dropCap.isOn
    }

    /// The paragraph's text, as it is added: one that opens with a letter or a digit (after
    /// opening quotation marks and pictures' anchors, as the layout finds its initial) takes its
    /// drop cap. True when it took it now: the next paragraph's style must be made again.
    mutating func noteText(_ units: ArraySlice<UInt16>) -> Bool {
        guard undecided else { return false }
        for unit in units {
            if unit == AttributedText.objectReplacementCharacter || Self.openingQuotes.contains(unit) { continue }
            undecided = false
            guard let scalar = Unicode.Scalar(unit), scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || UTF16.isLeadSurrogate(unit) else { return false }
            taken.insert(origin ?? -1)
            return true
        }
        return false
    }

    /// The marks docs/markup.md lists as going with the initial.
    private static let openingQuotes: Set<UInt16> = [0x22, 0x27, 0x201C, 0x2018, 0x00AB, 0x00BB, 0x201E, 0x201A, 0x2039]
}
