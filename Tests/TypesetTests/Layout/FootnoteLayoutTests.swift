import Layout
import Text
import XCTest

/// Notes at the foot of their marker's column: the column's text stops above them, and a line
/// whose note has no room left goes on to the next column with it (TeX's insertions).
final class FootnoteLayoutTests: FramesetterTestCase {
    private let body = """
        The keeper wound the lamp every four hours and wrote the time in a log that nobody read, \
        through a winter of storms and a spring of fog, until the board sent a man to ask why.
        """

    private func columns(_ count: Int, height: Double) -> [Container] {
        (0 ..< count).map { Container(rect: Rect(x: 200 * Double($0), y: 0, width: 160, height: height)) }
    }

    func testEachNoteIsAtTheFootOfTheColumnWhoseLineHoldsItsMarkerBelowTheText() throws {
        let markup = (1 ... 6).map { "\(body)<footnote>Note \($0): the log is in the county archive, box \($0).</footnote>" }
            .joined(separator: "\n") + "\n"
        let framesetter = try framesetter(markup)
        let frames = framesetter.frames(in: columns(4, height: 220))
        XCTAssertEqual(frames.flatMap { $0.footnotes?.notes ?? [] }.count, 6, "every note is set once")
        for frame in frames {
            let markers = framesetter.footnotes.references(in: frame.visibleRange).filter { reference in
                frame.lines.contains { $0.stringRange.contains(reference.marker.lowerBound) }
            }
            XCTAssertEqual(frame.footnotes?.notes.map(\.reference) ?? [], markers, "the frame holds the notes of its markers, in order")
            guard let area = frame.footnotes else { continue }
            let textBottom = frame.lines.map { $0.origin.y + $0.descent }.max() ?? 0
            XCTAssertLessThanOrEqual(textBottom, area.top + 0.001, "the text stops above the notes' room")
            XCTAssertGreaterThan(area.rule.minY, textBottom, "the rule is below the text")
            XCTAssertLessThan(area.rule.width, frame.container.rect.width / 2, "a short rule")
            var top = area.rule.maxY
            for note in area.notes {
                XCTAssertGreaterThan(note.box.rect.minY, top, "each note below the rule and the note before it")
                top = note.box.rect.maxY
            }
            XCTAssertEqual(top, frame.container.rect.maxY, accuracy: 0.001, "the last note ends at the column's foot")
        }
    }

    func testAMarkersLineWhoseNoteHasNoRoomGoesOnToTheNextColumnWithIt() throws {
        let markup = "\(body) \(body)<footnote>\(body) \(body)</footnote> \(body)\n"
        let framesetter = try framesetter(markup)
        let marker = try XCTUnwrap(framesetter.footnotes.all.first).marker.lowerBound
        // A column the marker's line reaches, but not with its note below it.
        let plain = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 160, height: 400)), from: 0)
        let markerLine = try XCTUnwrap(plain.lines.first { $0.stringRange.contains(marker) })
        let height = markerLine.origin.y + markerLine.descent + 20
        let frames = framesetter.frames(in: columns(2, height: height))
        XCTAssertLessThanOrEqual(frames[0].visibleRange.upperBound, marker, "the marker's line went on")
        XCTAssertNil(frames[0].footnotes)
        XCTAssertEqual(frames[0].end, .footnoteDidNotFit(at: markerLine.stringRange.lowerBound), "the column says why it ends")
        XCTAssertEqual(frames[1].footnotes?.notes.first?.reference.marker.lowerBound, marker, "its note went on with it")
        XCTAssertTrue(frames[1].lines.contains { $0.stringRange.contains(marker) })
    }

    func testNotesKeepClearOfWhatTheColumnExcludesAndAFirstLinesNotesGoBelowIt() throws {
        let markup = (1 ... 4).map { "\(body)<footnote>Note \($0): \(body)</footnote>" }.joined(separator: "\n") + "\n"
        let framesetter = try framesetter(markup)
        // A picture across the gutter a third of the way up from the column's foot.
        let picture = Exclusion(.rectangle(Rect(x: 100, y: 300, width: 120, height: 60)))
        let column = Container(rect: Rect(x: 0, y: 0, width: 160, height: 480), exclusions: [picture])
        let frame = framesetter.frame(in: column, from: 0)
        let area = try XCTUnwrap(frame.footnotes)
        XCTAssertGreaterThanOrEqual(area.top, 360 - 0.001, "the notes' room is below the picture, never over it")
        // A column shorter than its first line's note: the line stays, its note below it.
        let opening = try self.framesetter("Keys.<footnote>\(body)</footnote> \(body)\n")
        let short = opening.frame(in: Container(rect: Rect(x: 0, y: 0, width: 160, height: 30)), from: 0)
        let first = try XCTUnwrap(short.footnotes)
        XCTAssertGreaterThanOrEqual(first.top, short.lines.map { $0.origin.y + $0.descent }.max() ?? 0)
        XCTAssertEqual(short.usedHeight, first.bottom, accuracy: 0.001, "the frame's height counts its notes")
    }
}
