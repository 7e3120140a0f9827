import Markup
import Text
import XCTest

/// A body restyled with a first-line indent indents body paragraphs only: not a paragraph of
/// pictures alone (which the indent would push off its box's edge and shrink), nor a heading,
/// a caption or a table cell after it.
final class FirstLineIndentMarkupTests: XCTestCase {
    /// The first-line indent of each paragraph of `markup`, in order.
    private func indents(_ markup: String) -> [(text: String, indent: Double)] {
        let document = TestSupport.parse(markup, baseDirectory: TestSupport.imagesDirectory.path)
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)")
        var result: [(String, Double)] = []
        var start = 0
        while start < document.text.length {
            let range = document.text.paragraphRange(containing: start)
            result.append((document.text.substring(range).trimmingCharacters(in: .newlines), document.text.paragraphStyle(at: start).firstLineIndent))
            start = range.upperBound
        }
        return result
    }

    func testAPictureAloneInAFigureTakesNoIndent() {
        // The designer's case: a 110 pt chart in a 110 pt figure was drawn 101 pt wide under a
        // body indent of 9 pt, and its caption started 9 pt in.
        let found = indents("""
        <style name="body" indent="9"/>
        <p style="body">Text before the figure.
        <figure float="right" width="110" alt="A chart">
        <img src="rgb8.png" width="110">
        <caption>The caption.</caption>
        </figure>
        Text after it.
        """)
        XCTAssertEqual(found.map(\.indent), [9, 0, 0, 9], "\(found)")
    }

    func testAPictureAloneInTheColumnTakesNoIndentButOneInTextKeepsIt() {
        let found = indents("""
        <style name="body" indent="12"/>
        <p style="body"><img src="rgb8.png" alt="" width="60">
        <img src="rgb8.png" alt="" width="60">  <img src="rgb8.png" alt="" width="60">
        Before <img src="rgb8.png" alt="" width="20"> after.
        <img src="rgb8.png" alt="" width="60" float="left">A floated picture's paragraph is text.
        """)
        XCTAssertEqual(found.map(\.indent), [0, 0, 12, 12], "\(found)")
    }

    func testAHangingFirstLineIsKept() {
        let found = indents("""
        <p indent="-18" head-indent="18"><img src="rgb8.png" alt="" width="60">
        """)
        XCTAssertEqual(found.map(\.indent), [-18], "\(found)")
    }

    func testHeadingsAndCaptionsDoNotTakeTheBodysIndent() {
        let found = indents("""
        <style name="body" indent="9"/>
        <p style="body">Body text.
        <p style="subheadline">A subhead
        <p style="headline">A headline
        <p style="body">Body again.
        <p style="footnote">A note in the footnote style.
        """)
        XCTAssertEqual(found.map(\.indent), [9, 0, 0, 9, 9], "\(found)")
    }
}
