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
}
