import Foundation
import Layout
import PageCheck
import Pages
import Text
import XCTest

/// Checks laid-out pages, one at a time and in order, for the properties every page keeps
/// (see GoldenPagePropertyTests), counting what it checked. Failures name the fixture, page,
/// frame and line (indices from 0) and the rectangle at fault.
struct PagePropertyChecker {
    /// How far a glyph or picture may reach past its frame: positions are sums of scaled
    /// advances, justification shares slack in floating point, and a picture is scaled to the
    /// column's width; half a point is well under a pixel at 72 dpi, and far under any real fault.
    static let frameTolerance = 0.5
    /// How deep two boxes may overlap and still count as touching: stacked lines share an
    /// edge exactly, up to rounding.
    static let overlapTolerance = 0.01

    let fixture: String
    let text: AttributedText
    /// Where failures go: XCTFail unless a test of the checker itself collects them.
    private let report: (String) -> Void
    private var position = 0
    private var shown: [UInt8]
    private var failureCount = 0
    /// Where the notes split at a column's foot go on, by the note's start.
    private var notesGoingOn: [Int: Int] = [:]
    private(set) var pages = 0, frames = 0, lines = 0, glyphs = 0, pictures = 0, headLines = 0, boxCount = 0
    /// The text's figures and asides, whose paragraphs the columns pass over.
    private let textBoxes: TextBoxes
    /// Boxes that reach past their line's box (see checkOverlaps).
    private(set) var tallerThanLine = 0

    init(fixture: String, text: AttributedText, report: ((String) -> Void)? = nil) {
        self.fixture = fixture
        self.text = text
        self.report = report ?? { XCTFail($0) }
        shown = [UInt8](repeating: 0, count: text.length)
        textBoxes = TextBoxes(text: text)
    }

    var summary: String {
        "\(fixture): \(pages) pages, \(frames) frames, \(lines) lines, \(glyphs) glyph boxes, \(pictures) pictures, "
            + "\(boxCount) figures and asides, \(headLines) running-head lines checked; \(tallerThanLine) boxes reach past their line's box"
    }

    /// A failure, up to 20 per fixture (one fault can break a thousand glyphs), then a count.
    private mutating func fail(_ message: String) {
        failureCount += 1
        if failureCount <= 20 { report("\(fixture) \(message)") }
    }

    mutating func check(_ page: Page) {
        pages += 1
        var boxes: [[InkBox]] = []   // per line of the page, in frame order
        for (frameIndex, frame) in page.frames.enumerated() {
            frames += 1
            checkRanges(of: frame, page: page.number, index: frameIndex)
            for (lineIndex, line) in frame.lines.enumerated() {
                lines += 1
                let lineBoxes = PageBoxes.boxes(of: line, frame: frameIndex, index: lineIndex, text: text)
                for box in lineBoxes {
                    if box.isPicture { pictures += 1 } else { glyphs += 1 }
                    if box.withinLine.height < box.rect.height - Self.overlapTolerance { tallerThanLine += 1 }
                    checkInside(box, frame: frame, page: page.number)
                }
                boxes.append(lineBoxes)
            }
            // Floated pictures lie in their frame, like any of its lines' boxes; text may not
            // enter their opaque part (with contour wrap, the traced bands; else the rectangle).
            let floats = frame.floats.flatMap { float in
                PageBoxes.opaqueParts(of: float).map { rect in
                    InkBox(rect: rect, character: float.anchor, frame: frameIndex, line: -1, isPicture: true, withinLine: rect)
                }
            }
            for box in floats {
                pictures += 1
                checkInside(box, frame: frame, page: page.number)
            }
            if !floats.isEmpty { boxes.append(floats) }
        }
        // Pictures spanning columns belong to the page, not to a frame.
        let spanning = page.pictures.filter { $0.image != nil }.map { picture in
            InkBox(rect: picture.rect, character: picture.anchor, frame: -1, line: -1, isPicture: true, withinLine: picture.rect)
        }
        pictures += spanning.count
        if !spanning.isEmpty { boxes.append(spanning) }
        // Figures and asides: the column's text keeps out of them as out of a picture (no box
        // over another either), and their own text stays inside them.
        let figures = page.boxes.map { placed in
            InkBox(rect: placed.rect, character: placed.box.range.lowerBound, frame: -1, line: -1, isPicture: true, withinLine: placed.rect)
        }
        for placed in page.boxes { checkText(of: placed, page: page.number) }
        boxCount += figures.count
        if !figures.isEmpty { boxes.append(figures) }
        checkOverlaps(boxes, page: page.number)
        checkRunningHeads(of: page)
        for overrun in FrameInkCheck(text: text).overruns(on: page) { fail(overrun.description) }
    }

    /// After the last page: every character was shown by exactly one line.
    mutating func finish() {
        if position != text.length { fail("frames end at \(position) of \(text.length) characters") }
        if let missing = shown.firstIndex(of: 0) { fail("character \(missing) is on no line") }
        if let twice = shown.firstIndex(where: { $0 > 1 }) { fail("character \(twice) is on \(shown[twice]) lines") }
    }

    /// The frame starts where the last one ended, its lines follow each other in the text and
    /// down the frame (or left to right on one baseline, in a shaped frame), and their boxes
    /// do not overlap.
    private mutating func checkRanges(of frame: Frame, page: Int, index: Int) {
        let at = "page \(page) frame \(index)"
        if frame.visibleRange.lowerBound != position {
            fail("\(at) starts at \(frame.visibleRange.lowerBound), not where the frame before ended (\(position))")
        }
        // (A column may hold only a figure that did not fit in the one before, or nothing where
        // exclusions — a picture across the columns — leave it no stretch a line may take, as
        // BandSetter allows.)
        if frame.visibleRange.isEmpty, frame.floats.isEmpty, frame.container.exclusions.isEmpty { fail("\(at) shows nothing") }
        position = frame.visibleRange.upperBound
        checkLines(of: frame, at: at)
    }

    /// The lines of `frame` follow each other in the text (passing over the paragraphs of
    /// boxes placed elsewhere) and down the frame, and each character they show is counted.
    private mutating func checkLines(of frame: Frame, at: String, inColumns: Bool = true) {
        var next = frame.visibleRange.lowerBound
        // A box of the column that did not fit below the text is passed over too: it waits for
        // the next frame's top, where it is placed as a float.
        let inLines = Set(frame.lines.compactMap { $0.box?.style.number })
        func passingBoxes(_ position: Int) -> Int {
            var position = position
            // (Only within the frame: a box may open the next section, after the frame's end.)
            while inColumns, position < frame.visibleRange.upperBound, let box = textBoxes.box(containing: position),
                  box.style.isOutOfFlow || !inLines.contains(box.style.number), box.range.lowerBound == position {
                position = box.range.upperBound
            }
            return position
        }
        for (lineIndex, line) in frame.lines.enumerated() {
            let where_ = "\(at) line \(lineIndex) (characters \(line.stringRange))"
            next = passingBoxes(next)
            if line.stringRange.lowerBound != next { fail("\(where_) does not start where the line before ended (\(next))") }
            next = line.stringRange.upperBound
            // A box kept in the column shows its characters in its own lines.
            if line.box == nil {
                for offset in line.stringRange where offset >= 0 && offset < shown.count { shown[offset] &+= 1 }
            }
            for run in line.runs {
                for cluster in run.clusters where cluster != GlyphRun.generatedHyphen && !line.stringRange.contains(cluster) {
                    fail("\(where_) has a glyph of character \(cluster), outside its range")
                }
            }
            guard lineIndex > 0 else { continue }
            let previous = frame.lines[lineIndex - 1]
            if abs(line.origin.y - previous.origin.y) < 1e-6 {
                if line.origin.x < previous.origin.x + previous.width - Self.overlapTolerance {
                    fail("\(where_) starts at x \(line.origin.x), left of the end of the line before on its baseline")
                }
            } else if line.origin.y < previous.origin.y {
                fail("\(where_) has its baseline at \(line.origin.y), above the line before's (\(previous.origin.y))")
            } else {
                // CSS line boxes: the leading shared above and below.
                let previousBottom = previous.origin.y + previous.descent + previous.leading / 2
                let top = line.origin.y - line.ascent - line.leading / 2
                if top < previousBottom - Self.overlapTolerance {
                    fail("\(where_): its box (top \(top)) overlaps the line before's (bottom \(previousBottom))")
                }
            }
        }
        // A box whose paragraphs start where the frame ends belongs to the next frame, which
        // passes over them: the frame may end before it or after it.
        if next != frame.visibleRange.upperBound, passingBoxes(next) != frame.visibleRange.upperBound {
            fail("\(at): its lines end at \(passingBoxes(next)), its range at \(frame.visibleRange.upperBound)")
        }
    }

    /// A figure's or an aside's text: its frames show exactly its paragraphs (a note's parts,
    /// split over columns, show them in turn), and every glyph's line box lies inside the box
    /// less its border and padding. Its face may reach past its line box, above the text area
    /// under a fixed line height tighter than it; its ink is held there (`FrameInkCheck`, the
    /// page checker's rule).
    private mutating func checkText(of placed: Layout.PlacedBox, page: Int) {
        let at = "page \(page) box at character \(placed.box.range.lowerBound)"
        let shownRange = (placed.frames.first?.visibleRange.lowerBound ?? 0) ..< (placed.frames.last?.visibleRange.upperBound ?? 0)
        if placed.style.kind == .footnote {
            let box = placed.box.range
            let expected = (notesGoingOn.removeValue(forKey: box.lowerBound) ?? box.lowerBound) ..< box.upperBound
            if shownRange.lowerBound != expected.lowerBound || shownRange.isEmpty || shownRange.upperBound > box.upperBound {
                fail("\(at) shows characters \(shownRange), not the rest of its paragraphs \(expected)")
            } else if shownRange.upperBound < box.upperBound {
                notesGoingOn[box.lowerBound] = shownRange.upperBound
            }
        } else if shownRange != placed.box.range {
            fail("\(at) shows characters \(shownRange), not its paragraphs \(placed.box.range)")
        }
        let inner = Layout.PlacedBox.textRect(of: placed.rect, style: placed.style)
        for (frameIndex, frame) in placed.frames.enumerated() {
            frames += 1
            checkLines(of: frame, at: "\(at) frame \(frameIndex)", inColumns: false)
            for (lineIndex, line) in frame.lines.enumerated() {
                lines += 1
                for box in PageBoxes.boxes(of: line, frame: frameIndex, index: lineIndex, text: text) {
                    if box.isPicture { pictures += 1 } else { glyphs += 1 }
                    if !inner.insetBy(-Self.frameTolerance).contains(box.held) {
                        fail("\(at) line \(lineIndex): \(box.isPicture ? "picture" : "glyph") of character \(box.character) "
                             + "\(PageBoxes.describe(box.held)) is outside the box's text area \(PageBoxes.describe(inner))")
                    }
                }
            }
        }
    }

    /// Inside the frame's rectangle (and shape), clear of its exclusions: down the frame by its
    /// line's box (a face reaches past that under a tight fixed line height: its ink is held by
    /// `FrameInkCheck`), across by its own. Only a punctuation mark of a paragraph with hanging
    /// punctuation may reach out sideways, by 0.7 of itself.
    private mutating func checkInside(_ box: InkBox, frame: Frame, page: Int) {
        let rect = frame.container.rect
        let at = "page \(page) frame \(box.frame) line \(box.line)"
        let what = box.isPicture ? "picture at character \(box.character)" : "glyph of character \(box.character)\(quoted(box.character))"
        let sideways = max(rect.minX - box.rect.minX, box.rect.maxX - rect.maxX)
        let vertical = max(rect.minY - box.held.minY, box.held.maxY - rect.maxY)
        var allowed = Self.frameTolerance
        if !box.isPicture, FrameInkCheck(text: text).hangs(box.character, line: frame.lines[box.line]) {
            allowed += InkAllowance.hangingShare * box.rect.width
        }
        if sideways > allowed || vertical > Self.frameTolerance {
            fail("\(at): \(what) \(PageBoxes.describe(box.rect)) is outside its frame \(PageBoxes.describe(rect))")
        }
        let inner = box.rect.insetBy(Self.overlapTolerance)
        // A floated picture is itself an exclusion of its frame (the text keeps out of it).
        guard inner.width > 0, inner.height > 0, box.line >= 0 else { return }
        for exclusion in frame.container.exclusions {
            let spans = exclusion.shape.coveredSpans(top: inner.minY, bottom: inner.maxY)
            if let span = spans.first(where: { $0.minX < inner.maxX && inner.minX < $0.maxX }) {
                fail("\(at): \(what) \(PageBoxes.describe(box.rect)) enters an exclusion (x \(span.minX)…\(span.maxX))")
            }
        }
        if let shape = frame.container.shape, !box.isPicture {
            let spans = shape.enclosedSpans(top: inner.minY, bottom: inner.maxY)
            if !spans.contains(where: { $0.minX <= box.rect.minX + Self.frameTolerance && box.rect.maxX <= $0.maxX + Self.frameTolerance }) {
                fail("\(at): \(what) \(PageBoxes.describe(box.rect)) is outside its frame's shape")
            }
        }
    }

    /// No glyph box overlaps a picture, and none overlaps a glyph box of another line, anywhere
    /// on the page. Between lines, boxes are cut to their line's box: the fallback faces of a
    /// paragraph do not change its line spacing (Fixtures/international/README.md), and Noto
    /// CJK's box, 1.45 em tall, reaches 3.6 pt into the line above in the international
    /// fixture, though its ink does not. Lines whose boxes as a whole only touch are passed
    /// over, which keeps this fast.
    private mutating func checkOverlaps(_ boxes: [[InkBox]], page: Int) {
        let unions = boxes.map { PageBoxes.union($0.map(\.withinLine)) }
        let pictures = boxes.joined().filter(\.isPicture)
        for picture in pictures {
            for box in boxes.joined() where !(box.isPicture && box.character == picture.character)
                && PageBoxes.overlapDepth(box.rect, picture.rect) > Self.overlapTolerance {
                fail("page \(page) frame \(box.frame) line \(box.line): \(box.isPicture ? "picture" : "glyph") of character "
                     + "\(box.character)\(quoted(box.character)) \(PageBoxes.describe(box.rect)) overlaps the picture at character "
                     + "\(picture.character) \(PageBoxes.describe(picture.rect)) (frame \(picture.frame) line \(picture.line))")
            }
        }
        for a in boxes.indices {
            guard let unionA = unions[a] else { continue }
            for b in (a + 1) ..< boxes.count {
                guard let unionB = unions[b], PageBoxes.overlapDepth(unionA, unionB) > Self.overlapTolerance else { continue }
                for boxA in boxes[a] where !boxA.isPicture {
                    for boxB in boxes[b] where !boxB.isPicture
                        && PageBoxes.overlapDepth(boxA.withinLine, boxB.withinLine) > Self.overlapTolerance {
                        fail("page \(page) frame \(boxA.frame) line \(boxA.line): glyph of character \(boxA.character)\(quoted(boxA.character)) "
                             + "\(PageBoxes.describe(boxA.withinLine)) overlaps line \(boxB.line) of frame \(boxB.frame): glyph of character "
                             + "\(boxB.character)\(quoted(boxB.character)) \(PageBoxes.describe(boxB.withinLine))")
                    }
                }
            }
        }
    }

    /// Running heads are set in the margins: none of their glyphs enters a body frame.
    private mutating func checkRunningHeads(of page: Page) {
        guard let furniture = page.furniture else { return }
        for (partIndex, part) in furniture.frames.enumerated() {
            for (lineIndex, line) in part.lines.enumerated() {
                headLines += 1
                for box in PageBoxes.boxes(of: line, frame: partIndex, index: lineIndex, text: furniture.text) {
                    for (frameIndex, frame) in page.frames.enumerated()
                    where PageBoxes.overlapDepth(box.rect, frame.container.rect) > Self.overlapTolerance {
                        fail("page \(page.number) running head part \(partIndex) line \(lineIndex): glyph \(PageBoxes.describe(box.rect)) "
                             + "enters body frame \(frameIndex) \(PageBoxes.describe(frame.container.rect))")
                    }
                }
            }
        }
    }

    /// The character at `offset` in quotes, for messages ("" for a generated hyphen).
    private func quoted(_ offset: Int) -> String {
        guard offset >= 0, offset < text.length else { return offset < 0 ? " (hyphen at a break)" : "" }
        return " '\(text.substring(offset ..< offset + 1))'"
    }
}

private extension Rect {
    /// This rectangle shrunk by `amount` on every side.
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: minX + amount, y: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}
