@testable import Layout
import Text
import XCTest

/// Notes at the foot of their marker's column: the column's text stops above them, a line
/// whose note has no room left goes on to the next column with it (TeX's insertions), and a
/// note too long for the room left splits, its rest first at the next column's foot (`\vsplit`).
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

    func testNotesKeepClearOfWhatTheColumnExcludesAndAFirstLinesNotesGoOnWhenNoLineOfThemFits() throws {
        let markup = (1 ... 4).map { "\(body)<footnote>Note \($0): \(body)</footnote>" }.joined(separator: "\n") + "\n"
        let framesetter = try framesetter(markup)
        // A picture across the gutter a third of the way up from the column's foot.
        let picture = Exclusion(.rectangle(Rect(x: 100, y: 300, width: 120, height: 60)))
        let column = Container(rect: Rect(x: 0, y: 0, width: 160, height: 480), exclusions: [picture])
        let frame = framesetter.frame(in: column, from: 0)
        let area = try XCTUnwrap(frame.footnotes)
        XCTAssertGreaterThanOrEqual(area.top, 360 - 0.001, "the notes' room is below the picture, never over it")
        // A column too short for a line of its first line's note: the line stays (a column must
        // take one), and its note goes on whole to the next column's foot rather than off this one's.
        let opening = try self.framesetter("Keys.<footnote>\(body)</footnote> \(body)\n")
        let short = opening.frame(in: Container(rect: Rect(x: 0, y: 0, width: 160, height: 30)), from: 0)
        XCTAssertFalse(short.lines.isEmpty)
        XCTAssertNil(short.footnotes)
        XCTAssertEqual(short.notesGoingOn.map(\.reference), opening.footnotes.all)
        XCTAssertEqual(short.notesGoingOn.first?.from, opening.footnotes.all.first?.note.range.lowerBound)
    }

    /// From a designer's issue: a master page's rule drawn into the foot of the text area (an
    /// exclusion, 8 pt clear round it). No stretch down to the column's foot was ever clear, so
    /// no note fitted: each column ended at its first marker's line, 44 lines early, and the
    /// note went on to a page its marker was not on. The notes now stand above what covers
    /// the foot, as TeX's stand above a bottom float's place.
    func testNotesStandAboveWhatCoversTheColumnsFootOnTheirMarkersColumn() throws {
        let markup = "\(body) \(body)<footnote>Note 1: the log is in the county archive.</footnote> \(body) \(body) \(body)\n"
        let framesetter = try framesetter(markup)
        let rule = Exclusion(.rectangle(Rect(x: 0, y: 466, width: 160, height: 0.5)), padding: 8)
        let frames = framesetter.frames(in: [0, 1].map { Container(rect: Rect(x: 200 * Double($0), y: 0, width: 160, height: 480),
                                                                   exclusions: [rule]) })
        let marker = try XCTUnwrap(framesetter.footnotes.all.first).marker.lowerBound
        XCTAssertTrue(frames[0].lines.contains { $0.stringRange.contains(marker) }, "the marker's line stays in the first column")
        let area = try XCTUnwrap(frames[0].footnotes, "its note is at that column's foot")
        XCTAssertLessThanOrEqual(area.bottom, 466 - 8 + 0.5, "the notes stand above the rule and its clearance")
        let textBottom = frames[0].lines.map { $0.origin.y + $0.descent }.max() ?? 0
        XCTAssertLessThanOrEqual(textBottom, area.top + 0.001, "the text stops above the notes")
        XCTAssertGreaterThan(textBottom, 300, "the column is not ended early: \(frames[0].end)")
    }

    func testANoteTooLongForTheRoomLeftGoesOnFirstAtTheFootOfTheNextColumn() throws {
        let long = (1 ... 5).map { _ in body }.joined(separator: " ")
        let markup = "\(body) \(body)<footnote>Note 1: \(long)</footnote> \(body)<footnote>Note 2: box 2.</footnote> \(body) \(body)\n"
        let framesetter = try framesetter(markup)
        let frames = framesetter.frames(in: columns(4, height: 300))
        let first = try XCTUnwrap(framesetter.footnotes.all.first)
        let column = try XCTUnwrap(frames.firstIndex { $0.lines.contains { $0.stringRange.contains(first.marker.lowerBound) } })
        let part = try XCTUnwrap(frames[column].footnotes?.notes.last)
        XCTAssertEqual(part.reference, first, "the note begins in its marker's column")
        XCTAssertGreaterThanOrEqual(part.box.frames[0].lines.count, 2, "its first part keeps two lines")
        XCTAssertEqual(frames[column].notesGoingOn.first?.reference, first)
        let rest = try XCTUnwrap(frames[column + 1].footnotes?.notes.first)
        XCTAssertEqual(rest.reference, first, "its rest comes first in the next column's notes")
        XCTAssertEqual(rest.box.frames[0].visibleRange.lowerBound, part.box.frames[0].visibleRange.upperBound, "where the first part stopped")
        assertEachNoteSetOnceInOrder(frames, framesetter)
    }

    /// TeX's `\dimen\footins`: a column's notes take at most `footnote-max-height` of it (half,
    /// unless the document says otherwise), the rest of a longer note going on to the next column.
    func testNotesTakeAtMostTheirShareOfTheColumnAndTheRestGoesOn() throws {
        let long = (1 ... 8).map { _ in body }.joined(separator: " ")
        let text = "\(body)<footnote>Note 1: \(long)</footnote> \(body) \(body) \(body) \(body)\n"
        for (meta, share) in [("", 0.5), ("<meta footnote-max-height=\"30%\">\n", 0.3), ("<meta footnote-max-height=\"100%\">\n", 1.0)] {
            let framesetter = try framesetter(meta + text)
            let frames = framesetter.frames(in: columns(6, height: 400))
            let area = try XCTUnwrap(frames[0].footnotes, meta)
            let notesHeight = frames[0].container.rect.maxY - area.top
            XCTAssertLessThanOrEqual(notesHeight, 400 * share + 0.001, "\(meta): the notes keep to their share")
            if share < 1 {
                XCTAssertGreaterThan(notesHeight, 400 * share - 40, "\(meta): and fill it, the note split at its foot")
                XCTAssertEqual(frames[0].notesGoingOn.first?.reference, framesetter.footnotes.all.first, "\(meta): its rest goes on")
            } else {
                XCTAssertGreaterThan(notesHeight, 400 * 0.6, "without a cap the note takes what the text leaves")
            }
            assertEachNoteSetOnceInOrder(frames, framesetter, meta)
        }
    }

    func testNotesSplitAndHeldOverAreSetOnceInOrderBelowTheTextAtEveryColumnHeight() throws {
        let long = (1 ... 3).map { _ in body }.joined(separator: " ")
        let documents = [
            // Many notes on one line, one of them long.
            "\(body) Keys.<footnote>A: \(body)</footnote> Lamp.<footnote>B: \(long)</footnote> Log.<footnote>C: box 3.</footnote> \(body)\n",
            // A note longer than a column, then short ones.
            (1 ... 5).map { "\(body)<footnote>Note \($0): \($0 == 2 ? long + " " + long : "box \($0).")</footnote>" }.joined(separator: "\n") + "\n",
            // The last line's note, going on past the text's end.
            "\(body) \(body) \(body) The end.<footnote>\(long)</footnote>\n",
        ]
        for markup in documents {
            let framesetter = try framesetter(markup)
            for height in stride(from: 120.0, through: 400, by: 20) {
                assertEachNoteSetOnceInOrder(framesetter.frames(in: columns(12, height: height)), framesetter, "at \(height) pt")
            }
        }
    }

    /// Every note set whole or in consecutive parts, the notes of a column in their markers'
    /// order, each starting in its marker's column or after it and going on where it stopped;
    /// the text above the notes and the notes above the foot.
    private func assertEachNoteSetOnceInOrder(_ frames: [Frame], _ framesetter: Framesetter, _ context: String = "",
                                              file: StaticString = #filePath, line: UInt = #line) {
        var unstarted = framesetter.footnotes.all[...]
        var resumes: [Int: Int] = [:]   // where each note going on resumes, by its marker
        for (index, frame) in frames.enumerated() {
            let textBottom = frame.lines.map { $0.origin.y + $0.descent }.max() ?? 0
            let markers = (frame.footnotes?.notes ?? []).map(\.reference.marker.lowerBound)
            XCTAssertEqual(markers, markers.sorted(), "a column's notes in their markers' order \(context)", file: file, line: line)
            for note in frame.footnotes?.notes ?? [] {
                let part = note.box.frames.map(\.visibleRange)
                let start = part.first?.lowerBound ?? note.box.box.range.lowerBound
                let marker = note.reference.marker.lowerBound
                if let resume = resumes[marker] {
                    XCTAssertEqual(start, resume, "a split note goes on where it stopped \(context)", file: file, line: line)
                } else {
                    XCTAssertEqual(note.reference, unstarted.first, "notes start in order \(context)", file: file, line: line)
                    unstarted = unstarted.dropFirst()
                    XCTAssertEqual(start, note.reference.note.range.lowerBound, "a note starts at its start \(context)", file: file, line: line)
                    let markerColumn = frames.firstIndex { $0.lines.contains { $0.stringRange.contains(marker) } }
                    XCTAssertLessThanOrEqual(markerColumn ?? index, index, "never before its marker \(context)", file: file, line: line)
                }
                let end = part.last?.upperBound ?? start
                resumes[marker] = end < note.reference.note.range.upperBound ? end : nil
                XCTAssertGreaterThanOrEqual(note.box.rect.minY, textBottom, "notes below the text \(context)", file: file, line: line)
            }
            if let area = frame.footnotes, frame.lines.count > 1 {
                XCTAssertLessThanOrEqual(area.bottom, frame.container.rect.maxY + 0.001, "notes above the foot \(context)", file: file, line: line)
            }
        }
        XCTAssertTrue(unstarted.isEmpty && resumes.isEmpty, "every note set whole \(context): \(unstarted.count) not started, "
                          + "\(resumes.count) not ended", file: file, line: line)
    }

    /// Each marker's note is found among its number's boxes: on one line of notes, all after
    /// its paragraph, each was looked for among every box after the marker (2,000 notes: some
    /// two million boxes read).
    func testANotesBoxIsFoundWithoutReadingTheNotesBeforeIt() throws {
        let markup = (0 ..< 2_000).map { "w\($0)<footnote>N\($0).</footnote>" }.joined(separator: " ") + "\n"
        let footnotes = try framesetter(markup).footnotes
        XCTAssertEqual(footnotes.all.count, 2_000)
        XCTAssertTrue(footnotes.all.allSatisfy { $0.note.range.lowerBound > $0.marker.upperBound }, "each note after its marker")
        XCTAssertEqual(Set(footnotes.all.map(\.note.style.number)).count, 2_000, "each its own note")
        XCTAssertLessThan(footnotes.boxesLookedAt, 3 * 2_000)
    }
}
