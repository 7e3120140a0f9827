import Foundation
import XCTest

/// `SOURCE_DATE_EPOCH` dates the PDF and costs nothing else: fontconfig's cache of the bundled
/// fonts, written by a first run, is read by the next rather than made again (fontconfig 2.14
/// writes a cache it never accepts while the variable is set; `SourceDateEpoch` in TypesetCLI).
final class SourceDateEpochCommandLineTests: XCTestCase {
    func testTheBundledFontsCacheIsWrittenOnceAndTheDateStillComesFromTheVariable() throws {
        let directory = try makeTemporaryDirectory()
        try write("One line of text.\n", to: directory.appendingPathComponent("line.txt"))
        // A cache folder of the test's own, so that the first run finds no cache to read.
        let cacheHome = directory.appendingPathComponent("cache")
        let environment = ["XDG_CACHE_HOME": cacheHome.path]
        let fontconfigCache = cacheHome.appendingPathComponent("fontconfig")

        let first = try TypesetProcess.run(["line.txt", "-o", "first.pdf"], in: directory, environment: environment)
        XCTAssertEqual(first.status, 0, first.stderr)
        let written = try cacheFiles(in: fontconfigCache)
        XCTAssertEqual(written.count, 1, "the first run wrote the cache of the bundled fonts' folder")

        let second = try TypesetProcess.run(["line.txt", "-o", "second.pdf"], in: directory, environment: environment)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try cacheFiles(in: fontconfigCache), written, "the second run read the cache, not the fonts")

        let pdf = try QPDFJSON(pdfAt: directory.appendingPathComponent("second.pdf").path)
        XCTAssertEqual(pdf.info["/CreationDate"], "D:20010909014640Z00'00'", "SOURCE_DATE_EPOCH, 1000000000")
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("first.pdf")),
                       try Data(contentsOf: directory.appendingPathComponent("second.pdf")))
    }

    /// Each cache file's name with its inode and modification time to the nanosecond:
    /// fontconfig writes a cache into a new file renamed into place, so a cache written
    /// again differs in both.
    private func cacheFiles(in folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.contains(".cache-") {
            var status = stat()
            XCTAssertEqual(stat(folder.appendingPathComponent(name).path, &status), 0, name)
            files[name] = "\(status.st_ino) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        }
        return files
    }
}
