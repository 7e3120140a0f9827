import Diagnostics
import TypesetKit
import XCTest

/// A fixed line height smaller than text the paragraph holds: a warning at the larger run,
/// once a paragraph, since the lines that hold it move apart (LineSkip in Layout).
final class FixedLineHeightCheckTests: XCTestCase {
    private func warnings(_ markup: String) throws -> [Diagnostic] {
        let (document, _) = try SectionTesting.layOut(markup)
        return document.diagnostics.filter { $0.severity == .warning && $0.message.hasPrefix("line-height") }
    }

    func testTextLargerThanTheLineHeightIsWarnedAboutAtItsRunOnceAParagraph() throws {
        let found = try warnings("""
        <p line-height="13pt">Body words, then <font size="15">larger words</font> and <font size="16">larger still</font>.</p>
        <p line-height="13pt">Body words only.</p>
        """)
        XCTAssertEqual(found.map(\.message), ["line-height 13pt is less than the 15pt text it holds; "
                                              + "lines move apart to keep it from printing over the line above"])
        XCTAssertEqual(found.first?.location, SourceLocation(file: "doc.txt", line: 1, column: 56), "at the larger run")
    }

    func testANamedStyleLargerThanItsLineHeightIsWarnedAbout() throws {
        let found = try warnings("""
        <style name="deck" size="16"/>
        <p style="deck" line-height="11pt">A deck on too tight a leading.</p>
        """)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.message.hasPrefix("line-height 11pt is less than the 16pt text") == true, "\(found)")
    }

    func testTextThatFitsItsLineHeightAndAutomaticLeadingGiveNoWarning() throws {
        XCTAssertEqual(try warnings("""
        <p line-height="13pt"><font size="12">Twelve on thirteen.</font></p>
        <p><font size="30">Large text on the automatic leading.</font></p>
        """), [])
    }
}
