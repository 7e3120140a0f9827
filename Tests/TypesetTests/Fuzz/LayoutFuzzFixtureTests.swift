import Foundation
import LayoutFuzzing
import XCTest

/// What the layout fuzzer found, shrunk (Fixtures/layout-fuzz/): each fixture sets without a
/// finding, except those in `awaiting-fixes.txt`, whose fixes are on branches not merged yet:
/// those must still show the finding their first line names, so that the list is kept true
/// (a fixed one fails here until it is taken off the list). A fixture that crashes the
/// pipeline (kind `crash: …`) is set by the `typeset` executable while it awaits its fix, so
/// that the crash ends a child process, not the suite.
final class LayoutFuzzFixtureTests: XCTestCase {
    func testEveryFixtureSetsWithoutFindings() throws {
        let awaiting = LayoutFuzzChecking.awaitingFixes
        for name in LayoutFuzzChecking.fixtures where !awaiting.contains(name) {
            let findings = LayoutFuzzChecking.check.findings(in: try LayoutFuzzChecking.fixture(name))
            XCTAssertEqual(findings, [], "\(name): \(findings.prefix(3))")
        }
    }

    func testEveryFixtureAwaitingItsFixStillFailsAsItsFirstLineSays() throws {
        for name in LayoutFuzzChecking.awaitingFixes.sorted() {
            XCTAssertTrue(LayoutFuzzChecking.fixtures.contains(name), "awaiting-fixes.txt names \(name), which is not in the folder")
            let document = try LayoutFuzzChecking.fixture(name)
            let kind = try XCTUnwrap(document.fixtureKind, "\(name) has no first line naming its finding")
            let findings = kind.hasPrefix("crash") ? try crashes(document) : LayoutFuzzChecking.check.findings(in: document)
            XCTAssertTrue(findings.contains { $0.kind == kind },
                          "\(name) no longer shows \"\(kind)\": fixed? take it off awaiting-fixes.txt (found: \(findings.prefix(3)))")
        }
    }

    /// The crash of `typeset` setting `document` with its options, if it crashes.
    private func crashes(_ document: FuzzDocument) throws -> [LayoutFinding] {
        let workspace = try FuzzWorkspace(pictureFolder: TestSupport.repositoryRoot.appendingPathComponent("Fixtures/zombies"))
        try document.markup.write(to: workspace.directory.appendingPathComponent("doc.txt"), atomically: true, encoding: .utf8)
        let result = try TypesetProcess.run(["doc.txt", "-o", "doc.pdf"] + document.options.arguments, in: workspace.directory)
        return LayoutFinding(crashReport: result.stderr).map { [$0] } ?? []
    }
}
