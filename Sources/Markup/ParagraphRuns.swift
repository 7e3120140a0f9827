import Text

/// The finished text's paragraphs, each with its attribute runs clipped to it: what the passes
/// that set a paragraph's style from its content read (display text, pictures alone). One walk
/// of the text's runs, not a search a paragraph.
enum ParagraphRuns {
    /// A run's range and the text's shared copy of its attributes (never a copy of them: a
    /// paragraph restyled by a rule has a run a match).
    typealias Run = RunArray<TextAttributes>.Run

    /// Calls `body` with each paragraph's range (its line end included) and its runs, clipped.
    static func forEach(in text: AttributedText, _ body: (_ paragraph: Range<Int>, _ runs: [Run]) -> Void) {
        let runs = text.attributeRuns(in: 0 ..< text.length)
        var runIndex = 0
        var start = 0
        var clipped: [Run] = []
        while start < text.length {
            let end = UnitSearch.firstLineFeed(in: text.storage, from: start).map { $0 + 1 } ?? text.length
            clipped.removeAll(keepingCapacity: true)
            while runIndex < runs.count, runs[runIndex].range.lowerBound < end {
                let run = runs[runIndex]
                var inParagraph = run
                inParagraph.range = max(run.range.lowerBound, start) ..< min(run.range.upperBound, end)
                if !inParagraph.range.isEmpty { clipped.append(inParagraph) }
                // A run reaching into the next paragraph is read again there.
                if run.range.upperBound > end { break }
                runIndex += 1
            }
            body(start ..< end, clipped)
            start = end
        }
    }
}
