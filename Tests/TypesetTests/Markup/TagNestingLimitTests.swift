@testable import Markup
import XCTest

/// Styling tags nest `ParseState.maximumOpenElements` (20,000) deep at most: each open one holds
/// the styles its closing tag restores, some 4 KB, and `<font>` nested 100,000 deep (1.7 MB of
/// markup) took 400 MB, the largest document read as much as 7 GB. The tag one deeper is an
/// error at it; tags as deep as the limit are read as before.
final class TagNestingLimitTests: XCTestCase {
    func testATagNestedDeeperThanTheLimitIsAnErrorAtIt() throws {
        let limit = ParseState.maximumOpenElements
        let deepest = TestSupport.parse(String(repeating: "<b>", count: limit) + "deep" + String(repeating: "</b>", count: limit) + "\n")
        XCTAssertEqual(deepest.diagnostics.filter { $0.severity == .error }.map(\.message), [])
        XCTAssertEqual(deepest.text.string, "deep\n")

        let deeper = TestSupport.parse(String(repeating: "<i>", count: limit) + "<font color=\"red\">deep</font>"
                                       + String(repeating: "</i>", count: limit) + "\n")
        let errors = deeper.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.message), ["<font> inside 20000 open tags, each inside the one before: tags nest 20000 deep at most"])
        XCTAssertEqual(errors.first?.location?.column, 3 * limit + 1)
    }
}
