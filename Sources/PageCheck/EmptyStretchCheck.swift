import Layout
import Render
import Text

/// "No hole beside an element": where an obstacle in a column (a pull quote over the gutter, a
/// float, a picture across the columns, an `<exclusion>`) leaves a stretch of the column beside
/// it that a line could be set in, and the column's text goes on below it, the stretch holds
/// lines. A stretch takes a line when it is at least as wide as the narrowest line the layout
/// sets beside an obstacle (the paragraph's `min-line-width`, at most half the column:
/// `NarrowLines` in Layout) and as the first word of the text that goes on below it — its
/// first two words, under half the column (a word too wide for it, or one alone in a narrow
/// stretch, is not set there: the layout passes over such a stretch, as InDesign passes over
/// one a word does not fit). Two lines' pitch of such a stretch without a line is a hole.
/// Shaped areas are left to their outline (`ParagraphGapCheck`).
struct EmptyStretchCheck {
    /// How many of the text's lines an empty stretch may be tall: one is what a band moved down
    /// past an obstacle's corner or a paragraph's spacing costs.
    static let linesAllowed = 1.0
    /// How much wider than the words a stretch must be to be found empty.
    static let widthSlack = 1.0

    func findings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        var found: [PageFinding] = []
        let extents = lineExtents(on: page)
        let columnAreas = page.areas.indices.filter { page.areas[$0].kind == .column }
        let numbers = Dictionary(uniqueKeysWithValues: zip(columnAreas, ColumnRoom.numbers(ofColumns: columnAreas.map { page.areas[$0].rect })))
        for areaIndex in columnAreas where !page.areas[areaIndex].isShaped {
            let area = page.areas[areaIndex]
            let lines = page.lines.indices.filter { page.lines[$0].area == areaIndex }
            for obstacle in area.obstacles {
                for stretch in stretches(beside: obstacle, in: area) {
                    guard let hole = hole(in: stretch, lines: lines, extents: extents, on: page, area: area, text: text) else { continue }
                    found.append(PageFinding(
                        page: page.number, kind: .emptyStretch,
                        detail: "column \(numbers[areaIndex] ?? 1) \(PageFinding.describe(area.rect)) leaves "
                            + "\(PageFinding.describe(hole.empty)) beside \(PageFinding.describe(obstacle)) empty, where its text "
                            + "goes on below with \"\(text.text.substring(hole.words.range))\" (character \(hole.next)), "
                            + "\(String(format: "%.1f", hole.words.width)) pt, which would fit",
                        character: hole.next))
                }
            }
        }
        return found
    }

    /// The stretches of `area` across the whole height `obstacle` covers in it, beside it, clear
    /// of every obstacle there.
    private func stretches(beside obstacle: Rect, in area: DrawnPage.Area) -> [Rect] {
        let top = max(obstacle.minY, area.rect.minY), bottom = min(obstacle.maxY, area.rect.maxY)
        guard bottom > top + 1, obstacle.maxX > area.rect.minX, obstacle.minX < area.rect.maxX else { return [] }
        let covering = area.obstacles.filter { $0.minY < bottom && $0.maxY > top }
        var stretches: [Rect] = []
        // Left of it, from the nearest obstacle (or the column's side); right of it, the same.
        let leftEnd = covering.filter { $0.maxX <= obstacle.minX + 0.5 }.map(\.maxX).max() ?? area.rect.minX
        if obstacle.minX > leftEnd, covering.allSatisfy({ $0.maxX <= leftEnd + 0.5 || $0.minX >= obstacle.minX - 0.5 }) {
            stretches.append(Rect(x: max(leftEnd, area.rect.minX), y: top, width: obstacle.minX - max(leftEnd, area.rect.minX), height: bottom - top))
        }
        let rightEnd = covering.filter { $0.minX >= obstacle.maxX - 0.5 }.map(\.minX).min() ?? area.rect.maxX
        if rightEnd > obstacle.maxX, covering.allSatisfy({ $0.minX >= rightEnd - 0.5 || $0.maxX <= obstacle.maxX + 0.5 }) {
            let right = min(rightEnd, area.rect.maxX)
            stretches.append(Rect(x: obstacle.maxX, y: top, width: right - obstacle.maxX, height: bottom - top))
        }
        return stretches.filter { $0.width > 1 }
    }

    private struct Hole {
        var empty: Rect
        var next: Int
        var words: (range: Range<Int>, width: Double)
    }

    /// The tallest part of `stretch` no line, picture or box is drawn in, when it is a hole: more
    /// than `linesAllowed` lines tall, with text of the column going on below it whose first
    /// words would fit the stretch.
    private func hole(in stretch: Rect, lines: [Int], extents: [Int: (minX: Double, maxX: Double)], on page: DrawnPage,
                      area: DrawnPage.Area, text: CheckedText) -> Hole? {
        var taken: [(top: Double, bottom: Double)] = []
        func overlapsAcross(_ minX: Double, _ maxX: Double) -> Bool { minX < stretch.maxX - 0.5 && maxX > stretch.minX + 0.5 }
        for index in lines {
            let line = page.lines[index]
            // A box's or a table's line is drawn across its column; a line of no ink takes nothing.
            let across = line.isBox ? (area.rect.minX, area.rect.maxX) : extents[index]
            guard let extent = across, overlapsAcross(extent.minX, extent.maxX) else { continue }
            taken.append((line.baseline - line.ascent - line.leading / 2, line.baseline + line.descent + line.leading / 2))
        }
        // A drop cap's initial takes the stretch as its line does: the lines beside it are set
        // in what it leaves of the stretch, or passed over there (seed 4304).
        let areaLines = Set(lines)
        let initials = page.glyphs.filter { $0.isInitial && areaLines.contains($0.line) }.map(\.ink)
        for rect in page.pictures.map(\.rect) + page.boxes.map(\.rect) + initials where overlapsAcross(rect.minX, rect.maxX) {
            taken.append((rect.minY, rect.maxY))
        }
        // The empty parts of the stretch, top to bottom.
        var gaps: [(top: Double, bottom: Double)] = []
        var y = stretch.minY
        for part in taken.sorted(by: { $0.top < $1.top }) {
            if part.top > y { gaps.append((y, min(part.top, stretch.maxY))) }
            y = max(y, part.bottom)
            if y >= stretch.maxY { break }
        }
        if y < stretch.maxY { gaps.append((y, stretch.maxY)) }
        for gap in gaps.sorted(by: { $0.bottom - $0.top > $1.bottom - $1.top }) {
            // The column's text goes on below it: the first line after it.
            guard let nextIndex = lines.first(where: { page.lines[$0].baseline >= gap.bottom }),
                  !page.lines[nextIndex].isBox else { continue }
            let next = page.lines[nextIndex]
            let start = next.stringRange.lowerBound
            // A line going on inside a word (the rest of one hyphenated above) was broken for the
            // width below the stretch: what the stretch would take is not on it.
            guard start == 0 || text.inDifferentWords(start - 1, start) else { continue }
            // Words at tab stops are placed by them, not measured from the stretch's side.
            guard !text.text.substring(next.stringRange).contains("\t") else { continue }
            let style = text.text.paragraphStyle(at: start)
            let size = text.text.attributes(at: start).attributes.fontSize
            let startsParagraph = text.text.paragraphRange(containing: start).lowerBound == start
            let pitch = ColumnRoom.pitch(next.ascent + next.descent + next.leading, gridStep: area.gridStep)
            let spacing = startsParagraph ? style.spaceBefore + (start > 0 ? text.text.paragraphStyle(at: start - 1).spaceAfter : 0) : 0
            guard gap.bottom - gap.top - spacing > (Self.linesAllowed + 1) * pitch + ParagraphGapCheck.tolerance else { continue }
            let narrowest = min(style.minimumLineWidth.points(fontSize: size), area.rect.width / 2)
            let indents = style.headIndent + style.tailIndent + (startsParagraph ? style.firstLineIndent : 0)
            let measure = stretch.width - indents
            let lone = stretch.width >= area.rect.width / 2
            var candidates: [(range: Range<Int>, width: Double)] = []
            if var words = firstWordsWidth(of: nextIndex, alone: lone, on: page, text: text) {
                // A display line (a heading) is set whole where the column holds it whole.
                if startsParagraph, style.balance, next.endsParagraph, let extent = extents[nextIndex] {
                    words.width = max(words.width, extent.maxX - extent.minX)
                }
                candidates.append(words)
            }
            // The line above the hole, in the stretch, could have given its last word to go down with these.
            if !lone, !startsParagraph,
               let above = lines.last(where: { (stretch.minY ..< gap.top + 0.001).contains(page.lines[$0].baseline) && !page.lines[$0].isBox
                                               && extents[$0].map { overlapsAcross($0.minX, $0.maxX) } ?? false }),
               let moved = wordsMovedDown(from: above, to: nextIndex, on: page, text: text) {
                candidates.append(moved)
            }
            // A point of slack: the words are measured as drawn (a justified space, a kern).
            guard let words = candidates.first(where: { measure >= max(narrowest, $0.width + Self.widthSlack) }) else { continue }
            return Hole(empty: Rect(x: stretch.minX, y: gap.top, width: stretch.width, height: gap.bottom - gap.top), next: start,
                        words: words)
        }
        return nil
    }

    /// A drawn word: its characters and where its glyphs' advances lie across.
    private struct DrawnWord {
        var characters: Range<Int>
        var minX: Double
        var maxX: Double
    }

    /// The words of line `index` as drawn, in the text's order (the initial and an added
    /// hyphen left out), and whether the line ends with a hyphen it added.
    private func drawnWords(of index: Int, on page: DrawnPage, text: CheckedText) -> (words: [DrawnWord], hyphenated: Bool) {
        let glyphs = page.glyphs.filter { $0.line == index && !$0.isInitial && $0.character >= 0 }.sorted { $0.character < $1.character }
        var words: [DrawnWord] = []
        // Words part at white space, not inside `<nobr>` (no line breaks there).
        func noBreak(_ offset: Int) -> Bool { text.text.attributes(at: offset).attributes.noBreak }
        for glyph in glyphs {
            if let last = words.last, !(text.inDifferentWords(last.characters.upperBound - 1, glyph.character)
                                        && !(noBreak(last.characters.upperBound - 1) && noBreak(glyph.character))) {
                words[words.count - 1] = DrawnWord(characters: last.characters.lowerBound ..< glyph.character + 1,
                                                   minX: min(last.minX, glyph.advanceMinX), maxX: max(last.maxX, glyph.advanceMaxX))
            } else {
                words.append(DrawnWord(characters: glyph.character ..< glyph.character + 1, minX: glyph.advanceMinX, maxX: glyph.advanceMaxX))
            }
        }
        return (words, page.glyphs.contains { $0.line == index && $0.character < 0 })
    }

    /// How wide the first two words of line `index` are as drawn, with the space between them
    /// (its first word, when one may be `alone` or the paragraph ends with it); nil when it holds
    /// one word that does not end its paragraph and may not be alone.
    private func firstWordsWidth(of index: Int, alone: Bool, on page: DrawnPage, text: CheckedText) -> (range: Range<Int>, width: Double)? {
        let (all, hyphenated) = drawnWords(of: index, on: page, text: text)
        // The piece of a word hyphenated at the line's end is not the word, which may not fit.
        let words = all.prefix(alone ? 1 : 2)
        guard !(hyphenated && all.count <= words.count) else { return nil }
        guard let first = words.first, let last = words.last, alone || words.count == 2 || page.lines[index].endsParagraph else { return nil }
        return (first.characters.lowerBound ..< last.characters.upperBound, last.maxX - first.minX)
    }

    /// The last word of line `above` (set in the stretch, three words or more) and the first of
    /// line `below`, with a word space between them, when the one ending a line above a hole
    /// could have gone down with the other: the layout passes over a stretch that would hold
    /// a word alone, and a line of "It came on" above one left "Tuesday. Correspondence"
    /// nothing it could set there, where "It came / on Tuesday." fills it.
    private func wordsMovedDown(from above: Int, to below: Int, on page: DrawnPage, text: CheckedText) -> (range: Range<Int>, width: Double)? {
        // Words up to a tab (a list's marker) are placed by its stop: they are not the line's to give.
        let (drawn, hyphenated) = drawnWords(of: above, on: page, text: text)
        let range = page.lines[above].stringRange
        let afterTab = (range.lowerBound ..< min(range.upperBound, text.text.length)).last { text.text.storage[$0] == 0x09 }
        let upper = drawn.filter { word in afterTab.map { word.characters.lowerBound > $0 } ?? true }
        guard !hyphenated, upper.count >= 3, let moved = upper.last, let next = drawnWords(of: below, on: page, text: text).words.first,
              text.text.paragraphRange(containing: moved.characters.lowerBound).contains(next.characters.lowerBound) else { return nil }
        let size = text.text.attributes(at: moved.characters.lowerBound).attributes.fontSize
        let space = min(moved.minX - upper[upper.count - 2].maxX, size / 3)
        return (moved.characters.lowerBound ..< next.characters.upperBound, moved.maxX - moved.minX + space + next.maxX - next.minX)
    }

    /// Where each line's glyphs are drawn across, by the line's index (lines with none: none).
    private func lineExtents(on page: DrawnPage) -> [Int: (minX: Double, maxX: Double)] {
        var extents: [Int: (minX: Double, maxX: Double)] = [:]
        for glyph in page.glyphs {
            let old = extents[glyph.line] ?? (glyph.advanceMinX, glyph.advanceMaxX)
            extents[glyph.line] = (min(old.minX, glyph.ink.minX, glyph.advanceMinX), max(old.maxX, glyph.ink.maxX, glyph.advanceMaxX))
        }
        return extents
    }
}
