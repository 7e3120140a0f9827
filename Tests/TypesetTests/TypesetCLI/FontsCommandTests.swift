import Foundation
import XCTest

/// `typeset fonts` (issue 34, item 6): the families --font can name, the bundled ones first.
final class FontsCommandTests: XCTestCase {
    func testListsTheBundledFamiliesThenTheSystemsOthers() throws {
        let result = try TypesetProcess.run(["fonts"], in: try makeTemporaryDirectory())
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = String(decoding: result.stdout, as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        let system = try XCTUnwrap(lines.firstIndex(of: "System:"), text)
        XCTAssertTrue(lines[0].hasPrefix("Bundled ("), text)
        XCTAssertTrue(lines[1 ..< system].contains("  \(TestSupport.bodyFamily)"), text)
        // A bundled family is not listed again among the system's.
        XCTAssertFalse(lines[system...].contains("  \(TestSupport.bodyFamily)"), text)
    }

    func testTypesetFontsNamingNoFolderIsAUsageError() throws {
        let result = try TypesetProcess.run(["fonts"], in: try makeTemporaryDirectory(), environment: ["TYPESET_FONTS": "/nonexistent"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("TYPESET_FONTS=/nonexistent: no such folder"), result.stderr)
    }
}
