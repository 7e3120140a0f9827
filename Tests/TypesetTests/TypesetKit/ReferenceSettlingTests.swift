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
        var diagnostics: [Diagnostic] = []
        var referencePages: [String: Int] = [:]
        var listsContents = false
        var page: (String) -> Int

        func anchorPages() -> [String: Int] { ["x": page(referenceUses[0].printed)] }
    }

    private func fake(printing values: ReferenceValues, page: @escaping (String) -> Int) -> FakeDocument {
        let location = SourceLocation(file: "doc.txt", line: 3, column: 5)
        let printed = values.text(of: "x", .page) ?? "00"
        return FakeDocument(referenceUses: [ReferenceUse(id: "x", format: .page, printed: printed, location: location, sourceLine: "see <ref to=\"x\">")],
                            anchors: [ReferenceAnchor(id: "x", textOffset: 0, kind: "p", number: 0, title: "X", location: location)], page: page)
    }

    func testAReferenceSettlesWhenItsValueStopsMovingItsTarget() throws {
        var settings = 0
        let settled = try ReferenceSettling.settle { values in
            settings += 1
            return self.fake(printing: values) { $0.count > 1 ? 10 : 9 }   // a wider number moves the target on a page
        }
        XCTAssertEqual(settled.referenceUses[0].printed, "10")
        XCTAssertEqual(settled.referencePages, ["x": 10])
        XCTAssertEqual(settings, 2, "the stand-in is two figures wide: one setting more")
        XCTAssertTrue(settled.diagnostics.isEmpty)
    }

    func testAReferenceThatNeverSettlesIsAWarningAtItsTagAfterTheLastSetting() throws {
        var settings = 0
        let unsettled = try ReferenceSettling.settle { values in
            settings += 1
            return self.fake(printing: values) { $0 == "9" ? 10 : 9 }   // each value moves the target to the other page
        }
        XCTAssertEqual(settings, ReferenceSettling.settings + 1, "bounded: the first setting and one for each value found")
        XCTAssertEqual(unsettled.diagnostics.count, 1)
        let warning = try XCTUnwrap(unsettled.diagnostics.first)
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.location?.line, 3)
        XCTAssertTrue(warning.message.contains("did not settle in \(ReferenceSettling.settings) settings"), warning.message)
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
        // Each named destination on its target's page (the document is one page tree node).
        let pageReferences = try XCTUnwrap(tree.array(tree.dictionary(tree.catalog["/Pages"])?["/Kids"])) as? [String]
        let names = try XCTUnwrap(tree.array(tree.dictionary(tree.dictionary(tree.catalog["/Names"])?["/Dests"])?["/Names"]))
        var destinations: [String: Int] = [:]
        for index in stride(from: 0, to: names.count - 1, by: 2) {
            let page = try XCTUnwrap(tree.array(names[index + 1])?.first as? String)
            destinations[PDFObjectTree.text(names[index]) ?? ""] = try XCTUnwrap(pageReferences?.firstIndex(of: page)) + 1
        }
        XCTAssertEqual(destinations, ["ice": 2, "map": 3, "end": 5])
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
}
