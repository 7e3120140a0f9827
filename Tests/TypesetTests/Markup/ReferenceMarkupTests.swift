import Diagnostics
import Markup
import Text
import XCTest

/// `id` on elements and `<ref to="…">`: the anchors a parse records, what a reference prints
/// with and without the values a layout found, its link, and a located message for each misuse.
final class ReferenceMarkupTests: XCTestCase {
    private func parse(_ markup: String, values: ReferenceValues = ReferenceValues()) -> MarkupDocument {
        var parser = TestSupport.parser()
        parser.references = values
        return parser.parse(MarkupSource(fileName: "doc.txt", text: markup))
    }

    private let issue = """
        Intro: see page <ref to="ice"/> and <ref to="map" format="number"/>.
        <section id="ice">Ice shelves
        The shelf breaks.</section>
        <figure id="crew"><caption>The crew</caption></figure>
        <figure id="map"><caption>A map of the shelf</caption></figure>
        <p id="end">Last words.</p>
        """

    func testIdsAnchorTheirElementsWithTheirKindNumberAndTitle() throws {
        let document = parse(issue)
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)")
        let anchors = Dictionary(uniqueKeysWithValues: document.anchors.map { ($0.id, $0) })
        XCTAssertEqual(document.anchors.map(\.id), ["ice", "crew", "map", "end"])
        XCTAssertEqual(anchors["ice"]?.title, "Ice shelves", "a section's title is its first paragraph")
        XCTAssertEqual(anchors["map"]?.title, "A map of the shelf", "a figure's is its caption")
        XCTAssertEqual(anchors["map"].map { [$0.kind, String($0.number)] }, ["figure", "2"], "every figure counts, not only those with an id")
        XCTAssertEqual(anchors["end"]?.textOffset, document.utf16Range(of: "Last words").lowerBound)
        XCTAssertEqual(anchors["ice"]?.location.line, 2)
        XCTAssertEqual(document.text.substring(document.utf16Range(of: "Ice shelves")), "Ice shelves", "the id is not printed")
    }

    /// A designer's paper captioned "Table 1" a figure holding a table, and its reference
    /// printed "Table 2": the figure was counted among the figures, after the picture before it.
    func testAFigureOfATableAndNoPictureIsNumberedAmongTheTables() throws {
        let document = parse("""
            <table id="first"><tr><td>x</td></tr></table>
            <figure id="cup"><img src="cup.png" alt="cup" width="10" height="10"><caption>Figure 1. A cup.</caption></figure>
            <figure id="letters"><table><tr><td>a</td><td>b</td></tr></table><caption>Table 2. Letters.</caption></figure>
            <figure id="both"><table><tr><td>c</td></tr></table><img src="cup.png" alt="cup" width="10" height="10"><caption>Figure 2.</caption></figure>
            <figure id="saucer"><img src="cup.png" alt="saucer" width="10" height="10"><caption>Figure 3.</caption></figure>
            <table id="last"><tr><td>y</td></tr></table>
            """)
        let numbers = document.anchors.map { "\($0.id) \($0.kind) \($0.number)" }
        XCTAssertEqual(numbers, ["first table 1", "cup figure 1", "letters table 2", "both figure 2", "saucer figure 3", "last table 4"],
                       "a figure with a picture stays a figure; the figures after a table's figure are numbered without it")
    }

    func testAReferencePrintsAStandInUntilItsValueIsKnownThenTheValueAsALink() throws {
        let first = parse(issue)
        XCTAssertTrue(first.text.string.hasPrefix("Intro: see page 00 and 00."), first.text.string)
        XCTAssertEqual(first.referenceUses.map(\.printed), ["00", "00"])
        let values = ReferenceValues(anchors: first.anchors, pages: ["ice": 12])
        let second = parse(issue, values: values)
        XCTAssertTrue(second.text.string.hasPrefix("Intro: see page 12 and 2."), second.text.string)
        XCTAssertEqual(second.referenceUses.map(\.printed), ["12", "2"])
        XCTAssertEqual(second.attributes(of: "12").link, ReferenceLink.address(of: "ice"))
        XCTAssertNil(second.attributes(of: " and ").link, "the link covers the reference only")
        XCTAssertEqual(ReferenceLink.id(in: try XCTUnwrap(second.attributes(of: "12").link)), "ice")
        XCTAssertNil(ReferenceLink.id(in: "https://example.com"))
    }

    func testATitleReferencePrintsTheTargetsFirstWords() {
        let markup = "<p id=\"h\">The  long\tnight</p>\nAs in <ref to=\"h\" format=\"title\">."
        let first = parse(markup)
        let second = parse(markup, values: ReferenceValues(anchors: first.anchors, pages: [:]))
        XCTAssertTrue(second.text.string.hasSuffix("As in The long night."), second.text.string)
    }

    func testAReferenceInsideALinkKeepsTheOuterLink() {
        let document = parse("<a href=\"https://example.com\">see <ref to=\"x\"/></a>\n<p id=\"x\">X</p>")
        XCTAssertEqual(document.attributes(of: "00").link, "https://example.com")
    }

    func testAnUnknownReferenceIsAnErrorAtItsValueWithASuggestion() throws {
        let diagnostic = try TestSupport.onlyDiagnostic("<p id=\"ice-map\">Map</p>\nSee <ref to=\"ice-mpa\">.", .error, line: 2, column: 14)
        XCTAssertTrue(diagnostic.message.hasPrefix("<ref> to an unknown id \"ice-mpa\""), diagnostic.message)
        XCTAssertTrue(diagnostic.message.contains("ice-map"), "did you mean: \(diagnostic.message)")
        let none = try TestSupport.onlyDiagnostic("See <ref to=\"x\">.", .error, line: 1, column: 14)
        XCTAssertTrue(none.message.contains("no element has an id"), none.message)
    }

    func testADuplicateIdIsAnErrorAtTheSecondNamingTheFirst() throws {
        let diagnostic = try TestSupport.onlyDiagnostic("<p id=\"a\">One</p>\n<figure id=\"a\"><caption>Two</caption></figure>", .error, line: 2, column: 13)
        XCTAssertTrue(diagnostic.message.contains("id \"a\" is given twice: first at doc.txt:1"), diagnostic.message)
    }

    func testMisusesAreLocated() throws {
        XCTAssertTrue(try TestSupport.onlyDiagnostic("See <ref>.", .error, line: 1, column: 5).message.hasPrefix("<ref> needs the id"))
        XCTAssertTrue(try TestSupport.onlyDiagnostic("<p id=\"two words\">x</p>", .error, line: 1, column: 8).message.contains("one word"))
        XCTAssertTrue(try TestSupport.onlyDiagnostic("<p id=\"p\">x</p>\n<ref to=\"p\" format=\"number\">", .error, line: 2, column: 10)
            .message.hasPrefix("a paragraph has no number"))
        XCTAssertTrue(try TestSupport.onlyDiagnostic("<p id=\"p\">x</p>\n<ref to=\"p\" format=\"chapter\">", .error, line: 2, column: 21)
            .message.contains("format must be"))
        XCTAssertTrue(try TestSupport.onlyDiagnostic("<p id=\"p\">x</p> <ref to=\"p\"></ref>", .warning, line: 1, column: 29)
            .message.contains("</ref> has no effect"))
        XCTAssertTrue(try TestSupport.onlyDiagnostic("<font id=\"p\">x</font>", .warning, line: 1, column: 7).message.contains("unknown attribute 'id'"))
    }
}

/// `<contents>`: the headings the setting before found, each with its page, indented by level.
final class ContentsListMarkupTests: XCTestCase {
    private let markup = """
        <contents>
        <p style="headline">Ice</p>
        Text.
        <p style="subheadline">The  crew</p>
        More.
        <p outline-level="3">Deep</p>
        Last.
        """

    private func parse(_ values: ReferenceValues) -> MarkupDocument {
        var parser = TestSupport.parser()
        parser.references = values
        return parser.parse(MarkupSource(fileName: "doc.txt", text: markup))
    }

    func testTheFirstSettingListsNothingAndFindsTheHeadings() {
        let first = parse(ReferenceValues())
        XCTAssertFalse(first.hasErrors, "\(first.diagnostics)")
        XCTAssertTrue(first.listsContents)
        XCTAssertTrue(first.text.string.hasPrefix("Ice\n"), first.text.string)
        let headings = first.anchors.filter { $0.kind == ContentsList.headingKind }
        XCTAssertEqual(headings.map(\.title), ["Ice", "The crew", "Deep"])
        XCTAssertEqual(headings.map(\.outlineLevel), [1, 2, 3])
        XCTAssertEqual(headings.map(\.location.line), [2, 4, 6])
    }

    func testTheNextListsTheHeadingsToItsDepthWithTheirPagesAsLinks() {
        let first = parse(ReferenceValues())
        let second = parse(ReferenceValues(anchors: first.anchors, pages: [ContentsList.headingID(1): 2, ContentsList.headingID(2): 13]))
        XCTAssertTrue(second.text.string.hasPrefix("Ice\t2\nThe crew\t13\nIce\n"), "depth 2 leaves out level 3: \(second.text.string)")
        let entry = second.paragraphStyle(of: "The crew\t")
        XCTAssertEqual(entry.tabStops.map(\.location), [TabStop.lineEnd])
        XCTAssertEqual(entry.tabStops.map(\.alignment), [.right])
        XCTAssertEqual(entry.tabStops.map(\.leader), [.dots], "dot leaders from the title to its page")
        XCTAssertEqual(entry.headIndent, ContentsList.levelIndent)
        XCTAssertEqual(entry.outlineLevel, 0, "an entry is no heading")
        XCTAssertEqual(second.attributes(of: "13").link, ReferenceLink.address(of: ContentsList.headingID(2)))
        XCTAssertFalse(second.hasErrors, "a contents list's references are not checked as the markup's: \(second.diagnostics)")
    }

    func testDepthIsANumberFromOneToNineAndLeaderAKnownMark() throws {
        XCTAssertTrue(try TestSupport.onlyDiagnostic("<contents depth=\"0\">\nx", .error, line: 1, column: 18).message.contains("depth"))
        XCTAssertTrue(try TestSupport.onlyDiagnostic("<contents leader=\"*\">\nx", .error, line: 1, column: 19).message.contains("leader must be"))
    }
}
