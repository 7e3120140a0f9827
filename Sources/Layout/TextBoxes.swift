import Text

/// A figure's or an aside's paragraphs in the text, and how the box looks (`BoxStyle`).
public struct BoxRange: Hashable, Sendable {
    public var range: Range<Int>
    public var style: BoxStyle

    public init(range: Range<Int>, style: BoxStyle) {
        self.range = range
        self.style = style
    }
}

/// The boxes of a text, in text order, found once from its paragraph styles: the column's
/// text passes over their paragraphs, which are set in the box wherever it is placed.
public struct TextBoxes: Sendable {
    public let all: [BoxRange]

    public init(text: AttributedText) {
        var boxes: [BoxRange] = []
        let runs = text.paragraphStyleRuns
        for run in 0 ..< runs.runCount {
            guard let style = runs.value(ofRun: run).box else { continue }
            let range = runs.range(ofRun: run)
            // A box whose paragraphs differ in style is several runs of the same box.
            if let last = boxes.last, last.style.number == style.number, last.range.upperBound == range.lowerBound {
                boxes[boxes.count - 1].range = last.range.lowerBound ..< range.upperBound
            } else {
                boxes.append(BoxRange(range: range, style: style))
            }
        }
        all = boxes
    }

    /// The box whose paragraphs hold `index`, if any.
    public func box(containing index: Int) -> BoxRange? {
        all.element(containing: index, range: \.range)
    }
}
