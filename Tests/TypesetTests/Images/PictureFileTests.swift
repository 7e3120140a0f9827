import Diagnostics
import Foundation
import Images
import Markup
import TypesetKit
import XCTest

/// What typeset reads is a regular file, opened without blocking and checked on its
/// descriptor: a named pipe, a folder or a device given as a picture is refused at its tag at
/// once, and a picture file is read only as far as its header says a picture of its size can
/// need. The document itself may also come from a pipe, as standard input may.
final class PictureFileTests: XCTestCase {
    private func options() -> TypesetOptions {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        return options
    }

    /// Lays out `doc.txt` holding `<img src="SOURCE">` on its second line in `directory`, and
    /// returns the error it fails with (checked to be at the tag).
    private func pictureError(_ source: String, in directory: URL, imageRoot: String? = nil,
                              file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let input = directory.appendingPathComponent("doc.txt")
        try write("A picture:\n<img src=\"\(source)\" width=\"20\">\n", to: input)
        var options = options()
        options.imageRoot = imageRoot
        do {
            _ = try Typesetter(options: options).prepare(fileAt: input.path)
            XCTFail("\(source) was accepted", file: file, line: line)
            return ""
        } catch let failure as DocumentFailure {
            let error = try XCTUnwrap(failure.diagnostics.first { $0.severity == .error }, file: file, line: line)
            XCTAssertEqual(error.location?.line, 2, "\(error)", file: file, line: line)
            XCTAssertEqual(error.location?.column, 11, "\(error)", file: file, line: line)
            return error.message
        }
    }

    // MARK: Not a regular file

    func testANamedPipeAsAPictureIsRefusedWithoutWaitingForAWriter() throws {
        let directory = try makeTemporaryDirectory()
        let fifo = directory.appendingPathComponent("fifo.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let message = LockedBox<String?>(nil)
        assertNoWait(onPipe: fifo) { message.value = try? self.pictureError("fifo.png", in: directory) }
        XCTAssertTrue(message.value?.contains("it is a named pipe (FIFO), not a regular file") ?? false, "\(message.value ?? "none")")
    }

    func testAFolderOrADeviceAsAPictureIsRefusedAtItsTag() throws {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder.png"), withIntermediateDirectories: false)
        XCTAssertTrue(try pictureError("folder.png", in: directory).contains("it is a folder, not a regular file"))
        // Opened for reading only, and never read.
        XCTAssertTrue(try pictureError("/dev/zero", in: directory, imageRoot: "/").contains("it is a character device, not a regular file"))
    }

    // MARK: The document

    func testTheDocumentMayBeAPipeButNotAFolderOrADevice() throws {
        let directory = try makeTemporaryDirectory()
        let fifo = directory.appendingPathComponent("doc-pipe.txt").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // The writer comes after the reader has opened the pipe: the reader waits for it.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.2)
            let writer = open(fifo, O_WRONLY)
            let text = Array("Read from a pipe.\n".utf8)
            _ = Glibc.write(writer, text, text.count)
            close(writer)
        }
        let document = try Typesetter(options: options()).prepare(fileAt: fifo)
        XCTAssertEqual(String(decoding: document.text.storage, as: UTF16.self).trimmingCharacters(in: .whitespacesAndNewlines),
                       "Read from a pipe.")

        for (path, kind) in [(directory.path, "a folder"), ("/dev/zero", "a character device")] {
            XCTAssertThrowsError(try Typesetter(options: options()).prepare(fileAt: path)) { error in
                XCTAssertEqual((error as? DocumentFailure)?.diagnostics.map(\.message),
                               ["cannot read \(path): it is \(kind), not a regular file"])
            }
        }
    }

    func testADocumentLargerThanADocumentMayBeIsRefusedOnceThatMuchIsRead() throws {
        let directory = try makeTemporaryDirectory()
        let path = try sparseFile("huge.txt", size: MarkupSource.maximumSize + 1, header: Array("Text, then a hole.\n".utf8), in: directory)
        XCTAssertThrowsError(try Typesetter(options: options()).prepare(fileAt: path)) { error in
            XCTAssertEqual((error as? DocumentFailure)?.diagnostics.map(\.message),
                           ["cannot read \(path): it holds more than 32 MB, the most a document may hold"])
        }
    }

    // MARK: Bounded reading

    /// A file of `size` bytes beginning with `header` and otherwise a hole: it takes no disk.
    private func sparseFile(_ name: String, size: Int, header: [UInt8] = [], in directory: URL) throws -> String {
        let path = directory.appendingPathComponent(name).path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(header)))
        XCTAssertEqual(truncate(path, off_t(size)), 0)
        return path
    }

    private static func peakMemory() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    func testAHugeFileNamedAsAPictureCostsNoMoreThanItsHeader() throws {
        let directory = try makeTemporaryDirectory()
        _ = try sparseFile("big.png", size: 3_000_000_000, in: directory)
        _ = try sparseFile("long.png", size: 2_500_000_000, header: PNGBytes().bytes, in: directory)
        let memoryBefore = Self.peakMemory()
        let start = Date()
        XCTAssertTrue(try pictureError("big.png", in: directory).hasSuffix("not a JPEG, PNG, SVG or PDF picture"))
        XCTAssertTrue(try pictureError("long.png", in: directory)
            .hasSuffix("the file is 2.5 GB, more than a picture of 4×4 pixels can need (at most 16 MB)"))
        // Reading either file whole took seconds and gigabytes.
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertLessThan(Self.peakMemory() - memoryBefore, 200_000_000)
    }

    func testAPictureFileMayBeAsLargeAsItsHeaderAllowsAndNoLarger() throws {
        let directory = try makeTemporaryDirectory()
        let picture = PNGBytes(width: 100, height: 50)
        let info = try ImageInfo.probe(data: Data(picture.bytes))
        // 100×50 RGB: 50 rows of a filter byte and 300 samples, twice, and the metadata allowance.
        XCTAssertEqual(info.uncompressedSize, 50 * 301)
        XCTAssertEqual(info.maximumFileSize, 2 * 50 * 301 + ImageInfo.metadataAllowance)
        // Bytes after a PNG's end are never decoded: padded to the limit, it is still a picture.
        let padded = try sparseFile("padded.png", size: info.maximumFileSize, header: picture.bytes, in: directory)
        XCTAssertEqual(try ImageFile(path: padded).bytes.count, info.maximumFileSize)
        let over = try sparseFile("over.png", size: info.maximumFileSize + 1, header: picture.bytes, in: directory)
        XCTAssertThrowsError(try ImageFile(path: over)) {
            XCTAssertEqual($0 as? ImageProbeError, .fileTooLarge(size: info.maximumFileSize + 1, limit: info.maximumFileSize,
                                                                 width: 100, height: 50))
        }
        // However large the picture, no file over 256 MB is read.
        let large = try ImageInfo.probe(data: Data(PNGBytes(width: 20_000, height: 5_000, bitDepth: 16, colourType: 6).header))
        XCTAssertEqual(large.maximumFileSize, ImageInfo.absoluteMaximumFileSize)
    }
}
