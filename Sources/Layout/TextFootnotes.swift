import Text

/// A footnote's marker in the text and the box holding its note's paragraphs.
public struct FootnoteReference: Hashable, Sendable {
    /// The marker's characters (its mark) in the text.
    public var marker: Range<Int>
    public var note: BoxRange

    /// Where its note is set: at the foot of its marker's column, or across the page.
    public var placement: FootnotePlacement {
        guard case .footnote(let placement, _) = note.style.placement else { return .column }
        return placement
    }
}

/// The footnotes of a text, in text order, found once from its character attributes: a line
/// holding a marker reserves room for the note at its column's foot (see FootnoteArea).
public struct TextFootnotes: Sendable {
    public let all: [FootnoteReference]

    public init(text: AttributedText, boxes: TextBoxes) {
        var found: [FootnoteReference] = []
        let runs = text.attributeRuns
        for run in 0 ..< runs.runCount {
            guard let number = runs.value(ofRun: run).footnote else { continue }
            let marker = runs.range(ofRun: run)
            if let last = found.last, last.note.style.number == number, last.marker.upperBound == marker.lowerBound {
                found[found.count - 1].marker = last.marker.lowerBound ..< marker.upperBound
                continue
            }
            // The note's paragraphs follow the marker's paragraph: the first box after it so numbered.
            let after = boxes.all.partitionIndex { $0.range.lowerBound >= marker.upperBound }
            guard let note = boxes.all[after...].first(where: { $0.style.number == number }) else { continue }
            found.append(FootnoteReference(marker: marker, note: note))
        }
        all = found
    }

    /// The footnotes whose markers begin in `range`, in order.
    public func references(in range: Range<Int>) -> ArraySlice<FootnoteReference> {
        let first = all.partitionIndex { $0.marker.lowerBound >= range.lowerBound }
        let end = all.partitionIndex { $0.marker.lowerBound >= range.upperBound }
        return all[first ..< max(first, end)]
    }
}
