import CCairo
import Foundation
import XCTest

/// `typeset --version` for bug reports, and `typeset --help` that shows how to render.
final class VersionAndHelpTests: XCTestCase {
    func testVersionNamesTheReleaseAndTheLibrariesItRunsWith() throws {
        let directory = try makeTemporaryDirectory()
        let result = try typeset(["--version"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.map { $0.split(separator: " ").first.map(String.init) ?? "" },
                       ["typeset", "HarfBuzz", "FreeType", "Cairo", "ICU"])
        let version = try Regex(#"^[A-Za-z]+ \d+\.\d+(\.\d+)?$"#)
        for line in lines { XCTAssertNotNil(line.wholeMatch(of: version), line) }
        // What the process runs with: the same Cairo as the one loaded into this test.
        XCTAssertTrue(lines.contains("Cairo \(String(cString: cairo_version_string()))"), result.stdout)
    }

    /// `-V`, as rustc and typst take it (issue 34, item 11).
    func testMinusVIsVersion() throws {
        let directory = try makeTemporaryDirectory()
        let short = try typeset(["-V"], in: directory)
        XCTAssertEqual(short.status, 0, short.stderr)
        XCTAssertEqual(short.stdout, try typeset(["--version"], in: directory).stdout)
    }

    func testHelpShowsTheCommonOptionsOfRendering() throws {
        let directory = try makeTemporaryDirectory()
        let renderHelp = try typeset(["help", "render"], in: directory).stdout
        for arguments in [["--help"], ["-h"], ["help"]] {
            let overview = try typeset(arguments, in: directory)
            XCTAssertEqual(overview.status, 0, "\(arguments)")
            XCTAssertTrue(overview.stdout.contains("--version"), overview.stdout)
            let common = try XCTUnwrap(overview.stdout.components(separatedBy: "COMMON OPTIONS").dropFirst().first, overview.stdout)
                .components(separatedBy: "\n\n")[0]
            let options = Set(common.matches(of: try Regex("--[a-z][a-z-]*")).map { String(common[$0.range]) })
            XCTAssertTrue(options.isSuperset(of: ["--output", "--out-dir", "--format", "--page-size", "--margin", "--columns", "--font-size"]),
                          common)
            // Said as the render command says it: an option it does not have cannot be shown.
            for option in options { XCTAssertTrue(renderHelp.contains(option), "\(option) is not an option of render") }
        }
    }
}
