import Diagnostics
import XCTest

final class DiagnosticsTests: XCTestCase {
    func testDescriptionWithoutALocation() {
        XCTAssertEqual(Diagnostic.error("boom").description, "error: boom")
        XCTAssertEqual(Diagnostic.warning("careful").description, "warning: careful")
    }

    func testCaretUnderATabbedLine() {
        let diagnostic = Diagnostic.error("x", at: SourceLocation(file: "f", line: 1, column: 3), sourceLine: "\ta<b")
        XCTAssertEqual(diagnostic.description, "f:1:3: error: x\n a<b\n  ^")
    }

    func testLogCountsErrorsAndStopsAtItsLimit() {
        var log = DiagnosticLog(limit: 2)
        log.report(.warning("w"))
        XCTAssertFalse(log.hasErrors)
        log.report(.error("e1"))
        log.report(.error("e2"))
        XCTAssertTrue(log.hasErrors)
        XCTAssertEqual(log.entries.count, 2)
        XCTAssertEqual(log.errorCount, 1)
        XCTAssertEqual(log.droppedCount, 1)
        XCTAssertTrue(log.isFull)
        XCTAssertEqual(DocumentFailure([.error("a"), .warning("b")]).description, "error: a\nwarning: b")
    }
}
