import Foundation
import LayoutFuzzing
import XCTest

/// LayoutCheck's two sources of findings: the run's errors, and the pages' inspection.
final class LayoutCheckTests: XCTestCase {
    private var pictures: URL { TestSupport.repositoryRoot.appendingPathComponent("Fixtures/zombies") }

    /// The path the long run takes: the pages drawn into a PDF, every error a finding (the page
    /// checker's `page check:` errors among them once it lands); a clean document has none.
    func testADrawnDocumentWithoutErrorsHasNoFindings() {
        let check = LayoutCheck(fontsDirectory: TestSupport.fontsDirectory, pictureFolder: pictures, drawsPages: true)
        let document = FuzzDocument(lines: ["<p style=\"headline\">The Seed Library</p>", "Beans are lent in spring and come back in autumn."],
                                    options: FuzzOptions(pageWidth: 300, pageHeight: 400, margin: 30, columns: 1))
        XCTAssertEqual(check.findings(in: document), [])
    }

    func testAnErrorIsAFindingLocatedInTheMarkup() throws {
        let check = LayoutCheck(fontsDirectory: TestSupport.fontsDirectory, pictureFolder: pictures, drawsPages: true)
        let document = FuzzDocument(lines: ["Text.", "<img src=\"nowhere.png\" width=\"20\" alt=\"\">"], options: FuzzOptions())
        let finding = try XCTUnwrap(check.findings(in: document).first)
        XCTAssertTrue(finding.kind.hasPrefix("error: image"), finding.description)
        XCTAssertTrue(finding.message.hasPrefix("fuzz.txt:2:"), finding.message)
    }

    /// The pages' inspection sees every page of the document.
    func testTheInspectionIsGivenEveryPage() {
        var seen: [Int] = []
        let check = LayoutCheck(fontsDirectory: TestSupport.fontsDirectory, pictureFolder: pictures) { _, pages in
            seen = pages.map(\.number)
            return [LayoutFinding(message: "page \(pages.count): counted")]
        }
        let document = FuzzDocument(lines: ["First page.", "<pagebreak>", "Second page."], options: FuzzOptions())
        XCTAssertEqual(check.findings(in: document).map(\.kind), ["counted"])
        XCTAssertEqual(seen, [1, 2])
    }
}
