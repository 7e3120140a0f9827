import Text

/// Display text: a paragraph whose dominant size — the size most of its characters are set
/// in — is at least `sizeRatio` times the body's is a headline, a deck or a pull quote however
/// it was made large (a named style of its own, `<font size>`), and is set as the predefined
/// headline styles are: in balanced display lines, flush with the start, not hyphenated.
/// Justifying a few large words pulls them apart ("The  Spring  Issue:"), a hyphen in one is a
/// stumble ("lamp-/light"), and a word alone on the last line looks dropped. Each setting the
/// paragraph's `<p>` or named style gave itself (`GivenDisplaySettings`) wins: `align="justify"`
/// still justifies, `hyphenate="true"` still hyphenates, `balance="false"` does not balance.
enum DisplayParagraphs {
    /// 1.4 × the body: 15.4 pt over 11 pt text. The subheadline style (1.25 ×) and bold or
    /// italic body text stay text; a deck (16 pt over 11) and the headline (1.6 ×) are display.
    static let sizeRatio = 1.4

    /// Sets every display paragraph of `text`, whose body size is `bodySize`, as display lines.
    static func apply(to text: inout AttributedText, bodySize: Double) {
        let displaySize = sizeRatio * bodySize
        var displayParagraphs: [Range<Int>] = []
        ParagraphRuns.forEach(in: text) { paragraph, runs in
            // A picture in the line is no letter: its size says nothing of the text's. Sizes
            // are counted only when a run is large, which few are (a dictionary a paragraph
            // would cost a book of short paragraphs).
            guard runs.contains(where: { $0.attributes.image == nil && $0.attributes.fontSize >= displaySize }) else { return }
            var unitsBySize: [Double: Int] = [:]
            for run in runs where run.attributes.image == nil { unitsBySize[run.attributes.fontSize, default: 0] += run.range.count }
            if let size = dominantSize(unitsBySize), size >= displaySize { displayParagraphs.append(paragraph) }
        }
        for paragraph in displayParagraphs {
            let style = text.paragraphStyle(at: paragraph.lowerBound)
            let display = displayStyle(style)
            if display != style { text.setParagraphStyle(display, in: paragraph) }
        }
    }

    /// The size with the most characters; of two with as many, the larger.
    static func dominantSize(_ unitsBySize: [Double: Int]) -> Double? {
        unitsBySize.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }

    /// `style` with the display defaults for each setting the markup did not give it.
    static func displayStyle(_ style: ParagraphStyle) -> ParagraphStyle {
        var display = style
        let given = style.givenDisplaySettings
        if !given.contains(.balance) { display.balance = true }
        if !given.contains(.alignment), display.alignment == .justify { display.alignment = .start }
        if !given.contains(.hyphenate) { display.hyphenate = false }
        return display
    }
}
