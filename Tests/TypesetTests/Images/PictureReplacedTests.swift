import Diagnostics
import Foundation
import Render
import TypesetKit
import XCTest

/// A picture is drawn from the descriptor its `<img>` was checked by (`PictureFiles`), never
/// opened by its name again: a picture renamed over, or its name made a link to a file outside
/// the document's folder, after the check and before the drawing changes nothing in the PDF,
/// and one written to in place in between is refused. The file is replaced when its page is
/// laid out (`TypesetOptions.pageReached`), the moment between the check pass and the drawing,
/// or by another thread the moment the picture is first opened (inotify), as someone watching
/// the folder would.
final class PictureReplacedTests: XCTestCase {
    private struct Run {
        var folder: URL
        var photo: URL
        var pdf: String
        var result: Result<TypesetReport, Error>
    }

    /// Typesets a one-page document showing `photo.jpg` (the corpus's baseline JPEG) into a
    /// PDF, calling `replace` with the photo's path once its page is laid out.
    private func typeset(replacing replace: @escaping @Sendable (_ photo: URL, _ folder: URL) -> Void,
                         before arm: (_ photo: URL, _ folder: URL) throws -> Void = { _, _ in }) throws -> Run {
        let folder = try makeTemporaryDirectory()
        let document = folder.appendingPathComponent("document")
        try FileManager.default.createDirectory(at: document, withIntermediateDirectories: false)
        let photo = document.appendingPathComponent("photo.jpg")
        try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb-baseline.jpg"), to: photo)
        let input = document.appendingPathComponent("doc.txt")
        try write("A photograph:\n<img src=\"photo.jpg\" width=\"120\" alt=\"A photograph\">\n", to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.pageReached = { _ in replace(photo, folder) }
        let pdf = folder.appendingPathComponent("doc.pdf").path
        try arm(photo, folder)
        let result = Result { try Typesetter(options: options).typeset(inputPath: input.path, outputPath: pdf) }
        return Run(folder: folder, photo: photo, pdf: pdf, result: result)
    }

    private func corpus(_ name: String) throws -> Data {
        try Data(contentsOf: TestSupport.imagesDirectory.appendingPathComponent(name))
    }

    /// Whether the PDF at `path` embeds `picture` byte for byte (a JPEG is passed through).
    private func embeds(_ path: String, _ picture: Data) throws -> Bool {
        try Data(contentsOf: URL(fileURLWithPath: path)).range(of: picture) != nil
    }

    func testAPictureRenamedOverTheMomentItIsOpenedIsNotWhatIsDrawn() throws {
        var swap: RenameOnOpen?
        let run = try typeset(replacing: { _, _ in }, before: { photo, folder in
            let truncated = folder.appendingPathComponent("truncated.jpg")
            try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("truncated.jpg"), to: truncated)
            swap = try RenameOnOpen(photo.path, replacement: truncated.path)
        })
        XCTAssertEqual(swap?.waitForRename(), true, "the photo was not renamed over once opened")
        XCTAssertNoThrow(try run.result.get())
        // The truncated file is the photo's first half: the whole photo is there, not only it.
        XCTAssertTrue(try embeds(run.pdf, corpus("rgb-baseline.jpg")), "the photo checked is not in the PDF (the truncated one put in its place is?)")
    }

    func testAPictureMadeALinkOutsideTheFolderAfterTheCheckDoesNotEmbedTheOutsideFile() throws {
        let run = try typeset { photo, folder in
            // A file outside the document's folder, which `--root` keeps pictures out of.
            let outside = folder.appendingPathComponent("outside.jpg")
            try? FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("grey.jpg"), to: outside)
            let link = photo.deletingLastPathComponent().appendingPathComponent(".link")
            XCTAssertEqual(symlink(outside.path, link.path), 0)
            XCTAssertEqual(rename(link.path, photo.path), 0)
        }
        XCTAssertNoThrow(try run.result.get())
        XCTAssertFalse(try embeds(run.pdf, corpus("grey.jpg")), "the file outside the folder was embedded")
        XCTAssertTrue(try embeds(run.pdf, corpus("rgb-baseline.jpg")), "the photo checked is not in the PDF")
    }

    func testAPictureWrittenToInPlaceAfterTheCheckIsRefused() throws {
        let grey = try corpus("grey.jpg")
        let run = try typeset { photo, _ in
            // Truncated and written: the same file, other bytes.
            XCTAssertNotNil(try? grey.write(to: photo))
        }
        XCTAssertThrowsError(try run.result.get()) { error in
            XCTAssertTrue("\(error)".contains("the file changed while it was being typeset"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: run.pdf))
    }
}

/// Renames `replacement` over `path` from another thread the moment `path` is first opened
/// (inotify's `IN_OPEN`, read as soon as it comes), as someone watching a shared folder would.
private final class RenameOnOpen: @unchecked Sendable {
    private let renamed = DispatchSemaphore(value: 0)
    private var succeeded = false

    /// Watches `path`; returns once the watch is in place.
    init(_ path: String, replacement: String) throws {
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        guard watch >= 0, inotify_add_watch(watch, path, UInt32(IN_OPEN)) >= 0 else { throw SystemError.current }
        Thread { [self] in
            var request = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            var event = [UInt8](repeating: 0, count: 4096)
            if poll(&request, 1, 60_000) > 0, read(watch, &event, event.count) > 0 {
                succeeded = rename(replacement, path) == 0
            }
            close(watch)
            renamed.signal()
        }.start()
    }

    /// Whether the file was renamed over (after its first open).
    func waitForRename() -> Bool {
        renamed.wait()
        return succeeded
    }
}
