import Foundation
import LayoutFuzzing
import XCTest

/// LayoutCheck: the run's errors, the page checker's among them, are its findings.
final class LayoutCheckTests: XCTestCase {
    private var pictures: URL { TestSupport.repositoryRoot.appendingPathComponent("Fixtures/zombies") }

    /// The pages drawn into a PDF, every error a finding; a clean document has none.
    func testADrawnDocumentWithoutErrorsHasNoFindings() {
        let check = LayoutCheck(fontsDirectory: TestSupport.fontsDirectory, pictureFolder: pictures)
        let document = FuzzDocument(lines: ["<p style=\"headline\">The Seed Library</p>", "Beans are lent in spring and come back in autumn."],
                                    options: FuzzOptions(pageWidth: 300, pageHeight: 400, margin: 30, columns: 1))
        XCTAssertEqual(check.findings(in: document), [])
    }

    func testAnErrorIsAFindingLocatedInTheMarkup() throws {
        let check = LayoutCheck(fontsDirectory: TestSupport.fontsDirectory, pictureFolder: pictures)
        let document = FuzzDocument(lines: ["Text.", "<img src=\"nowhere.png\" width=\"20\" alt=\"\">"], options: FuzzOptions())
        let finding = try XCTUnwrap(check.findings(in: document).first)
        XCTAssertTrue(finding.kind.hasPrefix("error: image"), finding.description)
        XCTAssertTrue(finding.message.hasPrefix("fuzz.txt:2:"), finding.message)
    }

    /// The page checker runs whatever the build: letters tracked 0.4 em tighter than their
    /// advances set each word over the one before, which the author asked for, and the checker's
    /// ink over ink is a `page check:` finding. (A row of 60 cells in a 240 pt column was the
    /// case until an overfull table was set at its columns' least widths; a first line hung out
    /// of the page before that, until such an indent was clamped at the markup.)
    func testThePageCheckerFindsAnOverprint() {
        let check = LayoutCheck(fontsDirectory: TestSupport.fontsDirectory, pictureFolder: pictures)
        let document = FuzzDocument(lines: ["<font tracking=\"-400\">Lamp keys marsh tomatoes</font>"],
                                    options: FuzzOptions(pageWidth: 300, pageHeight: 400, margin: 30, columns: 1))
        let findings = check.findings(in: document)
        XCTAssertTrue(findings.contains { $0.message.contains("page check:") && $0.message.contains("ink over ink") }, "\(findings)")
    }

    /// A tester's row of 60 cells in a 240 pt column printed its letters over each other. Set
    /// overfull, at a glyph and its padding a column, it runs over the gutters into the empty
    /// columns beside it, and nothing is printed over anything: the checker finds nothing.
    func testARowOfMoreCellsThanItsColumnHoldsIsSetWithNothingOverprinted() {
        let check = LayoutCheck(fontsDirectory: TestSupport.fontsDirectory, pictureFolder: pictures)
        for cell in ["c", "mm", "1984"] {
            let document = FuzzDocument(lines: ["<table><tr>" + String(repeating: "<td>\(cell)</td>", count: 60) + "</tr></table>"],
                                        options: FuzzOptions(pageWidth: 840, pageHeight: 400, margin: 30, columns: 3, gutter: 30))
            XCTAssertEqual(check.findings(in: document), [], cell)
        }
    }
}
