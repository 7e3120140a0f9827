import Foundation
import XCTest

/// `--open`: the output shown in a viewer after a good run, never after a failed one
/// (issue 34, item 11). TYPESET_VIEWER names a fake viewer that writes down what it was given.
final class ViewerTests: XCTestCase {
    private func fakeViewer(in directory: URL) throws -> (program: String, log: URL) {
        let log = directory.appendingPathComponent("viewer.log")
        let program = directory.appendingPathComponent("viewer")
        try write("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(log.path)'\n", to: program)
        chmod(program.path, 0o755)
        return (program.path, log)
    }

    /// The viewer is not waited for: its log is looked for a while.
    private func logged(_ log: URL) -> String {
        for _ in 0 ..< 100 {
            if let text = try? String(contentsOf: log, encoding: .utf8), text.hasSuffix("\n") { return text }
            usleep(50_000)
        }
        return ""
    }

    /// A folder with `doc.txt` holding `markup` and the fake viewer.
    private func workspace(_ markup: String) throws -> (directory: URL, viewer: (program: String, log: URL)) {
        let directory = try makeTemporaryDirectory()
        try write(markup, to: directory.appendingPathComponent("doc.txt"))
        return (directory, try fakeViewer(in: directory))
    }

    func testOpenShowsTheOutputAfterAGoodRun() throws {
        let (directory, viewer) = try workspace("Hello.\n")
        let pdf = try TypesetProcess.run(["doc.txt", "--open"], in: directory, environment: ["TYPESET_VIEWER": viewer.program])
        XCTAssertEqual(pdf.status, 0, pdf.stderr)
        XCTAssertEqual(logged(viewer.log), "doc.pdf\n")
        try FileManager.default.removeItem(at: viewer.log)
        let png = try TypesetProcess.run(["doc.txt", "--open", "-o", "page.png"], in: directory, environment: ["TYPESET_VIEWER": viewer.program])
        XCTAssertEqual(png.status, 0, png.stderr)
        XCTAssertEqual(logged(viewer.log), "page-001.png\n")
    }

    func testOpenShowsNothingAfterAFailedRun() throws {
        let (directory, viewer) = try workspace("<font color=\"reddish\">Run!</font>\n")
        let result = try TypesetProcess.run(["doc.txt", "--open"], in: directory, environment: ["TYPESET_VIEWER": viewer.program])
        XCTAssertEqual(result.status, 1, result.stderr)
        usleep(300_000)
        XCTAssertFalse(FileManager.default.fileExists(atPath: viewer.log.path))
    }
}
