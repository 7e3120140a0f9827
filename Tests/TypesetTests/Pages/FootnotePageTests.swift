import Foundation
import Layout
import Pages
import XCTest

/// Footnotes on pages, checked by the page checker as every page the tests make is: the nine
/// notes of Fixtures/footnotes each on its marker's page and in its column, notes above a
/// picture placed across the page's foot, and generated documents whose notes split.
final class FootnotePageTests: XCTestCase {
    func testTheNineNotesOfTheFeatureAreEachInTheColumnOfTheirMarker() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/footnotes")
        let markup = try String(contentsOf: folder.appendingPathComponent("footnotes.txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path) { $0.page.baselineGrid = 13 }
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        var placed = 0
        for page in pages {
            for frame in page.frames {
                for note in frame.footnotes?.notes ?? [] {
                    placed += 1
                    XCTAssertTrue(frame.lines.contains { $0.stringRange.contains(note.reference.marker.lowerBound) },
                                  "note at \(note.reference.marker) is in its marker's column")
                }
            }
        }
        XCTAssertEqual(placed, 9)
    }

    func testNotesStayAboveAPictureAcrossThePagesFoot() throws {
        let paragraphs = SectionTesting.paragraphs(8, seed: 36).enumerated().map { index, paragraph in
            "\(paragraph)<footnote>Source \(index + 1): the keeper's log.</footnote>"
        }
        let markup = "<section columns=\"2\">\n" + paragraphs.prefix(2).joined(separator: "\n")
            + "\n<img src=\"coffee.jpg\" width=\"200\" float=\"bottom\" span=\"all\" alt=\"\">\n"
            + paragraphs.dropFirst(2).joined(separator: "\n") + "\n</section>\n"
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/footnotes")
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path)
        XCTAssertFalse(document.diagnostics.contains { $0.severity == .error }, "\(document.diagnostics)")
        let page = try XCTUnwrap(pages.first)
        let picture = try XCTUnwrap(page.pictures.first)
        let notes = page.frames.flatMap { $0.footnotes?.notes ?? [] }
        XCTAssertFalse(notes.isEmpty)
        for note in notes {
            XCTAssertLessThanOrEqual(note.box.rect.maxY, picture.rect.minY, "a note never reaches the picture at the foot")
        }
    }

    /// A three-column feature with nine footnotes, three of them longer than the half of a column
    /// notes may take: each note, in either placement, starts on its marker's page, the columns
    /// the text fills reach down to their notes (no hole), and the page checker finds nothing
    /// over anything. Before a note marked behind a split one started in its column, the notes
    /// after each long one waited for the next page while their markers stayed.
    func testANineNoteFeatureInThreeColumnsStartsEachNoteOnItsMarkersPageWithoutAHole() throws {
        let prose = SectionTesting.paragraphs(24, seed: 36, words: 40 ... 80)
        let long = SectionTesting.paragraphs(8, seed: 37, words: 60 ... 80).joined(separator: " ")
        var body = ""
        for (index, paragraph) in prose.enumerated() {
            var words = paragraph.split(separator: " ").map(String.init)
            if index % 2 == 1, index < 18 {
                let number = index / 2 + 1
                let note = [2, 5, 8].contains(number) ? long : "Source \(number): the keeper's log, box \(number)."
                words[words.count / 2] += "<footnote>\(note)</footnote>"
            }
            body += words.joined(separator: " ") + "\n"
        }
        for meta in ["", "<meta footnote-placement=\"page\">\n"] {
            let markup = meta + "<section columns=\"3\" gutter=\"14\">\n" + body + "</section>\n"
            let (document, pages) = try SectionTesting.layOut(markup)
            XCTAssertTrue(document.diagnostics.isEmpty, "\(meta): \(document.diagnostics)")
            var started: Set<Int> = []
            for page in pages {
                for note in page.frames.flatMap({ $0.footnotes?.notes ?? [] }) where started.insert(note.reference.marker.lowerBound).inserted {
                    XCTAssertTrue(page.frames.contains { $0.visibleRange.contains(note.reference.marker.lowerBound) },
                                  "\(meta): the note at \(note.reference.marker) starts on page \(page.number), its marker's")
                }
                // Every column but the text's last reaches within two lines of its notes or its foot.
                let notesTop = page.frames.compactMap { $0.lines.isEmpty ? $0.footnotes?.top : nil }.min()
                for frame in page.frames where !frame.lines.isEmpty && frame.visibleRange.upperBound < document.text.length {
                    let textBottom = frame.lines.map { $0.origin.y + $0.descent }.max() ?? 0
                    let floor = [frame.footnotes?.top, notesTop, frame.container.rect.maxY].compactMap { $0 }.min() ?? 0
                    XCTAssertLessThan(floor - textBottom, 2 * 14.0, "\(meta): page \(page.number)'s column at \(frame.container.rect.minX) has a hole")
                }
            }
            XCTAssertEqual(started.count, 9, meta)
        }
    }

    /// Documents made at random: sections of one to three columns (the last balanced), one or
    /// two notes in most paragraphs, some notes longer than a column, several on one line, pull
    /// quotes over the gutter and pictures across the page's foot. Before notes split, the page
    /// checker found notes over what is below them, or off the foot, in 7 of 120 such documents;
    /// before a note marked in a column started there (past the notes' share when it must),
    /// 132 of their 2,339 notes started on a later page than their markers.
    func testGeneratedDocumentsSetEveryNoteOnItsMarkersPageOrAfterItAndNothingOverAnything() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/footnotes")
        var documentsSplittingNotes = 0, notesOnALaterPage = 0
        for seed in 1 ... 120 {
            let markup = Self.generatedDocument(seed: UInt64(seed))
            let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path)
            XCTAssertFalse(document.diagnostics.contains { $0.severity == .error }, "seed \(seed): \(document.diagnostics)")
            var placed: [Range<Int>: Int] = [:]   // characters of each note set, by its marker
            var parts = 0
            for page in pages {
                for note in page.frames.flatMap({ $0.footnotes?.notes ?? [] }) {
                    parts += 1
                    let firstPart = placed[note.reference.marker] == nil
                    placed[note.reference.marker, default: 0] += note.box.frames.reduce(0) { $0 + $1.visibleRange.count }
                    let markerPage = pages.first { $0.frames.contains { $0.visibleRange.contains(note.reference.marker.lowerBound) } }
                    XCTAssertLessThanOrEqual(markerPage?.number ?? 0, page.number, "seed \(seed): a note never before its marker")
                    if firstPart, let markerPage, markerPage.number != page.number {
                        notesOnALaterPage += 1
                        XCTFail("seed \(seed): the note at \(note.reference.marker) starts on page \(page.number), its marker on \(markerPage.number)")
                    }
                }
            }
            let references = TextFootnotes(text: document.text, boxes: TextBoxes(text: document.text)).all
            if parts > references.count { documentsSplittingNotes += 1 }
            XCTAssertEqual(placed.count, references.count, "seed \(seed): every note set")
            for reference in references {
                XCTAssertEqual(placed[reference.marker], reference.note.range.count, "seed \(seed): note at \(reference.marker) set whole, once")
            }
        }
        XCTAssertGreaterThan(documentsSplittingNotes, 20, "the documents do split notes")
        XCTAssertEqual(notesOnALaterPage, 0, "every note starts on its marker's page")
    }

    static func generatedDocument(seed: UInt64) -> String {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 36
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let prose = SectionTesting.paragraphs(40, seed: seed, words: 12 ... 70)
        let notes = SectionTesting.paragraphs(40, seed: seed + 1000, words: 4 ... 40)
        var markup = ""
        var paragraph = 0, note = 0
        for section in 0 ..< 1 + next(3) {
            markup += "<section columns=\"\(1 + next(3))\">\n"
            if section == 0, next(3) == 0 {
                markup += "<img src=\"coffee.jpg\" width=\"120\" float=\"bottom\" span=\"all\" alt=\"\">\n"
            }
            for _ in 0 ..< 4 + next(8) where paragraph < prose.count {
                var words = prose[paragraph].split(separator: " ").map(String.init)
                paragraph += 1
                // Notes after words of the paragraph (sometimes two on one word's line), a fifth
                // of them long: several notes' text.
                for _ in 0 ..< [0, 1, 1, 2, 3][next(5)] {
                    let word = next(words.count)
                    let text = next(5) == 0 ? (0 ..< 3 + next(6)).map { notes[($0 + note) % notes.count] }.joined(separator: " ")
                        : notes[note % notes.count]
                    note += 1
                    words[word] += "<footnote>\(text)</footnote>"
                }
                markup += words.joined(separator: " ") + "\n"
                if next(12) == 0 {
                    markup += "<aside float=\"center\">Pull quote \(paragraph): the keeper wound the lamp.</aside>\n"
                }
            }
            markup += "</section>\n"
        }
        return markup
    }
}
