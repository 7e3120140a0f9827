@testable import Layout
import Fonts
import Shaping
import Text
import XCTest

/// What a prepared paragraph says of its tabs, which decides how it is measured (TabLayout)
/// and broken (ParagraphBreaker): found by one look at each character when it has none.
final class ParagraphTabsTests: FramesetterTestCase {
    private func prepared(_ string: String) throws -> PreparedParagraph {
        let table = try FontTableBuilder(library: library).table
        var text = AttributedText(defaultParagraphStyle: ParagraphStyle(alignment: .justify, hyphenate: true))
        text.append("before\n" + string + "\nafter", attributes: TestSupport.defaultAttributes(size: 11))
        // The paragraph inside the text, as layout prepares it: units outside it are not its own.
        let start = 7, end = 7 + string.utf16.count + 1
        return PreparedParagraph(text: text, range: start ..< end, fonts: table, itemizer: TextItemizer(fonts: table), shaper: Shaper())
    }

    func testTabsAndWhereTheyAre() throws {
        for (string, hasTabs, onlyBeforeFirstSpace) in [("no tab at all", false, true), ("1.\tA list item", true, true),
                                                      ("\tindented by a tab", true, true), ("a table\trow", true, false),
                                                      ("nospace\tafter\ttabs", true, false), ("", false, true)] {
            let paragraph = try prepared(string)
            XCTAssertEqual(paragraph.hasTabs, hasTabs, string)
            XCTAssertEqual(paragraph.tabsOnlyBeforeFirstBreak, onlyBeforeFirstSpace, string)
        }
    }
}
