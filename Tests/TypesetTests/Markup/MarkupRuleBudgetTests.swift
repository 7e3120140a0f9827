@testable import Markup
import XCTest

/// All of a document's `<rule>`s together may take five times one rule's steps (issue 40,
/// item 9): 200 rules each within its own limit took 30 s. The rule that runs out is an error
/// naming the rules after it, which are not applied; the rules before it are.
final class MarkupRuleBudgetTests: XCTestCase {
    func testRulesThatTogetherTakeTooLongStopWithAnErrorAtTheRuleThatRanOut() throws {
        // A pattern that backtracks on the line "a…ab": as many a's as make it take a tenth to
        // a half of one rule's steps, measured here, so that the test holds for any ICU.
        let slow = try RegularExpression(pattern: "(a+)+$")
        var line = "", steps = 0
        for count in 12 ... 40 {
            line = String(repeating: "a", count: count) + "b"
            steps = try slow.forEachMatch(in: Array((line + "\n").utf16), stepLimit: .max) { _ in }
            if steps >= 200 { break }
        }
        let oneRule = MarkupRule.stepLimit(forLength: line.utf16.count + 1)
        XCTAssertGreaterThanOrEqual(steps, oneRule / 10, "the line \(line.count) characters long takes \(steps) steps")
        XCTAssertLessThanOrEqual(steps, oneRule / 2)
        let total = MarkupRule.totalStepLimit(forLength: line.utf16.count + 1)
        let fitting = total / steps, count = fitting + 3
        let rules = String(repeating: #"<rule pattern="(a+)+$" color="red"/>"# + "\n", count: count)
        let document = TestSupport.parse(#"<rule pattern="b" weight="bold"/>"# + "\n" + rules + line + "\n")
        let errors = document.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1, "\(errors)")
        let error = try XCTUnwrap(errors.first)
        XCTAssertTrue(error.message.hasPrefix("the document's rules together may take five times the time of one"), error.message)
        XCTAssertEqual(error.location?.line, fitting + 2, "at the first rule the time left does not cover (line 1 is the bold rule)")
        let after = count - fitting - 1
        XCTAssertTrue(error.message.contains("nor are the \(after) rules after it"), error.message)
        let b = try XCTUnwrap(Array(document.text.string.utf16).lastIndex(of: UInt16(UInt8(ascii: "b"))))
        XCTAssertEqual(document.text.attributes(at: b).attributes.fontWeight, 700, "the rules before it are applied")
    }
}
