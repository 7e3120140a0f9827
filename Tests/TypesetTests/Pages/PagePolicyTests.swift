import Diagnostics
import Layout
import Markup
import Pages
import Text
import XCTest

/// The policy Pages applies to a parsed document before it is paginated, called directly:
/// sections whose columns the page cannot hold, pictures larger than their column, and
/// `<exclusion>`s gathered by page.
final class PagePolicyTests: XCTestCase {
    private let page = PageTemplate()

    func testOnlyASectionTooNarrowForThePageIsAnErrorAtItsTag() {
        let document = TestSupport.parse("<section columns=\"2\">\nFits.\n</section>\n<section gutter=\"6\" columns=\"30\">\nDoes not.\n</section>")
        XCTAssertEqual(document.sections.count, 2)
        let problems = page.sectionProblems(document.sections)
        XCTAssertEqual(problems.count, 1)
        XCTAssertEqual(problems.first?.severity, .error)
        XCTAssertEqual(problems.first?.location?.line, 4)
        XCTAssertTrue(problems.first?.message.hasPrefix("section: 30 columns 6 pt apart") == true, "\(problems)")
    }

    /// `markup`'s text with its pictures fitted by the page, their lines measured with the
    /// bundled fonts, and the warnings.
    private func fitPictures(_ markup: String) throws -> (text: AttributedText, warnings: [Diagnostic]) {
        let document = TestSupport.parse(markup, baseDirectory: TestSupport.imagesDirectory.path)
        let fonts = try TestSupport.fontTable(for: document, library: try TestSupport.makeFontLibrary())
        var text = document.text
        let warnings = page.fitPictures(&text, places: document.elementPlaces) { Framesetter(text: $0, fonts: fonts) }
        return (text, warnings)
    }

    func testAPictureWiderThanItsColumnIsScaledDownInProportionWithAWarning() throws {
        let (text, warnings) = try fitPictures("<img src=\"rgb8.png\" width=\"600\" height=\"300\">")
        XCTAssertEqual(warnings.count, 1)
        XCTAssertEqual(warnings.first?.severity, .warning)
        XCTAssertEqual(warnings.first?.location?.line, 1)
        let fitted = try XCTUnwrap(text.attachments.first?.delegate)
        XCTAssertEqual(fitted.width, page.columnWidth, accuracy: 1e-9)
        XCTAssertEqual((fitted.ascent + fitted.descent) / fitted.width, 0.5, accuracy: 1e-9, "proportions kept")
    }

    func testAPictureThatFitsIsLeftAlone() throws {
        let (text, warnings) = try fitPictures("<img src=\"rgb8.png\" width=\"100\" height=\"50\">")
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(try XCTUnwrap(text.attachments.first?.delegate).width, 100)
    }

    func testExclusionsAreGatheredByTheirPage() {
        let document = TestSupport.parse("<exclusion page=\"2\" shape=\"circle\" cx=\"100\" cy=\"100\" r=\"40\"/>\n"
                                         + "<exclusion page=\"2\" shape=\"rect\" x=\"10\" y=\"10\" width=\"50\" height=\"20\"/>\nText.")
        XCTAssertEqual(document.diagnostics, [])
        let byPage = ExclusionDeclaration.byPage(document.exclusions)
        XCTAssertEqual(Array(byPage.keys), [2])
        XCTAssertEqual(byPage[2]?.count, 2)
    }
}
