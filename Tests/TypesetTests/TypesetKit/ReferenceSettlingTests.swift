import Diagnostics
import Foundation
import Markup
@testable import TypesetKit
import XCTest

/// `<ref>` settled by setting the document again until what the references print stops
/// changing: the numbers checked against the pages the layout JSON records, the link in the
/// PDF, and the bound on settings for a reference that never settles.
final class ReferenceSettlingTests: XCTestCase {
    /// A document whose layout puts its one anchor on a page chosen from what its reference printed.
    private struct FakeDocument: ReferencingDocument {
        var referenceUses: [ReferenceUse]
        var anchors: [ReferenceAnchor]
        var pageNumberedNotes: [PageNumberedNote] = []
        var diagnostics: [Diagnostic] = []
        var referencePages: [String: Int] = [:]
        var listsContents = false
        var page: (String) -> Int

        func referencedPages() -> ReferencedPages { ReferencedPages(anchors: ["x": page(referenceUses[0].printed)]) }
    }

    /// A document of two notes numbered by page, whose layout puts the second note's marker on a
    /// page chosen from the number it printed.
    private struct FakeNotes: ReferencingDocument {
        var referenceUses: [ReferenceUse] = []
        var anchors: [ReferenceAnchor] = []
        var pageNumberedNotes: [PageNumberedNote]
        var diagnostics: [Diagnostic] = []
        var referencePages: [String: Int] = [:]
        var listsContents = false
        var secondPage: (Int) -> Int

        func referencedPages() -> ReferencedPages { ReferencedPages(notes: [1, secondPage(pageNumberedNotes[1].number)]) }
    }

    private func fakeNotes(numbered values: ReferenceValues, secondPage: @escaping (Int) -> Int) -> FakeNotes {
        let notes = (0 ..< 2).map { index in
            PageNumberedNote(textOffset: index * 10, number: index < values.noteNumbers.count ? values.noteNumbers[index] : index + 1,
                             location: SourceLocation(file: "doc.txt", line: 4 + index, column: 1), sourceLine: "A line.<footnote>")
        }
        return FakeNotes(pageNumberedNotes: notes, secondPage: secondPage)
    }

    private func fake(printing values: ReferenceValues, page: @escaping (String) -> Int) -> FakeDocument {
        let location = SourceLocation(file: "doc.txt", line: 3, column: 5)
        let printed = values.text(of: "x", .page) ?? "00"
        return FakeDocument(referenceUses: [ReferenceUse(id: "x", format: .page, printed: printed, location: location, sourceLine: "see <ref to=\"x\">")],
                            anchors: [ReferenceAnchor(id: "x", textOffset: 0, kind: "p", number: 0, title: "X", location: location)], page: page)
    }

    /// The document settled from `make`, and how many settings it took.
    private func settle<Document: ReferencingDocument>(_ make: (ReferenceValues) -> Document) throws -> (Document, settings: Int) {
        var settings = 0
        let settled = try ReferenceSettling.settle { values in
            settings += 1
            return make(values)
        }
        return (settled, settings)
    }

    /// The one warning of a document that did not settle, at `line`.
    private func assertOneWarning(in diagnostics: [Diagnostic], atLine line: Int) throws {
        XCTAssertEqual(diagnostics.count, 1)
        let warning = try XCTUnwrap(diagnostics.first)
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.location?.line, line)
        XCTAssertTrue(warning.message.contains("did not settle in \(ReferenceSettling.settings) settings"), warning.message)
    }

    func testAReferenceSettlesWhenItsValueStopsMovingItsTarget() throws {
        // A wider number moves the target on a page.
        let (settled, settings) = try settle { self.fake(printing: $0) { $0.count > 1 ? 10 : 9 } }
        XCTAssertEqual(settled.referenceUses[0].printed, "10")
        XCTAssertEqual(settled.referencePages, ["x": 10])
        XCTAssertEqual(settings, 2, "the stand-in is two figures wide: one setting more")
        XCTAssertTrue(settled.diagnostics.isEmpty)
    }

    func testAReferenceThatNeverSettlesIsAWarningAtItsTagAfterTheLastSetting() throws {
        // Each value moves the target to the other page.
        let (unsettled, settings) = try settle { self.fake(printing: $0) { $0 == "9" ? 10 : 9 } }
        XCTAssertEqual(settings, ReferenceSettling.settings + 1, "bounded: the first setting and one for each value found")
        try assertOneWarning(in: unsettled.diagnostics, atLine: 3)
    }

    func testNotesNumberedByPageSettleWhenTheirNumbersStopMovingTheirMarkers() throws {
        // The second marker is on page 2 whatever it prints.
        let (settled, settings) = try settle { self.fakeNotes(numbered: $0) { _ in 2 } }
        XCTAssertEqual(settled.pageNumberedNotes.map(\.number), [1, 1], "numbered from 1 again on page 2")
        XCTAssertEqual(settings, 2, "the first setting numbers through the document; the second by the pages it found")
        XCTAssertTrue(settled.diagnostics.isEmpty)
    }

    func testANoteNumberedByPageThatNeverSettlesIsAWarningAtItsTagAfterTheLastSetting() throws {
        // Numbered 2 its mark is wider and its line goes on to page 2, where it is numbered 1 and fits on page 1.
        let (unsettled, settings) = try settle { self.fakeNotes(numbered: $0) { $0 == 2 ? 2 : 1 } }
        XCTAssertEqual(settings, ReferenceSettling.settings + 1, "bounded: the first setting and one for each numbering found")
        try assertOneWarning(in: unsettled.diagnostics, atLine: 5)
    }

    // MARK: A document

    private struct LayoutJSON: Decodable {
        struct Page: Decodable {
            struct Frame: Decodable { var stringRange: [Int] }
            var number: Int
            var frames: [Frame]
        }
        var pages: [Page]

        func page(holding offset: Int) -> Int? {
            pages.first { $0.frames.contains { $0.stringRange[0] <= offset && offset < $0.stringRange[1] } }?.number
        }
    }

    private static let markup = """
        <meta title="References">
        The shelf is on page <ref to="ice"/>, the map is figure <ref to="map" format="number"/> on page <ref to="map"/>, \
        and the end is on page <ref to="end"/> (“<ref to="end" format="title"/>”).
        <pagebreak>
        <section id="ice">The ice shelves
        The shelf breaks in spring.</section>
        <pagebreak>
        Pictures from the shelf.
        <figure><caption>The crew</caption></figure>
        <figure id="map"><caption>A map of the shelf</caption></figure>
        <pagebreak>
        A page of its own.
        <pagebreak>
        <p id="end">The last word.</p>
        """

    func testReferencesPrintThePagesTheLayoutPutsTheirTargetsOnAndLinkThere() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("refs.txt")
        try Self.markup.write(to: input, atomically: true, encoding: .utf8)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.layoutJSONPath = directory.appendingPathComponent("refs.json").path
        let prepared = try Typesetter(options: options).prepare(fileAt: input.path)
        XCTAssertTrue(prepared.text.string.hasPrefix("The shelf is on page 2, the map is figure 2 on page 3, and the end is on page 5 (“The last word.”)."),
                      prepared.text.string)
        XCTAssertEqual(prepared.referencePages, ["ice": 2, "map": 3, "end": 5])
        XCTAssertTrue(prepared.diagnostics.isEmpty, "\(prepared.diagnostics)")

        let pdf = directory.appendingPathComponent("refs.pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: pdf)
        let layout = try JSONDecoder().decode(LayoutJSON.self, from: Data(contentsOf: URL(fileURLWithPath: options.layoutJSONPath!)))
        for anchor in prepared.anchors where anchor.kind != "figure" {
            XCTAssertEqual(layout.page(holding: anchor.textOffset), prepared.referencePages[anchor.id], "\(anchor.id) in the layout JSON")
        }

        let tree = try PDFObjectTree(pdfAt: pdf)
        let annotations = (tree.array(tree.pages[0]["/Annots"]) ?? []).compactMap { tree.dictionary($0) }
        let contents = annotations.compactMap { PDFObjectTree.text($0["/Contents"]) }
        XCTAssertEqual(contents, ["page 2", "page 3", "page 3", "page 5", "page 5"], "each reference a link to its target's page")
        // Each link's destination on its target's page (the document is one page tree node), as
        // a footnote's is: an explicit place, no named destination.
        let pageReferences = try XCTUnwrap(tree.array(tree.dictionary(tree.catalog["/Pages"])?["/Kids"])) as? [String]
        let destinationPages = try annotations.map { annotation in
            let page = try XCTUnwrap(tree.array(annotation["/Dest"])?.first as? String)
            return "page \(try XCTUnwrap(pageReferences?.firstIndex(of: page)) + 1)"
        }
        XCTAssertEqual(destinationPages, contents)
        XCTAssertNil(tree.dictionary(tree.catalog["/Names"])?["/Dests"], "no named destinations")
    }

    func testAContentsListNamesThePagesItsHeadingsAreOn() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("contents.txt")
        try """
            In this issue
            <contents>
            <pagebreak>
            <p style="headline">Ice shelves</p>
            The shelf breaks in spring.
            <pagebreak>
            <p style="subheadline">The crew</p>
            Eleven people wintered on the ice.
            """.write(to: input, atomically: true, encoding: .utf8)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.layoutJSONPath = directory.appendingPathComponent("contents.json").path
        let prepared = try Typesetter(options: options).prepare(fileAt: input.path)
        XCTAssertTrue(prepared.text.string.hasPrefix("In this issue\nIce shelves\t2\nThe crew\t3\nIce shelves\n"), prepared.text.string)
        XCTAssertTrue(prepared.diagnostics.isEmpty, "\(prepared.diagnostics)")
        _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: directory.appendingPathComponent("contents.pdf").path)
        let layout = try JSONDecoder().decode(LayoutJSON.self, from: Data(contentsOf: URL(fileURLWithPath: options.layoutJSONPath!)))
        let headings = prepared.anchors.filter { $0.kind == ContentsList.headingKind }
        XCTAssertEqual(headings.count, 2)
        for heading in headings {
            XCTAssertEqual(layout.page(holding: heading.textOffset), prepared.referencePages[heading.id], "\(heading.title) in the layout JSON")
        }
    }

    /// A designer's contents page listed a pull quote styled `subheadline` (as docs/markup.md's
    /// own aside example styles one) under its article, though the bookmarks, which the list
    /// says it is made of, leave every box's paragraphs out.
    func testAContentsListLeavesOutTheHeadingsOfFiguresAndAsidesAsTheBookmarksDo() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("contents.txt")
        try """
            <contents>
            <pagebreak>
            <p style="headline">The Fen</p>
            <aside float="right" width="120">
            <p style="subheadline">“The land sank.”</p>
            </aside>
            <figure>
            <p style="subheadline">Map of the drained fen</p>
            </figure>
            Body text about the fen and the men who drained it.
            <p style="subheadline">The pumps</p>
            Steam came in 1820.
            """.write(to: input, atomically: true, encoding: .utf8)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let prepared = try Typesetter(options: options).prepare(fileAt: input.path)
        XCTAssertTrue(prepared.text.string.hasPrefix("The Fen\t2\nThe pumps\t2\nThe Fen\n"), prepared.text.string)
        let pdf = directory.appendingPathComponent("contents.pdf")
        _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: pdf.path)
        let json = try XCTUnwrap(TestSupport.runTool(PDFCheck.qpdf, ["--json=2", "--json-key=outlines", pdf.path]))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let outline = try XCTUnwrap(root["outlines"] as? [[String: Any]])
        func titles(_ items: [[String: Any]]) -> [String] {
            items.flatMap { ["\($0["title"] ?? "")"] + titles($0["kids"] as? [[String: Any]] ?? []) }
        }
        XCTAssertEqual(titles(outline), ["The Fen", "The pumps"], "the bookmarks, which the list is made of")
    }
}
