import Foundation
import Render
import XCTest

/// FileSink gathers small writes: Cairo hands its stream a few bytes at a time, and a PDF of
/// thousands of links spent most of its run in `write(2)`.
final class FileSinkTests: XCTestCase {
    func testSmallWritesAreGatheredAndEveryByteArrives() throws {
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("out.bin").path
        let sink = try FileSink(temporary: path)
        var expected = Data()
        for index in 0 ..< 20_000 {
            let piece = Data("object \(index) 0 obj\n".utf8)
            expected += piece
            sink.write(piece)
        }
        // A large write goes through whole, after what was gathered before it.
        let large = Data(repeating: 0x41, count: 200_000)
        sink.write(large)
        expected += large
        sink.write(Data("%%EOF\n".utf8))
        expected += Data("%%EOF\n".utf8)
        try sink.close()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), expected)
        // Linear in the bytes, not in the pieces: about one call per 64 KB.
        XCTAssertLessThanOrEqual(sink.systemWrites, expected.count / (1 << 16) + 3, "\(sink.systemWrites) calls")
    }

    func testAFailedWriteHeldInTheBufferIsStillReported() throws {
        let directory = try makeTemporaryDirectory()
        let full = directory.appendingPathComponent("full").path
        // A copy of the full device of our own, never the machine's.
        guard TestSupport.runTool("/usr/bin/mknod", [full, "c", "1", "7"]) != nil else {
            throw XCTSkip("mknod is not permitted here")
        }
        let descriptor = open(full, O_WRONLY)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        let sink = FileSink(borrowing: descriptor)
        let source = directory.appendingPathComponent("small.txt").path
        try Data("a few bytes, fewer than the buffer holds\n".utf8).write(to: URL(fileURLWithPath: source))
        let file = open(source, O_RDONLY)
        defer { close(file) }
        XCTAssertThrowsError(try sink.copy(from: file)) { error in
            XCTAssertTrue("\(error)".contains("No space left on device"), "\(error)")
        }
    }
}
