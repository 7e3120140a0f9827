import Foundation
import XCTest

/// A font folder holding something other than files and folders (issue 40, item 11): a named
/// pipe in `TYPESET_FONTS` hung the run for good (fontconfig opens every entry to scan it).
/// Now a located refusal, in bounded time, wherever the pipe is in the folder's tree, and in a
/// `--font-path` folder too.
final class FontFolderEntryTests: XCTestCase {
    private func fontsWithPipe(at relativePath: String) throws -> URL {
        let fonts = try makeTemporaryDirectory().appendingPathComponent("fonts")
        try FileManager.default.copyItem(atPath: TestSupport.fontsDirectory, toPath: fonts.path)
        let pipe = fonts.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: pipe.deletingLastPathComponent(), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
        return fonts
    }

    private func run(_ arguments: [String], fonts: URL) throws -> TypesetProcess.Result {
        let directory = try makeTemporaryDirectory()
        try write("A note.\n", to: directory.appendingPathComponent("note.txt"))
        return try TypesetProcess.run(arguments, in: directory, timeout: 60, environment: ["TYPESET_FONTS": fonts.path])
    }

    func testANamedPipeInTheFontsFolderIsRefusedNotWaitedOn() throws {
        for place in ["trap.otf", "more/deeper/trap.ttf"] {
            let fonts = try fontsWithPipe(at: place)
            let result = try run(["note.txt", "-o", "note.pdf"], fonts: fonts)
            XCTAssertFalse(result.timedOut, "\(place): the run waited on the pipe")
            XCTAssertEqual(result.status, 1, "\(place): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("holds \(fonts.appendingPathComponent(place).path), a named pipe"), "\(place): \(result.stderr)")
        }
    }

    func testANamedPipeInAFontPathFolderIsRefused() throws {
        let extra = try makeTemporaryDirectory()
        XCTAssertEqual(mkfifo(extra.appendingPathComponent("trap.otf").path, 0o600), 0)
        let result = try run(["note.txt", "-o", "note.pdf", "--font-path", extra.path], fonts: URL(fileURLWithPath: TestSupport.fontsDirectory))
        XCTAssertFalse(result.timedOut, "the run waited on the pipe")
        XCTAssertNotEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("a named pipe"), result.stderr)
    }
}
