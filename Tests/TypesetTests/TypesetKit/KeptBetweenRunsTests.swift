import Foundation
import Layout
import Markup
import Pages
import Text
@testable import TypesetKit
import XCTest

/// `typeset watch`'s runs hand on their fonts and shaped words (`KeptBetweenRuns`): a run after
/// a one-word edit loads no face again and shapes only the new word.
final class KeptBetweenRunsTests: XCTestCase {
    private let paragraph = "The keepers climbed the stair at dusk and wrote the ships into the log by lamplight. "

    private func prepare(_ text: String, options: TypesetOptions, keeping kept: KeptBetweenRuns) throws -> PreparedDocument {
        try Typesetter(options: options, keptBetweenRuns: kept)
            .prepare(MarkupSource(fileName: "doc.txt", text: text), baseDirectory: NSTemporaryDirectory())
    }

    private func layOut(_ document: PreparedDocument) {
        var pages = document.pages()
        while pages.next() != nil {}
    }

    func testARunAfterAnEditShapesOnlyTheNewWordWithTheFacesOfTheRunBefore() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let kept = KeptBetweenRuns()
        let first = try prepare(String(repeating: paragraph, count: 12), options: options, keeping: kept)
        layOut(first)
        let shapedByTheFirst = first.shaper.cacheMisses
        XCTAssertGreaterThan(shapedByTheFirst, 10)

        let edited = String(repeating: paragraph, count: 11) + paragraph.replacingOccurrences(of: "dusk", with: "nightfall")
        let second = try prepare(edited, options: options, keeping: kept)
        XCTAssertIdentical(second.library, first.library, "the faces are the run before's")
        XCTAssertIdentical(second.shaper, first.shaper)
        layOut(second)
        XCTAssertEqual(second.shaper.cacheMisses - shapedByTheFirst, 1, "only \"nightfall\" is shaped")
    }

    /// Box fitting takes the height the run before measured for each box an edit did not
    /// reach (`KeptBoxHeights`): an edit in the last aside sets that one alone again, and the
    /// text is fitted as a cold run fits it.
    func testARunAfterAnEditMeasuresOnlyTheBoxesItReached() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let aside = "<aside float=\"left\" width=\"120\">\nThe keepers' log, kept at dusk.\n</aside>\n"
        let text = String(repeating: aside + paragraph + "\n\n", count: 6)
        let kept = KeptBetweenRuns()
        _ = try prepare(text, options: options, keeping: kept)
        XCTAssertEqual(kept.boxHeights.taken, 0)
        let edited = String(repeating: aside + paragraph + "\n\n", count: 5) + aside.replacingOccurrences(of: "dusk", with: "noon")
            + paragraph + "\n\n"
        let second = try prepare(edited, options: options, keeping: kept)
        XCTAssertEqual(kept.boxHeights.taken, 5, "the five asides before the edit keep their heights")
        let cold = try prepare(edited, options: options, keeping: KeptBetweenRuns())
        XCTAssertNil(TextChange(from: cold.text, to: second.text), "the text is fitted as a cold run fits it")
    }

    /// The PDF of `text` on A6 pages, written by a run after those `kept` remembers (nil: a cold
    /// run), as `name` in `directory`; and its page count.
    private func writePDF(_ text: String, keeping kept: KeptBetweenRuns?, as name: String, in directory: URL) throws -> (pages: Int, pdf: Data) {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page = PageTemplate(size: Size(width: 298, height: 420))
        options.metadata.creationDate = 1_000_000_000
        // What is kept is the question here, not the pages' ink: unchecked, three runs cost half.
        options.checksPages = false
        let output = directory.appendingPathComponent(name).path
        let report = try Typesetter(options: options, keptBetweenRuns: kept)
            .typeset(MarkupSource(fileName: "doc.txt", text: text), baseDirectory: directory.path, outputPath: output)
        return (report.pageCount, try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    /// `text` with its first `old` as `new`.
    private func replacing(_ old: String, with new: String, in text: String) -> String {
        let found = text.range(of: old)!
        return String(text[..<found.lowerBound]) + new + String(text[found.upperBound...])
    }

    /// A run after an edit on the last page takes the text layer's pages the run before wrote
    /// for the pages it did not reach (`KeptTextLayerPages`), the streams it deflated
    /// (`KeptDeflates`) for the rest, and the pictures it checked and loaded (`KeptPictures`),
    /// and its PDF is a cold run's, byte for byte.
    func testARunAfterAnEditOnTheLastPageWritesDeflatesAndLoadsOnlyWhatTheEditChanged() throws {
        let directory = try makeTemporaryDirectory()
        for picture in ["rgba8.png", "rgb-baseline.jpg"] {
            try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent(picture),
                                             to: directory.appendingPathComponent(picture))
        }
        let pictures = "<img src=\"rgba8.png\" width=\"60\" alt=\"A test card\">\n<img src=\"rgb-baseline.jpg\" width=\"60\" alt=\"A test card\">\n"
        let text = "<meta footer=\"{page}\">\n" + pictures
            + String(repeating: "<h2>The log</h2>\n" + String(repeating: paragraph, count: 5) + "\n\n", count: 4)
            + "The last entry, at dusk.\n"
        let kept = KeptBetweenRuns()
        let first = try writePDF(text, keeping: kept, as: "first.pdf", in: directory)
        XCTAssertGreaterThanOrEqual(first.pages, 3)
        XCTAssertEqual(kept.deflates.taken, 0)
        XCTAssertEqual(kept.textLayerPages.taken, 0)
        XCTAssertEqual(kept.pictures.checked, 2)
        XCTAssertEqual(kept.pictures.loaded, 2)
        let deflatedByTheFirst = kept.deflates.deflated

        let edited = replacing("at dusk.", with: "at dawn.", in: text)
        let second = try writePDF(edited, keeping: kept, as: "second.pdf", in: directory)
        XCTAssertEqual(second.pdf, try writePDF(edited, keeping: nil, as: "cold.pdf", in: directory).pdf, "the PDF is a cold run's")
        // The text of every page before the last is not written again.
        XCTAssertEqual(kept.textLayerPages.taken, first.pages - 1, "text layer's pages taken again")
        XCTAssertLessThan(kept.deflates.deflated * 2, deflatedByTheFirst, "streams deflated again: \(kept.deflates.deflated) of \(deflatedByTheFirst)")
        XCTAssertEqual(kept.pictures.checked, 0, "pictures checked again")
        XCTAssertEqual(kept.pictures.loaded, 0, "pictures loaded again")
        XCTAssertEqual(kept.pictures.taken, 2)
    }

    /// A page's text is taken from a state that holds the last run's and more, when the more is
    /// apart from what the page adds (`KeptTextLayerPages`): an edit on the first page drawing a
    /// glyph before the last page, which drew it first, leaves the pages between taken, and the
    /// last page, which gave that glyph its code, written again (the edit keeps the text's
    /// length: the paginator takes every page).
    func testAGlyphFirstDrawnOnAnEarlierPageLeavesThePagesBetweenTaken() throws {
        let directory = try makeTemporaryDirectory()
        let text = String(repeating: "<h2>The log</h2>\n" + String(repeating: paragraph, count: 5) + "\n\n", count: 4)
            + "The last entry: café, über.\n"
        let kept = KeptBetweenRuns()
        let first = try writePDF(text, keeping: kept, as: "first.pdf", in: directory)
        XCTAssertGreaterThanOrEqual(first.pages, 3)
        let edited = replacing("at dusk", with: "at über", in: text)
        let second = try writePDF(edited, keeping: kept, as: "second.pdf", in: directory)
        XCTAssertEqual(kept.pages.reusedByTheLastSetting, second.pages - 1, "the paginator takes the later pages")
        XCTAssertEqual(kept.textLayerPages.taken, second.pages - 2, "the text of the pages between the edit and the last is taken")
        XCTAssertEqual(second.pdf, try writePDF(edited, keeping: nil, as: "cold.pdf", in: directory).pdf, "the PDF is a cold run's")
    }

    /// The text layer's state is what its changes gave, in any order (`TextLayerHistory`): an
    /// edit that moves the line drawing some glyphs first from the foot of one page set again to
    /// the top of the next leaves the pages after them in the last run's state, and their text
    /// is taken (`KeptTextLayerPages`).
    func testAGlyphFirstDrawnOnTheNextPageSetAgainLeavesTheLaterPagesTaken() throws {
        let directory = try makeTemporaryDirectory()
        let chapter = (1 ... 80).map { "Log \($0).\n" }.joined()
        func log(_ first: String) -> String {
            "<meta footer=\"{page}\">\n" + ([first] + Array(repeating: chapter, count: 3)).joined(separator: "<pagebreak>\n")
        }
        // The entry at the foot of the first page, found from a setting of the log, made the one
        // that draws 'Z', 'u', 'l' and ',' first.
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page = PageTemplate(size: Size(width: 298, height: 420))
        let document = try prepare(log(chapter), options: options, keeping: KeptBetweenRuns())
        var pages = document.pages()
        let foot = try XCTUnwrap(pages.next()?.frames.flatMap(\.lines).last?.stringRange)
        let entry = String(decoding: document.text.storage[foot], as: UTF16.self)
        let text = log(replacing(entry, with: entry.replacingOccurrences(of: ".", with: ", Zulu."), in: chapter))
        let kept = KeptBetweenRuns()
        let first = try writePDF(text, keeping: kept, as: "first.pdf", in: directory)
        XCTAssertGreaterThanOrEqual(first.pages, 8)

        // A first entry made twice: the Zulu entry goes on at the top of the second page.
        let edited = replacing("Log 1.\n", with: "Log 1.\nLog 1.\n", in: text)
        let second = try writePDF(edited, keeping: kept, as: "second.pdf", in: directory)
        XCTAssertEqual(second.pdf, try writePDF(edited, keeping: nil, as: "cold.pdf", in: directory).pdf, "the PDF is a cold run's")
        XCTAssertGreaterThanOrEqual(kept.pages.reusedByTheLastSetting, second.pages - 3)
        XCTAssertGreaterThanOrEqual(kept.textLayerPages.taken, second.pages - 3, "text layer's pages taken, of \(second.pages)")
    }

    /// A table's columns are measured from all its cells, once (the paragraph cache's memo):
    /// a cell made wider on the table's first page moves the columns on every page of it, which
    /// are set again, not taken from the run before (`TextReach`).
    func testACellMadeWiderSetsTheTablesLaterPagesAgain() throws {
        let directory = try makeTemporaryDirectory()
        let rows = (0 ..< 40).map { "<tr><td>\($0 == 0 ? "iiiiiiiiiiii" : "Row")</td><td>Log \($0).</td></tr>\n" }.joined()
        let text = "A table of the log.\n\n<table>\n" + rows + "</table>\n"
        let kept = KeptBetweenRuns()
        let first = try writePDF(text, keeping: kept, as: "first.pdf", in: directory)
        XCTAssertGreaterThanOrEqual(first.pages, 2)
        let edited = replacing("iiiiiiiiiiii", with: "iiiiiiiiiinn", in: text)
        let second = try writePDF(edited, keeping: kept, as: "second.pdf", in: directory)
        let cold = try writePDF(edited, keeping: nil, as: "cold.pdf", in: directory)
        XCTAssertEqual(second.pages, first.pages, "the rows stay on their pages: the flows meet")
        XCTAssertEqual(second.pdf, cold.pdf, "the PDF is a cold run's")
    }

    /// An edit that changes the text's length — a paragraph added, one removed, a word made
    /// longer or shorter — sets the pages to the next page break and takes the rest from the
    /// run before, their offsets shifted (`PageReuse`), text layer and all (the edits draw no
    /// glyph first that a later page drew first): the PDF is a cold run's, byte for byte.
    func testAnEditOfAnotherLengthTakesThePagesAfterTheNextPageBreak() throws {
        let directory = try makeTemporaryDirectory()
        // Chapters of two pages with room for another paragraph on the second.
        let chapter = String(repeating: String(repeating: paragraph, count: 4) + "\n", count: 3)
        var text = "<meta footer=\"{page}\">\n" + Array(repeating: chapter, count: 5).joined(separator: "<pagebreak>\n")
        let kept = KeptBetweenRuns()
        let first = try writePDF(text, keeping: kept, as: "first.pdf", in: directory)
        XCTAssertGreaterThanOrEqual(first.pages, 10)
        let added = "The keepers slept.\n"
        let edits: [(place: String, old: String, new: String)] = [
            ("a paragraph added", chapter, chapter + added), ("a paragraph removed", added, ""),
            ("a longer word", "stair at dusk", "stair at late dusk"), ("a shorter word", "stair at late dusk", "stair at dusk"),
        ]
        for (place, old, new) in edits {
            text = replacing(old, with: new, in: text)
            let watched = try writePDF(text, keeping: kept, as: "watched.pdf", in: directory)
            XCTAssertEqual(watched.pdf, try writePDF(text, keeping: nil, as: "cold.pdf", in: directory).pdf, "\(place): the PDF is a cold run's")
            XCTAssertGreaterThanOrEqual(kept.pages.reusedByTheLastSetting, watched.pages - 3, "\(place): pages taken, of \(watched.pages)")
            XCTAssertGreaterThanOrEqual(kept.textLayerPages.taken, watched.pages - 3, "\(place): text layer's pages taken")
        }
    }

    /// A parse after an edit on the last page goes on from the last checkpoint before it
    /// (`KeptParses`): it reads the last paragraphs' markup alone, and its text and its messages
    /// (a warning on the first line among them) are a cold parse's.
    func testAParseAfterAnEditOnTheLastPageReadsOnlyTheLastParagraphs() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let entry = String(repeating: paragraph, count: 3) + "\n"
        let text = "<font colour=\"red\">Early.</font>\n" + String(repeating: entry, count: 40) + "The last entry, at dusk.\n"
        let kept = KeptBetweenRuns()
        _ = try prepare(text, options: options, keeping: kept)
        XCTAssertEqual(kept.parses.lastReadStart, 0, "a first parse reads the whole document")

        let edited = replacing("entry, at dusk", with: "entry, at dawn", in: text)
        let second = try prepare(edited, options: options, keeping: kept)
        let paragraphsRead = edited.utf16.dropFirst(kept.parses.lastReadStart).count { $0 == 0x0A }
        XCTAssertGreaterThan(kept.parses.lastReadStart, 0)
        XCTAssertLessThanOrEqual(paragraphsRead, 10, "paragraphs read again, of 42")
        let cold = try prepare(edited, options: options, keeping: KeptBetweenRuns())
        XCTAssertNil(TextChange(from: cold.text, to: second.text), "the text is a cold parse's")
        XCTAssertEqual(second.diagnostics.map(\.description), cold.diagnostics.map(\.description))
        XCTAssertTrue(second.diagnostics.contains { $0.description.contains("colour") }, "the first line's warning is told")
    }

    /// Each parse that goes on from a checkpoint, or reads the whole document where it cannot,
    /// makes what a cold run makes: edits inside a tag open across paragraphs, of a style, of
    /// what a `<ref>` before them prints, with a picture before them changed on disk, and an
    /// error made and mended; the PDF (or the messages) a cold run's, byte for byte.
    func testEachParseGoingOnFromACheckpointWritesWhatAColdRunWrites() throws {
        let directory = try makeTemporaryDirectory()
        let picture = directory.appendingPathComponent("picture.png")
        try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"), to: picture)
        let entry = String(repeating: paragraph, count: 3) + "\n"
        var text = "<meta footer=\"{page}\">\n<style name=\"log\" size=\"9\"/>\n<img src=\"picture.png\" width=\"40\" alt=\"A card\">\n"
            + "See page <ref to=\"end\"/>.\n" + String(repeating: entry, count: 30)
            + "<i>" + String(repeating: entry, count: 4) + "<p style=\"log\">The last entry, at dusk.</p>\n" + paragraph + "</i>\n"
            + "<p id=\"end\">The end.</p>\n"
        let kept = KeptBetweenRuns()
        func written(keeping kept: KeptBetweenRuns?, as name: String) -> Data {
            do { return try writePDF(text, keeping: kept, as: name, in: directory).pdf } catch { return Data("\(error)".utf8) }
        }
        _ = written(keeping: kept, as: "first.pdf")
        /// `goesOn`: whether the run's last parse goes on from a checkpoint (nil: either).
        func edit(_ place: String, goesOn: Bool?, _ change: () throws -> Void) rethrows {
            try change()
            let watched = written(keeping: kept, as: "watched.pdf")
            if let goesOn { XCTAssertEqual(kept.parses.lastReadStart > 0, goesOn, place) }
            XCTAssertEqual(watched, written(keeping: nil, as: "cold.pdf"), place)
        }
        edit("inside <i> open across paragraphs", goesOn: true) { text = replacing("entry, at dusk", with: "entry, at dawn", in: text) }
        edit("a style used after the checkpoint, declared before it", goesOn: false) {
            text = replacing("size=\"9\"", with: "size=\"12\"", in: text)
        }
        edit("what a <ref> before the change prints", goesOn: nil) {
            text = replacing("<p id=\"end\">", with: String(repeating: entry, count: 3) + "<p id=\"end\">", in: text)
        }
        try edit("a picture before the change written over", goesOn: false) {
            try Data(contentsOf: TestSupport.imagesDirectory.appendingPathComponent("palette.png")).write(to: picture)
            text = replacing("entry, at dawn", with: "entry, at noon", in: text)
        }
        edit("an error made", goesOn: true) { text = replacing("The end.", with: "<font size=\"huge\">The end.</font>", in: text) }
        XCTAssertTrue(String(decoding: written(keeping: kept, as: "failed.pdf"), as: UTF8.self).contains("huge"), "the error is told")
        edit("the error mended", goesOn: true) { text = replacing("size=\"huge\"", with: "size=\"11\"", in: text) }
    }

    /// Fonts looked for elsewhere are other faces: the library and the words shaped in it start again.
    /// Where a picture or a box is written is kept beside the text, not in its attributes
    /// (`ElementPlaces`): lines added above them leave the pages after the next page break
    /// taken, and the messages about what those pages hold name the new lines, as does the
    /// error about a picture whose file is broken.
    func testLinesAddedAboveTakeTheLaterPagesAndTheirMessagesNameTheNewLines() throws {
        let directory = try makeTemporaryDirectory()
        let picture = directory.appendingPathComponent("picture.png")
        try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"), to: picture)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page.columns = 1
        options.checksPages = false
        let kept = KeptBetweenRuns()
        func typeset(_ text: String) throws -> (pages: Int, movedAtLines: [Int?]) {
            let report = try Typesetter(options: options, keptBetweenRuns: kept)
                .typeset(MarkupSource(fileName: "doc.txt", text: text), baseDirectory: directory.path,
                         outputPath: directory.appendingPathComponent("doc.pdf").path)
            return (report.pageCount, report.diagnostics.filter { $0.message.contains("moved to page") }.map { $0.location?.line })
        }
        // Lines of 12 pt that leave four lines of a page empty: too few for what follows them.
        let lines = Int(options.page.textArea.height / 12) - 4
        let filler = #"<p line-height="12pt" space-after="0" align="left">"# + (1 ... lines).map { "line \($0)" }.joined(separator: "<br>")
            + "</p>\n"
        // A picture (line 5) and a figure (line 8) moved to the pages after those they are written
        // on; the first page's last paragraph, which the second reads, after the lines added.
        let text = "The first page.\nIts last paragraph.\n<pagebreak>\n" + filler + "<img src=\"picture.png\" alt=\"\" width=\"120\" height=\"80\" float=\"left\">Beside it.\n"
            + "<pagebreak>\n" + filler + "<figure>\n<img src=\"picture.png\" alt=\"\" width=\"240\" height=\"160\">\n</figure>\nAfter the figure.\n"
        let first = try typeset(text)
        XCTAssertEqual(first.movedAtLines, [5, 8])

        let edited = "Two lines\nadded above.\n" + text
        let second = try typeset(edited)
        XCTAssertEqual(second.pages, first.pages)
        XCTAssertEqual(kept.pages.reusedByTheLastSetting, first.pages - 1, "every page but the first taken")
        XCTAssertEqual(second.movedAtLines, [7, 10], "the messages name the lines they are on now")

        // The picture's file broken: the error is at its `src`, on the line it is on now, in each run.
        try Data(contentsOf: TestSupport.imagesDirectory.appendingPathComponent("corrupt.png")).write(to: picture)
        for (added, line) in [("", 7), ("One more.\n", 8)] {
            XCTAssertThrowsError(try typeset(added + edited)) { error in
                let lines = (error as? DocumentFailure)?.diagnostics.filter { $0.message.contains("picture.png") }.map { $0.location?.line }
                XCTAssertEqual(lines?.first, line, "\(error)")
            }
        }
    }

    func testAnotherBodyFaceStartsAgain() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let kept = KeptBetweenRuns()
        let first = try prepare(paragraph, options: options, keeping: kept)
        options.fontFamily = "Liberation Serif"
        let second = try prepare(paragraph, options: options, keeping: kept)
        XCTAssertNotIdentical(second.library, first.library)
        XCTAssertNotIdentical(second.shaper, first.shaper)
        XCTAssertEqual(second.library.bodyFamily, "Liberation Serif")
    }
}
