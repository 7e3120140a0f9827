import Foundation
@testable import Render
import TypesetKit
import XCTest

/// A footnote's marker links to its note and the note's mark back to the marker: each a link
/// annotation going to the other's place on its page, with its `/Contents`, in the structure
/// tree as the document's other links are, the marker's inside a `Reference` and the note a
/// `Note` with its `/ID` (PDF/UA-1 7.9).
final class FootnoteLinksTests: XCTestCase {
    private static let markup = """
    <meta footnote-marks="*">
    The parish bought the book in 1887.<footnote>Parish minutes, 14 March 1887.</footnote> It was kept in the vestry for forty years, and read by <a href="https://example.org/keepers">the keepers</a> on Sundays.
    """

    private func pdf(_ markup: String, standard: PDFStandard? = nil) throws -> (TaggedPDF, path: String) {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try markup.write(to: input, atomically: true, encoding: .utf8)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        if let standard { options.pdfStandards = [standard] }
        let output = directory.appendingPathComponent("doc.pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output)
        return (try TaggedPDF(pdfAt: output), output)
    }

    /// The annotations an element holds (`/OBJR`), as dictionaries.
    private func annotations(of element: TaggedPDF.Element, in tagged: TaggedPDF) -> [[String: Any]] {
        element.kids.compactMap { kid in if case .object(let reference) = kid { return tagged.object(reference) } else { return nil } }
    }

    /// The page and the height on it that `annotation`'s `/Dest` goes to.
    private func destination(of annotation: [String: Any]) throws -> (page: String, top: Double) {
        let dest = try XCTUnwrap(annotation["/Dest"] as? [Any], "an internal link has a destination, not an action")
        XCTAssertNil(annotation["/A"])
        XCTAssertEqual(dest.count, 5)
        XCTAssertEqual(dest[1] as? String, "/XYZ")
        return (try XCTUnwrap(dest[0] as? String), try XCTUnwrap((dest[3] as? NSNumber)?.doubleValue))
    }

    func testTheMarkerIsAReferenceLinkingToItsNoteWhichLinksBack() throws {
        let (tagged, _) = try pdf(Self.markup)
        let reference = try XCTUnwrap(tagged.elements("Reference").first)
        XCTAssertEqual(tagged.elements("Reference").count, 1)
        guard case .element(let markerLink)? = reference.kids.first, markerLink.role == "Link" else {
            return XCTFail("the Reference holds the marker's Link")
        }
        XCTAssertEqual(tagged.text(of: markerLink), "*")
        let toNote = try XCTUnwrap(annotations(of: markerLink, in: tagged).first)
        XCTAssertEqual(toNote["/Contents"] as? String, "u:Footnote *")

        let note = try XCTUnwrap(tagged.elements("Note").first)
        XCTAssertEqual(note.string("/ID"), "note-1")
        let backLink = try XCTUnwrap(tagged.elements("Link").first { tagged.text(of: $0) == "*" && $0 !== markerLink })
        XCTAssertTrue(note.descendants.contains { $0 === backLink }, "the note's mark is a link inside the note")
        let toMarker = try XCTUnwrap(annotations(of: backLink, in: tagged).first)
        XCTAssertEqual(toMarker["/Contents"] as? String, "u:Back to the text of footnote *")

        // Each goes to the other's place: the note at the column's foot, below the marker's line.
        let noteEnd = try destination(of: toNote), markerEnd = try destination(of: toMarker)
        XCTAssertEqual(noteEnd.page, tagged.pageReferences[0])
        XCTAssertEqual(markerEnd.page, tagged.pageReferences[0])
        XCTAssertGreaterThan(markerEnd.top, noteEnd.top + 100, "the marker's line is at the top of the column, its note at the foot")
        let rect = try XCTUnwrap(toMarker["/Rect"] as? [NSNumber]).map(\.doubleValue)
        XCTAssertEqual(noteEnd.top, rect[3], accuracy: 1, "the note's destination is its mark's line")

        // The document's own link is as it was: its annotations' action opens its address.
        let keepers = tagged.elements("Link").filter { $0 !== markerLink && $0 !== backLink }
        XCTAssertEqual(keepers.count, 1)
        for uri in keepers.flatMap({ annotations(of: $0, in: tagged) }) {
            XCTAssertEqual((uri["/A"] as? [String: Any])?["/URI"] as? String, "u:https://example.org/keepers")
            XCTAssertNil(uri["/Dest"])
        }
    }

    /// Footnotes' links and page references both address within the document (`#…`): an `id`
    /// spelled as a footnote's address is still a reference, and the notes still link to each
    /// other. Which a link is comes from what made it, not from how its address reads.
    func testAReferenceToAnIDSpelledAsANotesAddressStaysAReference() throws {
        let markup = """
        <meta footnote-marks="*">
        The parish bought the book in 1887.<footnote>Parish minutes, 14 March 1887.</footnote> See page <ref to="note-1"/>.
        <p id="note-1">It was kept in the vestry for forty years.</p>
        """
        let (tagged, _) = try pdf(markup)
        let links = tagged.elements("Link")
        XCTAssertEqual(links.count, 3, "the marker's, the note's mark's and the reference's")
        let reference = try XCTUnwrap(links.first { tagged.text(of: $0) != "*" })
        let toParagraph = try XCTUnwrap(annotations(of: reference, in: tagged).first)
        XCTAssertNil(toParagraph["/A"], "a reference goes to a destination, not to an address")
        XCTAssertNotNil(toParagraph["/Dest"])
        for mark in links.filter({ tagged.text(of: $0) == "*" }) {
            let annotation = try XCTUnwrap(annotations(of: mark, in: tagged).first)
            XCTAssertEqual(try destination(of: annotation).page, tagged.pageReferences[0])
        }
    }

    /// PDF/X allows no annotation: a PDF/X file's notes are not links, and its marker no Reference.
    func testAPDFXFilesNotesAreNotLinks() throws {
        let (tagged, _) = try pdf(Self.markup, standard: .x4)
        XCTAssertTrue(tagged.elements("Link").isEmpty)
        XCTAssertTrue(tagged.elements("Reference").isEmpty)
        XCTAssertEqual(tagged.elements("Note").count, 1)
    }

    func testTheAddressOfEachEndNamesTheOther() {
        XCTAssertEqual(FootnoteLinks.Target(address: "#note-12"), .note(12))
        XCTAssertEqual(FootnoteLinks.Target(address: "#marker-3"), .marker(3))
        XCTAssertEqual(FootnoteLinks.Target.note(4).reverse, .marker(4))
        XCTAssertNil(FootnoteLinks.Target(address: "https://example.org/#note-1"))
        XCTAssertNil(FootnoteLinks.Target(address: "#note-x"))
    }
}
