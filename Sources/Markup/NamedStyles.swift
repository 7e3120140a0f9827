import Text

/// A style a document applies by name: `<font style="caption1">`, `<p style="headline">`.
struct NamedStyle: Equatable {
    var character = CharacterStyleChange()
    var paragraph = ParagraphStyleChange()
    /// Its paragraphs start from the typesetter's defaults, not the text around them (`clean`, see BaseTextStyle).
    var startsClean = false
}

/// The named styles of one document: the predefined ones, then those its `<style>` tags define.
struct NamedStyles {
    /// By lowercased name: names ignore case, like colours.
    private var styles: [String: NamedStyle] = [:]

    /// The sans-serif family of the predefined display styles (bundled, so always found).
    static let displayFamily = "Liberation Sans"

    /// The predefined styles: the ratios of Apple's Dynamic Type text styles, adjusted for print
    /// (see docs/markup.md): size relative to the body size, weight, display family or body family, italic.
    static let predefined: [(name: String, scale: Double, weight: Int, display: Bool, italic: Bool)] = [
        ("headline", 1.6, 700, true, false),
        ("subheadline", 1.25, 600, true, false),
        ("body", 1, 400, false, false),
        ("footnote", 0.8, 400, false, false),
        ("caption1", 0.85, 400, true, false),
        ("caption2", 0.75, 400, true, true),
        ("caption", 0.85, 400, true, false),
        ("table", 0.9, 400, true, false),
        ("jump", 0.85, 400, false, true),
        ("resume", 0.85, 400, false, true),
    ]

    /// The predefined styles for a document whose body text is `defaults`: every size scaled by
    /// `defaults.textScale`. Each sets a complete face (family, size, weight, slant) and the
    /// spacing around its paragraphs, so that `<p style="body">` after a headline is body again.
    init(defaults: MarkupDefaults) {
        let body = defaults.attributes
        let bodyParagraph = defaults.paragraphStyle
        for entry in Self.predefined {
            var style = NamedStyle()
            let size = body.fontSize * entry.scale * defaults.textScale
            style.character.family = entry.display ? Self.displayFamily : body.fontFamily
            style.character.size = size
            style.character.weight = entry.weight
            style.character.italic = entry.italic
            let isHeadline = entry.name == "headline"
            // A caption (`<caption>`) stands a little below its picture, and is set ragged:
            // justified in a figure's narrow measure its few words would be pulled apart.
            let isCaption = entry.name == "caption"
            // A table's cells are set ragged and close: their padding spaces them.
            let isTable = entry.name == "table"
            style.paragraph.spaceBefore = isHeadline ? 0.6 * size : isCaption ? 0.4 * size : isTable ? 0 : bodyParagraph.spaceBefore
            style.paragraph.spaceAfter = isHeadline ? 0.3 * size : isTable ? 0 : bodyParagraph.spaceAfter
            // Display lines are set flush and whole: justifying a headline only pulls its few
            // words apart, and a hyphen in one is a stumble. Flush with the start, so that a
            // Hebrew or Arabic headline is flush right.
            let isDisplayLine = entry.display && !entry.italic && entry.scale > 1
            style.paragraph.alignment = isDisplayLine || isCaption || isTable ? .start : bodyParagraph.alignment
            // A heading, a caption or a cell never takes the body's first-line indent: the indent
            // marks a new paragraph of running text, and a restyled body (`indent="9"`) would
            // otherwise indent every subhead and caption after it.
            if entry.name != "body", entry.name != "footnote" { style.paragraph.firstLineIndent = 0 }
            // Nor does one open with a drop cap: a `<p dropcap>` stays in force until its `</p>`,
            // and one left open would set an initial in every heading, caption and cell after it.
            if entry.name != "body" { style.paragraph.dropCap.lines = DropCap.none.lines }
            style.paragraph.hyphenate = isDisplayLine ? false : bodyParagraph.hyphenate
            // Display lines of nearly equal length, no word alone on the last one.
            style.paragraph.balance = isDisplayLine
            // Headings go to the next column with the text they head rather than end one.
            style.paragraph.keepWithNext = entry.name == "headline" || entry.name == "subheadline"
            // A story's jump line ends its first part flush with the column's end, kept with the
            // lines above it; the resumed part's head stands above the text it heads, a line's
            // room apart from the story before it, as a newspaper's "Continued on page 7" and
            // "Continued from page 2" (StoryJumps).
            if entry.name == "jump" {
                style.paragraph.alignment = .end
                style.paragraph.keepWithPrevious = true
                style.paragraph.spaceBefore = 0.4 * size
            } else if entry.name == "resume" {
                style.paragraph.alignment = .start
                style.paragraph.keepWithNext = true
                style.paragraph.spaceBefore = size
                style.paragraph.spaceAfter = 0.4 * size
            }
            if entry.name == "jump" || entry.name == "resume" { style.paragraph.hyphenate = false }
            // Headlines are the PDF's bookmarks, each subheadline under the headline before it;
            // the other styles set none, so that `<p style="body">` after a headline is no bookmark.
            style.paragraph.outlineLevel = entry.name == "headline" ? 1 : entry.name == "subheadline" ? 2 : 0
            styles[entry.name] = style
        }
    }

    subscript(name: String) -> NamedStyle? {
        styles[name.lowercased()]
    }

    /// Defines `name`, replacing any style of that name (predefined ones too).
    mutating func define(_ name: String, as style: NamedStyle) {
        styles[name.lowercased()] = style
    }

    /// Every name, sorted (for messages).
    var names: [String] { styles.keys.sorted() }
}
