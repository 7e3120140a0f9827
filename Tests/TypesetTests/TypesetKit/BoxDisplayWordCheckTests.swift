import Diagnostics
import Layout
import Pages
import TypesetKit
import XCTest

/// A display word its box's column cannot hold — a subhead in an aside of two narrow columns,
/// from a designer's news page ("Timetab/le") — is warned of at the word, from the page where
/// the box is set (`BoxDisplayWordCheck`).
final class BoxDisplayWordCheckTests: XCTestCase {
    private func displayWordWarnings(_ markup: String) throws -> [Diagnostic] {
        let report = try typesetToPDF(markup, pictures: []) { options in
            options.page = PageTemplate(size: Size(width: 420, height: 595), margins: Margins(all: 56), columns: 3)
        }.report
        return report.diagnostics.filter { $0.severity == .warning && $0.message.hasPrefix("display word") }
    }

    func testASubheadWiderThanItsAsidesColumnIsWarnedOfAtTheWord() throws {
        let found = try displayWordWarnings("""
            <aside columns="2" padding="6" background="#eef2f5">
            <p style="subheadline">Timetable</p>
            Ferries leave the north quay on the hour and the south slip on the half hour.
            </aside>
            """)
        XCTAssertEqual(found.count, 1, "\(found)")
        let message = try XCTUnwrap(found.first?.message)
        XCTAssertTrue(message.hasPrefix("display word \"Timetable\" is wider than its <aside>'s column ("), message)
        XCTAssertTrue(message.hasSuffix("pt) on page 1; it is hyphenated or cut: widen the box, or make the word smaller or shorter"), message)
        XCTAssertEqual(found.first.map { [$0.location?.line, $0.location?.column] }, [2, 24], "at the word")
    }

    func testAWordTheBoxHoldsAndBodyTextBrokenInABoxAreNotWarnedOf() throws {
        XCTAssertEqual(try displayWordWarnings("""
            <aside padding="6">
            <p style="subheadline">Timetable</p>
            Supercalifragilisticexpialidociousnesses and other long words in body text.
            </aside>
            """), [])
    }
}
