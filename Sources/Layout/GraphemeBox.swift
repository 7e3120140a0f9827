import Text

/// One grapheme cluster of a line (or one picture) as carets see it: its characters and the
/// stretch of the line it covers, in page coordinates. The caret before the grapheme stands at
/// its leading edge (the left in left-to-right text, the right in right-to-left text), the
/// caret after it at its trailing edge.
struct GraphemeBox {
    var characters: Range<Int>
    var minX: Double
    var maxX: Double
    var isRightToLeft: Bool

    var leadingX: Double { isRightToLeft ? maxX : minX }
    var trailingX: Double { isRightToLeft ? minX : maxX }
    /// The caret offsets at the box's left and right edges.
    var indexAtLeft: Int { isRightToLeft ? characters.upperBound : characters.lowerBound }
    var indexAtRight: Int { isRightToLeft ? characters.lowerBound : characters.upperBound }
}

extension Line {
    /// The room the line takes in its frame: its set width, and its height with the leading
    /// shared above and below, as the framesetter stacks lines. Carets and selections span it,
    /// so that those of consecutive lines meet.
    public var lineBox: Rect {
        Rect(x: origin.x, y: origin.y - ascent - leading / 2, width: width, height: height)
    }

    /// The line's graphemes in visual order, left to right. A cluster of glyphs that shows
    /// several graphemes (a ligature) is split into equal parts, as Core Text splits a
    /// ligature's advance for its carets. Characters without glyphs (trailing spaces, the
    /// paragraph's terminator, a soft hyphen) and a hyphen added at a break have no box.
    func graphemeBoxes(in text: AttributedText) -> [GraphemeBox] {
        var boxes: [GraphemeBox] = []
        for run in runs {
            let clusters = run.clusterBoxes(lineX: origin.x)
            for box in clusters {
                boxes += Self.splitIntoGraphemes(box, text: text)
            }
        }
        return boxes
    }

    /// The box split into one part per grapheme cluster of its characters, in visual order.
    private static func splitIntoGraphemes(_ box: GraphemeBox, text: AttributedText) -> [GraphemeBox] {
        guard box.characters.count > 1, box.characters.upperBound <= text.length else { return [box] }
        var starts: [Int] = []
        var offset = box.characters.lowerBound
        for character in text.substring(box.characters) {
            starts.append(offset)
            offset += character.utf16.count
        }
        guard starts.count > 1 else { return [box] }
        let share = (box.maxX - box.minX) / Double(starts.count)
        var parts: [GraphemeBox] = []
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : box.characters.upperBound
            // The first grapheme sits at the leading edge: the right in right-to-left text.
            let left = box.isRightToLeft ? box.maxX - share * Double(index + 1) : box.minX + share * Double(index)
            parts.append(GraphemeBox(characters: start ..< end, minX: left, maxX: left + share, isRightToLeft: box.isRightToLeft))
        }
        return box.isRightToLeft ? parts.reversed() : parts
    }
}

extension GlyphRun {
    /// One box per cluster (the glyphs HarfBuzz made from the same characters), in visual
    /// order, each as wide as its glyphs' advances; `lineX` is the line origin's x.
    func clusterBoxes(lineX: Double) -> [GraphemeBox] {
        let logicalStarts = Array(Set(clusters.filter { $0 != GlyphRun.generatedHyphen })).sorted()
        // A cluster's characters run to the next cluster's first (in logical order), or the run's end.
        let ends = Dictionary(uniqueKeysWithValues: zip(logicalStarts, logicalStarts.dropFirst() + [stringRange.upperBound]))
        func characters(from start: Int) -> Range<Int> {
            start ..< max(start + 1, ends[start] ?? stringRange.upperBound)
        }
        let start = lineX + x
        // A picture has no glyphs: its characters share its width.
        if runDelegate != nil || advances.count != clusters.count {
            let share = width / Double(max(logicalStarts.count, 1))
            return logicalStarts.enumerated().map { index, cluster in
                GraphemeBox(characters: characters(from: cluster), minX: start + share * Double(index),
                            maxX: start + share * Double(index + 1), isRightToLeft: isRightToLeft)
            }
        }
        var boxes: [GraphemeBox] = []
        var pen = start
        for (cluster, advance) in zip(clusters, advances) {
            defer { pen += advance }
            guard cluster != GlyphRun.generatedHyphen else { continue }
            // A cluster's glyphs are consecutive: the box grows while the cluster stays the same.
            if let last = boxes.last, last.characters.lowerBound == cluster {
                boxes[boxes.count - 1].minX = min(last.minX, pen)
                boxes[boxes.count - 1].maxX = max(last.maxX, pen + advance)
            } else {
                boxes.append(GraphemeBox(characters: characters(from: cluster), minX: pen, maxX: pen + advance,
                                         isRightToLeft: isRightToLeft))
            }
        }
        return boxes
    }
}
