import Foundation
import Images
import XCTest

/// `InputFile` reads a regular file into a buffer it does not zero first, and a pipe into one it
/// grows: either way the bytes are the file's, no more, and a limit is kept.
final class InputFileTests: XCTestCase {
    /// Bytes that no zeroed or stale buffer holds by chance.
    private func pattern(_ count: Int) -> [UInt8] {
        (0 ..< count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8 &+ 1) }
    }

    private func file(_ bytes: [UInt8], in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("input.bin").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    func testARegularFileIsReadExactly() throws {
        let directory = try makeTemporaryDirectory()
        for count in [0, 1, 4_095, 65_537, 300_001] {
            let bytes = pattern(count)
            let path = try file(bytes, in: directory)
            XCTAssertEqual(try InputFile(path: path).readAll(), bytes, "\(count) bytes")
            XCTAssertEqual(try InputFile(path: path).readAll(limit: count), bytes, "\(count) bytes, at the limit")
            XCTAssertEqual(try InputFile(path: path).readPrefix(100), Array(bytes.prefix(100)), "\(count) bytes, a prefix")
        }
    }

    /// A picture opened, then replaced by another file renamed over its name (an editor's save,
    /// or `PictureReplacedTests`' race, where this was "outside the folder" once in a while):
    /// the descriptor still says where the file read was, inside its folder; a file opened
    /// through a link to another folder stays there when it is removed.
    func testAFileRemovedAfterItsOpenIsNamedWhereItWas() throws {
        let directory = try makeTemporaryDirectory()
        let inside = directory.appendingPathComponent("inside")
        let outside = directory.appendingPathComponent("outside")
        for folder in [inside, outside] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false) }
        let photo = inside.appendingPathComponent("photo.jpg").path
        XCTAssertTrue(FileManager.default.createFile(atPath: photo, contents: Data(pattern(10))))
        let opened = try InputFile(path: photo)
        let replacement = directory.appendingPathComponent("replacement.jpg").path
        XCTAssertTrue(FileManager.default.createFile(atPath: replacement, contents: Data(pattern(5))))
        XCTAssertEqual(rename(replacement, photo), 0)
        XCTAssertEqual(opened.resolvedPath, URL(fileURLWithPath: photo).resolvingSymlinksInPath().path)

        let secret = outside.appendingPathComponent("secret.jpg").path
        XCTAssertTrue(FileManager.default.createFile(atPath: secret, contents: Data(pattern(10))))
        let secretWhereItIs = URL(fileURLWithPath: secret).resolvingSymlinksInPath().path
        let link = inside.appendingPathComponent("link.jpg").path
        XCTAssertEqual(symlink(secret, link), 0)
        let throughTheLink = try InputFile(path: link)
        XCTAssertEqual(unlink(secret), 0)
        XCTAssertEqual(throughTheLink.resolvedPath, secretWhereItIs)
    }

    func testAFileLongerThanTheLimitIsRefused() throws {
        let path = try file(pattern(10_000), in: try makeTemporaryDirectory())
        XCTAssertThrowsError(try InputFile(path: path).readAll(limit: 9_999)) { error in
            XCTAssertEqual(error as? InputFile.Problem, .longerThan(limit: 9_999))
        }
    }

    func testAPipeLongerThanItsFirstBufferIsReadWholeAndItsLimitKept() throws {
        let directory = try makeTemporaryDirectory()
        let fifo = directory.appendingPathComponent("pipe").path
        let bytes = pattern(200_000)
        // A reader that stops at its limit closes the pipe, and a writer slowed by a loaded
        // machine may still be writing: its write then fails (EPIPE) instead of SIGPIPE ending
        // the test process (seen once in CI under ASan).
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        for (limit, accepted) in [(Int.max, true), (200_000, true), (150_000, false)] {
            XCTAssertEqual(mkfifo(fifo, 0o600), 0)
            let writer = Thread {
                let descriptor = open(fifo, O_WRONLY)
                // In small pieces, so that reads come back short.
                for start in stride(from: 0, to: bytes.count, by: 10_000) {
                    bytes[start ..< min(start + 10_000, bytes.count)].withUnsafeBytes {
                        _ = Glibc.write(descriptor, $0.baseAddress, $0.count)
                    }
                }
                close(descriptor)
            }
            writer.start()
            let input = try InputFile(path: fifo, accepting: .regularFilesAndPipes)
            if accepted {
                XCTAssertEqual(try input.readAll(limit: limit), bytes, "limit \(limit)")
            } else {
                // The rest of the writer's bytes fit in the pipe's buffer, or fail to be written
                // once the reader has closed it: either way it ends unread.
                XCTAssertThrowsError(try input.readAll(limit: limit), "limit \(limit)") { error in
                    XCTAssertEqual(error as? InputFile.Problem, .longerThan(limit: limit))
                }
            }
            while !writer.isFinished { Thread.sleep(forTimeInterval: 0.01) }
            XCTAssertEqual(unlink(fifo), 0)
        }
    }
}
