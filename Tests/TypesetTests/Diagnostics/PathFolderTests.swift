import Diagnostics
import XCTest

/// The folder of a path, found without Foundation's `deletingLastPathComponent`, which traps on
/// a one-character name (`-o m.png` crashed after the work; so did a document `d` importing a
/// style sheet).
final class PathFolderTests: XCTestCase {
    func testTheFolderOfEveryKindOfPath() {
        XCTAssertEqual(PathFolder.of("dir/sub/x.txt"), "dir/sub")
        XCTAssertEqual(PathFolder.of("x.txt"), "")
        XCTAssertEqual(PathFolder.of("m"), "")
        XCTAssertEqual(PathFolder.of("a/"), "")
        XCTAssertEqual(PathFolder.of("/x"), "/")
        XCTAssertEqual(PathFolder.of("/"), "/")
        XCTAssertEqual(PathFolder.of("dir//m"), "dir")
        XCTAssertEqual(PathFolder.of("./m"), ".")
    }

    func testOneCharacterNamesAreWrittenAndReadWithoutACrash() throws {
        let directory = try makeTemporaryDirectory()
        try write("<style name=\"x\" size=\"9\"/>\n", to: directory.appendingPathComponent("h"))
        try write("<import src=\"h\">\nText.\n", to: directory.appendingPathComponent("d"))
        let pages = try typeset(["d", "-o", "m.png"], in: directory)
        XCTAssertEqual(pages.status, 0, pages.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("m-001.png").path))
    }
}
