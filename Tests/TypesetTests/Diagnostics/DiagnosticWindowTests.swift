import Diagnostics
import XCTest

/// A message about a very long source line shows a window of it, with the caret in place.
final class DiagnosticWindowTests: XCTestCase {
    func testALongLineIsShownAsAWindowAroundTheColumn() {
        let line = String(repeating: "a", count: 5_000) + "<font color=\"reddish\">" + String(repeating: "b", count: 5_000)
        let column = 5_000 + 14
        let diagnostic = Diagnostic.error("unknown color", at: SourceLocation(file: "d.txt", line: 1, column: column), sourceLine: line)
        let lines = diagnostic.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, 3)
        XCTAssertLessThanOrEqual(lines[1].count, Diagnostic.maximumShownWidth + 2)
        XCTAssertTrue(lines[1].hasPrefix("…") && lines[1].hasSuffix("…"))
        // The caret sits under the same character as in the full line.
        let caret = lines[2].count - 1
        XCTAssertEqual(Array(lines[1])[caret], "r", "the caret points at the value")
    }

    func testAShortLineIsShownWholeWithTabsAsSpaces() {
        let diagnostic = Diagnostic.warning("x", at: SourceLocation(file: "d.txt", line: 2, column: 3), sourceLine: "\tab")
        XCTAssertEqual(diagnostic.description, "d.txt:2:3: warning: x\n ab\n  ^")
    }
}
