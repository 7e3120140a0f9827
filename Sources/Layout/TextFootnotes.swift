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
    /// Boxes read to find the notes: what finding them costs, which tests compare.
    let boxesLookedAt: Int

    public init(text: AttributedText, boxes: TextBoxes) {
        var found: [FootnoteReference] = []
        // Each number's boxes, in text order: a marker's note is found without walking the notes
        // between them, which on one line of 5,000 notes was 12.5 million boxes looked at.
        var boxesNumbered: [Int: [Int]] = [:]
        for (index, box) in boxes.all.enumerated() { boxesNumbered[box.style.number, default: []].append(index) }
        var lookedAt = boxes.all.count
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
            guard let note = boxesNumbered[number]?.first(where: { lookedAt += 1; return $0 >= after }) else { continue }
            found.append(FootnoteReference(marker: marker, note: boxes.all[note]))
        }
        all = found
        boxesLookedAt = lookedAt
    }

    /// The footnotes whose markers begin in `range`, in order.
    public func references(in range: Range<Int>) -> ArraySlice<FootnoteReference> {
        let first = all.partitionIndex { $0.marker.lowerBound >= range.lowerBound }
        let end = all.partitionIndex { $0.marker.lowerBound >= range.upperBound }
        return all[first ..< max(first, end)]
    }
}
