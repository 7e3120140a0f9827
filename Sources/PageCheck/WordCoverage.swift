import Render

/// "Every source word drawn exactly once, in reading order", from the characters of the
/// glyphs drawn: fed each page in turn, it marks the line each character's glyphs were drawn
/// in (a ligature's or a cluster's glyphs carry its first character), and at the end finds the
/// words none of whose characters was drawn. A character drawn in two lines is a word drawn
/// twice. The column's lines are read in the order drawn, each box's lines apart (a box's
/// paragraphs stand outside the column's flow): each line starts after the one before ends.
struct WordCoverage {
    private static let zeroWidthJoiner: UInt16 = 0x200D
    /// The line of a box's characters left out by the layout (`DrawnPage.leftOut`): on no
    /// page by design, so its words are not lost, and one drawn after all is drawn twice.
    private static let leftOutByDesign = Int32.min
    private let text: CheckedText
    /// For each character, the line it was drawn in (numbered across the document, from 1); 0: not drawn.
    private var drawnIn: [Int32]
    private var linesSoFar: Int32 = 0
    /// Floated pictures drawn so far: each is a line of its own, numbered down from -1.
    private var floatsSoFar: Int32 = 0
    /// The last character of the column's flow drawn so far.
    private var flowEnd = -1

    init(text: CheckedText) {
        self.text = text
        drawnIn = [Int32](repeating: 0, count: text.text.length)
    }

    mutating func findings(on page: DrawnPage) -> [PageFinding] {
        var found: [PageFinding] = []
        let firstLine = linesSoFar
        linesSoFar += Int32(page.lines.count)
        func mark(_ character: Int, id: Int32, place: String) {
            guard character >= 0, character < drawnIn.count else { return }
            if drawnIn[character] == 0 {
                drawnIn[character] = id
            } else if drawnIn[character] != id {
                found.append(PageFinding(page: page.number, kind: .wordTwice,
                                         detail: "\(text.quotedCharacter(character)) is drawn again, \(place), in another line",
                                         character: character))
                drawnIn[character] = id
            }
        }
        for range in page.leftOut {
            for character in range.clamped(to: 0 ..< drawnIn.count) { mark(character, id: Self.leftOutByDesign, place: "left out") }
        }
        for glyph in page.glyphs {
            guard let character = page.documentCharacter(of: glyph) else { continue }
            mark(character, id: firstLine + Int32(glyph.line) + 1, place: "at \(PageFinding.describe(glyph.ink))")
        }
        for picture in page.pictures {
            let id: Int32
            if let line = picture.line {
                id = firstLine + Int32(line) + 1
            } else {
                floatsSoFar += 1
                id = -floatsSoFar
            }
            mark(picture.anchor, id: id, place: "a picture at \(PageFinding.describe(picture.rect))")
        }
        found += readingOrder(on: page)
        return found
    }

    /// The column's lines follow each other in the text, page after page; so do each box's.
    private mutating func readingOrder(on page: DrawnPage) -> [PageFinding] {
        var found: [PageFinding] = []
        var boxEnds: [Int: Int] = [:]
        for line in page.lines where !line.isBox && !line.stringRange.isEmpty {
            let area = page.areas[line.area]
            guard area.kind != .runningHead else { continue }
            let before = area.kind == .column ? flowEnd : (boxEnds[line.area] ?? -1)
            if line.stringRange.lowerBound < before {
                found.append(PageFinding(page: page.number, kind: .readingOrder,
                                         detail: "the line of characters \(line.stringRange) at y \(Int(line.baseline.rounded())) "
                                            + "starts before the line drawn before it ends (\(before))",
                                         character: line.stringRange.lowerBound))
            }
            if area.kind == .column {
                flowEnd = max(flowEnd, line.stringRange.upperBound)
            } else {
                boxEnds[line.area] = max(before, line.stringRange.upperBound)
            }
        }
        return found
    }

    /// After the last page: each word (a run of printing characters, a zero-width joiner's
    /// sequence one run) with no character drawn.
    func missingWords() -> [PageFinding] {
        var found: [PageFinding] = []
        var start: Int?
        var anyDrawn = false
        for offset in 0 ... drawnIn.count {
            // A zero-width joiner makes the characters either side one glyph (a ZWJ family is
            // one emoji), which carries the first character only: it joins them in one word.
            if start != nil, offset < drawnIn.count, text.text.storage[offset] == Self.zeroWidthJoiner { continue }
            let prints = offset < drawnIn.count && text.prints(offset)
            if prints {
                if start == nil { start = offset; anyDrawn = false }
                if drawnIn[offset] != 0 { anyDrawn = true }
                continue
            }
            if let first = start, !anyDrawn {
                found.append(PageFinding(page: 0, kind: .wordMissing,
                                         detail: "'\(text.text.substring(first ..< offset))' (characters \(first)..<\(offset)) is on no page",
                                         character: first))
            }
            start = nil
        }
        return found
    }
}

extension CheckedText {
    /// "'x' (character 123)".
    func quotedCharacter(_ offset: Int) -> String {
        "'\(text.substring(offset ..< offset + 1))' (character \(offset))"
    }
}
