import Layout
import Render
import Text

/// "No hole beside an element": where an obstacle in a column (a pull quote over the gutter, a
/// float, a picture across the columns, an `<exclusion>`) leaves a stretch of the column beside
/// it that a line could be set in, and the column's text goes on below it, the stretch holds
/// lines. A stretch takes a line when it is at least as wide as the narrowest line the layout
/// sets beside an obstacle (the paragraph's `min-line-width`, at most half the column:
/// `NarrowLines` in Layout) and as the first word of the text each band offered it — the text
/// that comes next in reading order, a band setting its stretches one line each — its first
/// two words, under half the column but in Chinese or Japanese (a word too wide for it, or one
/// alone in a narrow stretch of text broken at spaces, is not set there: the layout passes over such a stretch, as InDesign passes over
/// one a word does not fit). Words are what the line breaker breaks between, measured at their
/// own width (a justified line's glyphs may be drawn scaled), a picture in the line one of
/// them, a drop cap's initial before them. A paragraph's last line takes the rest of its band:
/// the next paragraph starts a band of its own. Two lines' pitch of such a stretch without a
/// line is a hole. In a balanced band whose column's room went on a line below a float, a
/// stretch beside the float empty down to the column's foot while the column's paragraph goes
/// on in the next column was offered that text too, a word alone included: the layout passes a
/// lone word over on the promise that the text goes on below in its column, which a taller
/// band would have kept (a band as tall as a picture, one line beside it and the rest of the
/// paragraph in the next column). In a full column, or beside an `<exclusion>`, the promise is
/// the next column's, wide again (NarrowLines). Shaped areas are left to their outline
/// (`ParagraphGapCheck`).
struct EmptyStretchCheck {
    /// How many of the text's lines an empty stretch may be tall: one is what a band moved down
    /// past an obstacle's corner or a paragraph's spacing costs.
    static let linesAllowed = 1.0
    /// How much wider than the words a stretch must be to be found empty.
    static let widthSlack = 1.0

    func findings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        var found: [PageFinding] = []
        let extents = lineExtents(on: page, text: text)
        let columnAreas = page.areas.indices.filter { page.areas[$0].kind == .column }
        let numbers = Dictionary(uniqueKeysWithValues: zip(columnAreas, ColumnRoom.numbers(ofColumns: columnAreas.map { page.areas[$0].rect })))
        for areaIndex in columnAreas where !page.areas[areaIndex].isShaped {
            let area = page.areas[areaIndex]
            let lines = page.lines.indices.filter { page.lines[$0].area == areaIndex }
            let floats = page.pictures.filter { $0.area == areaIndex && $0.line == nil }.map(\.rect)
                + page.boxes.filter { $0.area == areaIndex }.map(\.rect)
            for obstacle in area.obstacles {
                let isFloat = floats.contains { obstacle.contains($0, tolerance: 0.5) }
                for stretch in stretches(beside: obstacle, in: area) {
                    guard let hole = hole(in: stretch, lines: lines, extents: extents, on: page, area: area,
                                          besideFloat: isFloat ? obstacle : nil, text: text) else { continue }
                    found.append(PageFinding(
                        page: page.number, kind: .emptyStretch,
                        detail: "column \(numbers[areaIndex] ?? 1) \(PageFinding.describe(area.rect)) leaves "
                            + "\(PageFinding.describe(hole.empty)) beside \(PageFinding.describe(obstacle)) empty, where "
                            + (hole.inNextColumn ? "its paragraph goes on in the next column" : "its text goes on below")
                            + " with \"\(text.text.substring(hole.words.range))\" (character \(hole.next)), "
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
        /// The text that would fit went on in the next column, not below.
        var inNextColumn = false
    }

    /// The tallest part of `stretch` no line, picture or box is drawn in, when it is a hole: more
    /// than `linesAllowed` lines tall, with text of the column going on after it whose first
    /// words would fit the stretch — or, beside a float of the column (`besideFloat`, with its
    /// margin), of its paragraph in the next column of a band balanced shorter than its room.
    private func hole(in stretch: Rect, lines: [Int], extents: [Int: LineExtent], on page: DrawnPage,
                      area: DrawnPage.Area, besideFloat float: Rect?, text: CheckedText) -> Hole? {
        var taken: [(top: Double, bottom: Double)] = []
        func overlapsAcross(_ minX: Double, _ maxX: Double) -> Bool { minX < stretch.maxX - 0.5 && maxX > stretch.minX + 0.5 }
        for index in lines {
            let line = page.lines[index]
            // A box's or a table's line is drawn across its column; a line of no ink takes nothing.
            guard let reach = line.isBox ? (minX: area.rect.minX, maxX: area.rect.maxX) : extents[index]?.reach,
                  overlapsAcross(reach.minX, reach.maxX) else { continue }
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
            // Band by band from the gap's top: each band beside the stretch offered it the text
            // that comes next in reading order; a band whose text would not fit the stretch
            // (a word alone, one too wide) explains its height, and the gap goes on below it.
            var top = gap.top
            while let offered = offeredLine(below: top, above: gap.bottom, in: stretch, lines: lines, extents: extents, on: page, text: text) {
                // The line set in the stretch just above, which could have given its last word.
                let above = lines.last { index in
                    (stretch.minY ..< top + 0.001).contains(page.lines[index].baseline) && !page.lines[index].isBox
                        && extents[index].map { overlapsAcross($0.minX, $0.maxX) } ?? false
                }
                if let hole = hole(from: top, to: gap.bottom, in: stretch, offered: offered.line, above: above, wordAloneFits: false,
                                   extents: extents, on: page, area: area, text: text) {
                    return hole
                }
                guard let besideBottom = offered.besideBottom, besideBottom > top else { break }
                top = besideBottom
            }
            // Empty to the column's foot, where the paragraph went on in the next column though the
            // band could have been tall enough for a line under the float.
            if let float, gap.bottom >= area.rect.maxY - 0.5, !lines.contains(where: { page.lines[$0].baseline > top + 0.5 }),
               let next = lineGoingOnInTheNextColumn(after: area, on: page, text: text),
               area.rect.maxY + area.roomBelowFoot >= float.maxY + page.lines[next].ascent + page.lines[next].descent,
               var hole = hole(from: top, to: gap.bottom, in: stretch, offered: next, above: nil, wordAloneFits: true, extents: extents,
                               on: page, area: area, text: text) {
                hole.inNextColumn = true
                return hole
            }
        }
        return nil
    }

    /// The first line of the next column of the page, when the paragraph `area` ends inside goes
    /// on there; nil otherwise.
    private func lineGoingOnInTheNextColumn(after area: DrawnPage.Area, on page: DrawnPage, text: CheckedText) -> Int? {
        let end = area.range.upperBound
        guard end < text.text.length, text.text.paragraphRange(containing: end).lowerBound < end else { return nil }
        return page.lines.firstIndex { $0.stringRange.lowerBound == end && page.areas[$0.area].kind == .column }
    }

    /// The line whose text the stretch was offered at its first band below `top`: the first, in
    /// text order, of the lines of that band not before the stretch in reading order and of
    /// the bands below (a band sets its stretches in reading order, one line each), or of all
    /// of them when that band is below the gap (`gapBottom`) or reaches into the stretch. With it,
    /// the bottom of that band when it only stands beside the stretch (nil: it reaches into
    /// the stretch, which the gap ends at).
    private func offeredLine(below top: Double, above gapBottom: Double, in stretch: Rect, lines: [Int], extents: [Int: LineExtent],
                             on page: DrawnPage, text: CheckedText) -> (line: Int, besideBottom: Double?)? {
        let below = lines.filter { page.lines[$0].baseline > top + 0.5 }
        guard let baseline = below.map({ page.lines[$0].baseline }).min() else { return nil }
        let band = below.filter { abs(page.lines[$0].baseline - baseline) <= 0.5 }
        func beforeStretch(_ index: Int) -> Bool {
            guard !page.lines[index].isBox, let extent = extents[index] else { return false }
            return extent.rightToLeft ? extent.reach.minX >= stretch.maxX - 0.5 : extent.reach.maxX <= stretch.minX + 0.5
        }
        let reachesIn = band.contains { index in
            page.lines[index].isBox || extents[index].map { $0.reach.minX < stretch.maxX - 0.5 && $0.reach.maxX > stretch.minX + 0.5 } ?? false
        }
        // A band that reaches into the stretch, or starts below the gap, is below it: the gap's
        // bands, above it, were offered the first of its lines too, before any was set.
        let belowGap = reachesIn || band.allSatisfy { page.lines[$0].baseline - page.lines[$0].ascent - page.lines[$0].leading / 2 >= gapBottom - 0.5 }
        let after = belowGap ? below : below.filter { !band.contains($0) || !beforeStretch($0) }
        guard let offered = after.min(by: { page.lines[$0].stringRange.lowerBound < page.lines[$1].stringRange.lowerBound }) else {
            return nil
        }
        let bottom = band.map { page.lines[$0].baseline + page.lines[$0].descent + page.lines[$0].leading / 2 }.max()
        return (offered, belowGap ? nil : bottom)
    }

    /// The stretch from `top` to `bottom` as a hole, when it is taller than `linesAllowed` lines
    /// of the text it was offered (line `index`) and that text's first words would fit it — its
    /// first word, in a stretch half the column wide or where a `wordAloneFits`.
    private func hole(from top: Double, to bottom: Double, in stretch: Rect, offered index: Int, above: Int?, wordAloneFits: Bool,
                      extents: [Int: LineExtent], on page: DrawnPage, area: DrawnPage.Area,
                      text: CheckedText) -> Hole? {
        let next = page.lines[index]
        guard !next.isBox else { return nil }
        let start = next.stringRange.lowerBound
        // Words at tab stops are placed by them, not measured from the stretch's side.
        guard !text.text.substring(next.stringRange).contains("\t") else { return nil }
        let style = text.text.paragraphStyle(at: start)
        let paragraph = text.text.paragraphRange(containing: start), paragraphStart = paragraph.lowerBound
        // The narrowest line is the paragraph's, in ems of the size its text starts with (NarrowLines).
        let size = text.text.attributes(at: paragraphStart).attributes.fontSize
        let startsParagraph = paragraphStart == start
        let pitch = ColumnRoom.pitch(next.ascent + next.descent + next.leading, gridStep: area.gridStep)
        let spacing = startsParagraph ? style.spaceBefore + (start > 0 ? text.text.paragraphStyle(at: start - 1).spaceAfter : 0) : 0
        guard bottom - top - spacing > (Self.linesAllowed + 1) * pitch + ParagraphGapCheck.tolerance else { return nil }
        // A line going on inside a word (the rest of one hyphenated above) was broken for the
        // width below the stretch: what the stretch would take is not on it.
        let breaks = text.text.lineBreaks(inParagraphOf: start)
        guard startsParagraph || breaks.contains(where: { $0.offset == start }) else { return nil }
        let narrowest = min(style.minimumLineWidth.points(fontSize: size), area.rect.width / 2)
        let indents = style.headIndent + style.tailIndent + (startsParagraph ? style.firstLineIndent : 0)
        let measure = stretch.width - indents
        // A word alone is set in a stretch of half the column or more, and in Chinese or
        // Japanese, whose lines round it hold several characters (NarrowLines).
        let lone = wordAloneFits || stretch.width >= area.rect.width / 2
            || IdeographicText.isMostlyIdeographic(text.text.storage[paragraph])
        var candidates: [(range: Range<Int>, width: Double, initialRoom: Double)] = []
        if var words = firstWords(of: index, alone: lone, breaks: breaks, on: page, text: text) {
            // A display line (a heading) is set whole where the column holds it whole.
            if startsParagraph, style.balance, next.endsParagraph, let extent = extents[index] {
                words.width = max(words.width, extent.maxX - extent.minX)
            }
            candidates.append(words)
        }
        // The line above the hole, in the stretch, could have given its last word to go down
        // with these (NarrowLines' look-ahead): "It came on" above a hole, "Tuesday." below.
        if !lone, !startsParagraph, let above, let moved = wordsMovedDown(from: above, to: index, breaks: breaks.map(\.offset), on: page, text: text) {
            candidates.append((moved.range, moved.width, 0))
        }
        // A point of slack: the words are measured as drawn (a justified space, a kern). Beside
        // a drop cap's initial the line is as narrow as the paragraph allows.
        guard let words = candidates.first(where: { measure >= max(narrowest + $0.initialRoom, $0.width + Self.widthSlack) }) else {
            return nil
        }
        return Hole(empty: Rect(x: stretch.minX, y: top, width: stretch.width, height: bottom - top), next: start,
                    words: (words.range, words.width))
    }

    /// How wide the first two words of line `index` are as drawn, with the space between them —
    /// its first word, when one may be `alone` or a line must end after it (`<br>`, the
    /// paragraph's end) — and its drop cap's initial before them, whose room is `initialRoom`;
    /// nil when the line does not hold them (one word alone that may not be, or a piece of one
    /// hyphenated at its end). Words are what the line breaker breaks between (`breaks`):
    /// a picture in the line is one, and a dash standing apart is its word's (`word —`).
    private func firstWords(of index: Int, alone: Bool, breaks: [(offset: Int, isMandatory: Bool)], on page: DrawnPage,
                            text: CheckedText) -> (range: Range<Int>, width: Double, initialRoom: Double)? {
        let line = page.lines[index]
        // The anchors of floated pictures show nothing in the line, and are no word of it.
        var start = line.stringRange.lowerBound
        while start < line.stringRange.upperBound, text.text.attributes(at: start).attributes.image?.isSetApart ?? false {
            start += 1
        }
        var end = text.text.paragraphRange(containing: start).upperBound
        var count = 0
        for lineBreak in breaks where lineBreak.offset > start {
            end = lineBreak.offset
            count += 1
            if lineBreak.isMandatory || count == (alone ? 1 : 2) { break }
        }
        // The range quoted ends with the last word, not the space after it.
        var quoted = end
        while quoted > start, !text.prints(quoted - 1) { quoted -= 1 }
        // The words go on past the line: a piece hyphenated at its end, or one word the layout
        // set alone (it may not be, here) where the column held no second.
        guard end <= line.stringRange.upperBound else { return nil }
        var words: (minX: Double, maxX: Double)?
        func add(_ minX: Double, _ maxX: Double) { words = (min(words?.minX ?? minX, minX), max(words?.maxX ?? maxX, maxX)) }
        // A justified line's glyphs may be drawn narrower or wider than the words are (glyph
        // scaling): the words are measured at their own width, as the layout measured them.
        var scale: Double?
        for glyph in page.glyphs where glyph.line == index && !glyph.isInitial && (start ..< end).contains(glyph.character)
            && text.prints(glyph.character) {
            add(glyph.advanceMinX, glyph.advanceMaxX)
            scale = min(scale ?? glyph.horizontalScale, glyph.horizontalScale)
        }
        for picture in page.pictures where picture.line == index && (start ..< end).contains(picture.anchor) {
            add(picture.rect.minX, picture.rect.maxX)
        }
        guard let wordsOnly = words else { return nil }
        for glyph in page.glyphs where glyph.line == index && glyph.isInitial { add(glyph.ink.minX, glyph.ink.maxX) }
        let wordsWidth = (wordsOnly.maxX - wordsOnly.minX) / max(scale ?? 1, 0.01)
        let initialRoom = (words.map { $0.maxX - $0.minX } ?? 0) - (wordsOnly.maxX - wordsOnly.minX)
        return (start ..< quoted, wordsWidth + initialRoom, initialRoom)
    }

    /// A drawn word: its characters and where its glyphs' advances lie across.
    private struct DrawnWord {
        var characters: Range<Int>
        /// How many of its paragraph's line breaks come before it.
        var number: Int
        var minX: Double
        var maxX: Double
    }

    /// The words of line `index` as drawn, in the text's order (the initial, an added hyphen and
    /// white space left out), each with its number in its paragraph, and whether the line ends
    /// with a hyphen it added. Words are what the line breaker breaks between (`breaks`), as in
    /// `firstWords`: a dash standing apart is its word's ("hours —"), `<nobr>` one word.
    private func drawnWords(of index: Int, breaks: [Int], on page: DrawnPage, text: CheckedText) -> (words: [DrawnWord], hyphenated: Bool) {
        let glyphs = page.glyphs.filter { $0.line == index && !$0.isInitial && $0.character >= 0 && text.prints($0.character) }
            .sorted { $0.character < $1.character }
        var words: [DrawnWord] = []
        for glyph in glyphs {
            // Its number: how many breaks come at or before it.
            var low = 0, high = breaks.count
            while low < high {
                let mid = (low + high) / 2
                if breaks[mid] <= glyph.character { low = mid + 1 } else { high = mid }
            }
            let number = low
            if let last = words.last, last.number == number {
                words[words.count - 1] = DrawnWord(characters: last.characters.lowerBound ..< glyph.character + 1, number: number,
                                                   minX: min(last.minX, glyph.advanceMinX), maxX: max(last.maxX, glyph.advanceMaxX))
            } else {
                words.append(DrawnWord(characters: glyph.character ..< glyph.character + 1, number: number,
                                       minX: glyph.advanceMinX, maxX: glyph.advanceMaxX))
            }
        }
        return (words, page.glyphs.contains { $0.line == index && $0.character < 0 })
    }

    /// The last word of line `above` (set in the stretch, three words or more) and the first of
    /// line `below`, the word after it, with a word space between them, when the one ending a
    /// line above a hole could have gone down with the other: the layout passes over a stretch
    /// that would hold a word alone, and a line of "It came on" above one left "Tuesday.
    /// Correspondence" nothing it could set there, where "It came / on Tuesday." fills it. A
    /// line set between them (in another stretch of the band) took the text the word would
    /// go down to: moved, it would not come to the stretch.
    private func wordsMovedDown(from above: Int, to below: Int, breaks: [Int], on page: DrawnPage,
                                text: CheckedText) -> (range: Range<Int>, width: Double)? {
        let range = page.lines[above].stringRange
        // Words up to a tab (a list's marker) are placed by its stop: they are not the line's to give.
        let (drawn, hyphenated) = drawnWords(of: above, breaks: breaks, on: page, text: text)
        let afterTab = (range.lowerBound ..< min(range.upperBound, text.text.length)).last { text.text.storage[$0] == 0x09 }
        let upper = drawn.filter { word in afterTab.map { word.characters.lowerBound > $0 } ?? true }
        guard !hyphenated, upper.count >= 3, let moved = upper.last,
              text.text.paragraphRange(containing: range.lowerBound).contains(page.lines[below].stringRange.lowerBound),
              let next = drawnWords(of: below, breaks: breaks, on: page, text: text).words.first,
              next.number == moved.number + 1 else { return nil }
        let size = text.text.attributes(at: moved.characters.lowerBound).attributes.fontSize
        let space = min(moved.minX - upper[upper.count - 2].maxX, size / 3)
        return (moved.characters.lowerBound ..< next.characters.upperBound, moved.maxX - moved.minX + space + next.maxX - next.minX)
    }

    /// Where a line is drawn across, and which way it reads.
    private struct LineExtent {
        var minX: Double
        var maxX: Double
        /// Its first character drawn right of its last (a line of one character: left to right).
        var rightToLeft = false
        /// What of its band the line takes: where it is drawn with the white its alignment put
        /// before it, and for a paragraph's last line the rest of its band after it — the next
        /// paragraph starts a band of its own (LineLoop).
        var reach: (minX: Double, maxX: Double) = (0, 0)
    }

    /// Where each line's glyphs and pictures are drawn across, by the line's index (lines with
    /// none: none), and which way each reads.
    private func lineExtents(on page: DrawnPage, text: CheckedText) -> [Int: LineExtent] {
        var extents: [Int: LineExtent] = [:]
        var ends: [Int: (first: DrawnPage.Glyph, last: DrawnPage.Glyph)] = [:]
        func add(_ line: Int, _ minX: Double, _ maxX: Double) {
            let old = extents[line] ?? LineExtent(minX: minX, maxX: maxX)
            extents[line] = LineExtent(minX: min(old.minX, minX), maxX: max(old.maxX, maxX))
        }
        for glyph in page.glyphs {
            add(glyph.line, min(glyph.ink.minX, glyph.advanceMinX), max(glyph.ink.maxX, glyph.advanceMaxX))
            guard glyph.character >= 0, !glyph.isInitial else { continue }
            let old = ends[glyph.line] ?? (glyph, glyph)
            ends[glyph.line] = (glyph.character < old.first.character ? glyph : old.first, glyph.character > old.last.character ? glyph : old.last)
        }
        for picture in page.pictures { if let line = picture.line { add(line, picture.rect.minX, picture.rect.maxX) } }
        for (line, glyphs) in ends { extents[line]?.rightToLeft = glyphs.first.advanceMinX > glyphs.last.advanceMinX }
        for (index, extent) in extents {
            let line = page.lines[index], area = page.areas[line.area]
            var reach = line.isBox ? (minX: extent.minX, maxX: extent.maxX) : whiteBefore(line, extent, in: area, text: text)
            if line.endsParagraph, !line.isBox {
                if extent.rightToLeft { reach.minX = area.rect.minX } else { reach.maxX = area.rect.maxX }
            }
            extents[index]?.reach = reach
        }
        return extents
    }

    /// Where `line` is drawn across with the white its alignment put before it — flush with the
    /// end of its stretch, or centred in it — which is its own: the line was set from the
    /// stretch's start, the nearest obstacle across its band or the column's side (seed 8718:
    /// "typewriter, in" flush right beside an aside, the stretch left of it its line's).
    private func whiteBefore(_ line: DrawnPage.Line, _ extent: LineExtent, in area: DrawnPage.Area,
                             text: CheckedText) -> (minX: Double, maxX: Double) {
        let rightToLeft = extent.rightToLeft
        let alignment: TextAlignment = switch text.text.paragraphStyle(at: line.stringRange.lowerBound).alignment {
        case .start: rightToLeft ? .right : .left
        case .end: rightToLeft ? .left : .right
        case let other: other
        }
        let top = line.baseline - line.ascent - line.leading / 2, bottom = line.baseline + line.descent + line.leading / 2
        let across = area.obstacles.filter { $0.minY < bottom && $0.maxY > top }
        var reach = (minX: extent.minX, maxX: extent.maxX)
        if alignment == .center || (alignment == .right && !rightToLeft) {
            reach.minX = across.filter { $0.maxX <= extent.minX + 0.5 }.map(\.maxX).max() ?? area.rect.minX
        }
        if alignment == .center || (alignment == .left && rightToLeft) {
            reach.maxX = across.filter { $0.minX >= extent.maxX - 0.5 }.map(\.minX).min() ?? area.rect.maxX
        }
        return reach
    }
}
