import Foundation
@testable import Render
import XCTest

/// `TextLayerStreams`: page streams kept in a file while the pages are drawn, then read back
/// a piece at a time, as they were kept, into the finished PDF.
final class TextLayerStreamsTests: XCTestCase {
    func testStreamsAreReadBackAsTheyWereKept() throws {
        let directory = try makeTemporaryDirectory()
        let streams = try TextLayerStreams(beside: directory.appendingPathComponent("doc.pdf.draft").path)
        // Larger than the copy's buffer, empty, and small.
        let contents = [String(repeating: "BT /F1 12 Tf (page one) Tj ET\n", count: 5000), "", "0 0 m 10 10 l S\n"]
        let deflater = Deflater()
        let kept = try contents.map { try deflater.bytes(Array($0.utf8), of: "a test stream") }
        XCTAssertEqual(kept.map { streams.keep($0) }, [0, 1, 2])
        XCTAssertThrowsError(try streams.copy(0) { _ in }, "read before they are all kept")
        try streams.close()
        for (index, bytes) in kept.enumerated() {
            var read: [UInt8] = []
            try streams.copy(index) { read.append(contentsOf: $0) }
            XCTAssertEqual(read, bytes, "stream \(index)")
        }
        var all: [UInt8] = []
        try streams.copyAll { all.append(contentsOf: $0) }
        XCTAssertEqual(all, Array(kept.joined()))
        streams.remove()
        XCTAssertFalse(FileManager.default.fileExists(atPath: streams.path), "the streams' file is removed")
    }
}
