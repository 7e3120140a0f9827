import Foundation
import Images
import XCTest

/// A document's pictures are not all held open (`PictureFiles.openLimit`): a document of
/// hundreds of distinct pictures runs under a limit of 256 open files, and a picture let go is
/// opened again only if it is still the very file first opened.
final class PictureFilesLimitTests: XCTestCase {
    /// `count` 4×4 PNG files in a new folder, each its own file.
    private func pictures(_ count: Int) throws -> (folder: URL, names: [String]) {
        let folder = try makeTemporaryDirectory()
        let names = (0 ..< count).map { "p\($0).png" }
        for (index, name) in names.enumerated() {
            var png = PNGBytes()
            png.filterType = UInt8(index % 5)
            try Data(png.bytes).write(to: folder.appendingPathComponent(name))
        }
        return (folder, names)
    }

    private func openDescriptorCount() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    func testAskingForManyPicturesHoldsAtMostTheLimitOpen() throws {
        let (folder, names) = try pictures(3 * PictureFiles.openLimit)
        let before = try openDescriptorCount()
        let files = PictureFiles()
        for name in names { _ = try files.file(at: folder.appendingPathComponent(name).path).readPrefix(8) }
        XCTAssertEqual(files.openFileCount, PictureFiles.openLimit)
        XCTAssertLessThanOrEqual(try openDescriptorCount() - before, PictureFiles.openLimit)
        // The first, let go long since, is opened again: the same file, the same bytes.
        let first = try files.file(at: folder.appendingPathComponent(names[0]).path)
        XCTAssertEqual(try first.readAll(), PNGBytes().bytes)
    }

    func testAPictureLetGoAndRenamedOverIsRefusedWhenAskedForAgain() throws {
        let (folder, names) = try pictures(PictureFiles.openLimit + 1)
        let files = PictureFiles()
        for name in names { _ = try files.file(at: folder.appendingPathComponent(name).path) }
        // names[0] was let go for the last; a file of the same bytes is put in its place.
        let replacement = folder.appendingPathComponent("replacement.png")
        try Data(PNGBytes().bytes).write(to: replacement)
        XCTAssertEqual(rename(replacement.path, folder.appendingPathComponent(names[0]).path), 0)
        XCTAssertThrowsError(try files.file(at: folder.appendingPathComponent(names[0]).path)) { error in
            XCTAssertEqual(error as? ImageProbeError, .file(.changed))
        }
    }

    /// 300 distinct pictures, one a paragraph, typeset by the executable under a limit of 256
    /// open files: every picture was held open from its `<img>` to the end of the run, and the
    /// run failed ("Too many open files") at the 250th or so.
    func testADocumentOfMorePicturesThanOpenFilesAllowedIsTypeset() throws {
        guard TypesetProcess.canLimitMemory else { throw XCTSkip("prlimit is not installed") }
        let (folder, names) = try pictures(300)
        try write(names.map { "<img src=\"\($0)\" width=\"6\" alt=\"\"> A picture." }.joined(separator: "\n"),
                  to: folder.appendingPathComponent("doc.txt"))
        let run = try TypesetProcess.run(["doc.txt", "-o", "doc.pdf"], in: folder, environment: ["TYPESET_CHECK_PAGES": "0"],
                                         openFileLimit: 256)
        XCTAssertEqual(run.status, 0, run.stderr)
        let pdf = try Data(contentsOf: folder.appendingPathComponent("doc.pdf"))
        XCTAssertTrue(PDFCheck.isPDF(pdf))
    }
}
