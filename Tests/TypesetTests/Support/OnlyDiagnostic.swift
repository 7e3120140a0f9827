import Diagnostics
import Markup
import XCTest

extension TestSupport {
    /// The one diagnostic parsing `markup` gives, failing unless there is exactly one, of
    /// `severity`, with a location.
    static func onlyDiagnostic(_ markup: String, _ severity: Diagnostic.Severity, baseDirectory: String,
                               file: StaticString = #filePath, line: UInt = #line) -> Diagnostic? {
        let found = parse(markup, baseDirectory: baseDirectory).diagnostics
        XCTAssertEqual(found.count, 1, "\(markup): \(found)", file: file, line: line)
        XCTAssertEqual(found.first?.severity, severity, "\(markup): \(found)", file: file, line: line)
        XCTAssertNotNil(found.first?.location, "\(markup): located", file: file, line: line)
        return found.first
    }

    /// The one diagnostic parsing `markup` gives, checked to be of `severity` at `line` and `column`.
    static func onlyDiagnostic(_ markup: String, _ severity: Diagnostic.Severity, line: Int, column: Int,
                               file: StaticString = #filePath, at: UInt = #line) throws -> Diagnostic {
        let found = parse(markup).diagnostics
        XCTAssertEqual(found.count, 1, "\(found)", file: file, line: at)
        let diagnostic = try XCTUnwrap(found.first, file: file, line: at)
        XCTAssertEqual(diagnostic.severity, severity, file: file, line: at)
        XCTAssertEqual(diagnostic.location?.line, line, file: file, line: at)
        XCTAssertEqual(diagnostic.location?.column, column, file: file, line: at)
        return diagnostic
    }
}
