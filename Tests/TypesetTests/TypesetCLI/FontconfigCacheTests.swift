import Foundation
import XCTest

/// With the user's cache folder unwritable, fontconfig's "No writable cache directories" does
/// not leak out: its cache goes to a private temporary folder, removed at exit (issue 34, item 10).
final class FontconfigCacheTests: XCTestCase {
    func testAnUnwritableHomeLeavesNoFontconfigMessageAndNoFolderBehind() throws {
        let directory = try makeTemporaryDirectory()
        let temporary = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        try Data("Words, and Ωmega from a system font.\n".utf8).write(to: directory.appendingPathComponent("a.txt"))
        // No folder can be made under a file, whoever runs the test (root writes anywhere else).
        let environment = ["HOME": "/dev/null", "XDG_CACHE_HOME": "", "TMPDIR": temporary.path]
        for arguments in [["a.txt"], ["a.txt", "--font", "Noto Sans", "-o", "b.pdf"]] {
            let result = try TypesetProcess.run(arguments, in: directory, environment: environment)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("Fontconfig"), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.path), [], "\(arguments)")
        }
    }
}
