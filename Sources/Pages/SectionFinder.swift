import Text

/// The section holding a text position and where it ends. A section is a run of paragraphs
/// with the same `ParagraphStyle.section` (nil: text outside any section, set in the page's
/// columns). The last section found is remembered, so each one's style runs are walked once.
struct SectionFinder {
    let text: AttributedText
    private var known: (range: Range<Int>, style: SectionStyle?)?

    init(text: AttributedText) {
        self.text = text
    }

    mutating func section(at position: Int) -> (end: Int, style: SectionStyle?) {
        if let known, known.range.contains(position) { return (known.range.upperBound, known.style) }
        let runs = text.paragraphStyleRuns
        var run = runs.runIndex(at: position)
        let style = runs.value(ofRun: run).section
        while run + 1 < runs.runCount, runs.value(ofRun: run + 1).section == style { run += 1 }
        let end = runs.range(ofRun: run).upperBound
        known = (position ..< end, style)
        return (end, style)
    }
}

extension AttributedText {
    /// The number of the section a character is in (nil: outside any); past the text's end, the
    /// last character's. A band holds one section's columns, so two elements or columns of one
    /// band answer alike.
    public func sectionNumber(at index: Int) -> Int? {
        paragraphStyle(at: min(index, max(0, length - 1))).section?.number
    }
}
