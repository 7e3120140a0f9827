import Foundation
import Render
import TypesetKit
import XCTest

/// `PagesAhead`: pages laid out on a thread of their own while the calling thread draws.
final class PagesAheadTests: XCTestCase {
    private struct DrawingFailed: Error {}

    /// Counts the values a sequence has given, from whichever thread iterates it.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    func testEveryPageArrivesInOrder() {
        for depth in [1, 2, 5] {
            let drawn = PagesAhead.withPages(of: 0 ..< 2000, depth: depth) { Array($0) }
            XCTAssertEqual(drawn, Array(0 ..< 2000), "depth \(depth)")
        }
        XCTAssertEqual(PagesAhead.withPages(of: [Int]()) { Array($0) }, [])
    }

    func testADrawingErrorStopsTheLayoutThreadAndSurfaces() {
        let laidOut = Counter()
        // Endless: only stopping the layout thread lets this return.
        let pages = (0...).lazy.map { page -> Int in
            laidOut.increment()
            return page
        }
        var drawn: [Int] = []
        XCTAssertThrowsError(try PagesAhead.withPages(of: pages, depth: 2) { handed in
            for page in handed {
                if page == 3 { throw DrawingFailed() }
                drawn.append(page)
            }
        }) { XCTAssertTrue($0 is DrawingFailed) }
        XCTAssertEqual(drawn, [0, 1, 2])
        // Page 3 drawn, at most two waiting and one being laid out when the error came.
        let count = laidOut.value
        XCTAssertLessThanOrEqual(count, 4 + 2 + 1)
        // The layout thread has ended: nothing more is laid out.
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(laidOut.value, count)
    }

    func testADrawerThatStopsEarlyStopsTheLayoutThread() {
        let first = PagesAhead.withPages(of: 0..., depth: 1) { Array($0.prefix(5)) }
        XCTAssertEqual(first, [0, 1, 2, 3, 4])
    }

    /// A document of many pages written through the pipeline gives the bytes it gives
    /// when its pages are laid out and drawn one after the other on one thread.
    func testAManyPageDocumentIsWrittenAsOnOneThread() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("long.txt")
        let paragraph = "Drawing one page while the next is laid out must not change a byte of either, "
            + "whether a word is hyphenated, justified or set in <b>bold</b> and <i>italic</i>.\n\n"
        try String(repeating: paragraph, count: 600).write(to: input, atomically: true, encoding: .utf8)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let typesetter = Typesetter(options: options)

        let pipelined = directory.appendingPathComponent("pipelined.pdf").path
        let report = try typesetter.typeset(inputPath: input.path, outputPath: pipelined)
        let document = try typesetter.prepare(fileAt: input.path)
        let oneThread = directory.appendingPathComponent("one-thread.pdf").path
        let count = try DocumentWriter(text: document.text).writePDF(document.pages(), to: oneThread, metadata: document.metadata)

        XCTAssertGreaterThan(report.pageCount, 20)
        XCTAssertEqual(report.pageCount, count)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pipelined)), try Data(contentsOf: URL(fileURLWithPath: oneThread)))
    }
}
