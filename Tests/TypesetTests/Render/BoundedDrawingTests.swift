import Foundation
import Images
@testable import Render
import XCTest

/// A PDF picture is checked by drawing it in a child process with limits (issue 37, item 4):
/// poppler has no limits of its own, so a hostile page must end in a located error within
/// bounded time and memory, and a crash in the renderer must not take typeset down (the error
/// at the `<img>`: `VectorPictureTests`).
final class BoundedDrawingTests: XCTestCase {
    /// A one-page PDF whose page draws a form that draws the next twice, `depth` deep: 2^depth
    /// squares, a few kilobytes of file; its page 200 pt square unless given another size.
    static func nestedFormsPDF(depth: Int, pageWidth: Int = 200, pageHeight: Int = 200) -> Data {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(pageWidth) \(pageHeight)] /Contents 4 0 R /Resources << /XObject << /F 5 0 R >> >> >>",
                       HandMadePDF.stream("/F Do")]
        for level in 0 ..< depth {
            let form = "/Type /XObject /Subtype /Form /BBox [0 0 200 200]"
            objects.append(level < depth - 1
                ? HandMadePDF.stream("/F Do 0.5 0 0 0.5 1 1 cm /F Do", "\(form) /Resources << /XObject << /F \(6 + level) 0 R >> >>")
                : HandMadePDF.stream("0 0 1 1 re f", form))
        }
        return HandMadePDF.file(objects)
    }

    func testFormsNestedToDrawForeverAreStoppedAtTheProcessorLimit() throws {
        let directory = try makeTemporaryDirectory()
        let path = directory.appendingPathComponent("forms.pdf").path
        try Self.nestedFormsPDF(depth: 40).write(to: URL(fileURLWithPath: path))
        let file = try VectorFile(path: path, page: nil)
        let start = Date()
        let limits = BoundedDrawing.Limits(processorSeconds: 1, wallSeconds: 20, extraMemory: 1 << 30)
        XCTAssertThrowsError(try file.check(within: limits)) { error in
            XCTAssertEqual(error as? BoundedDrawing.Failure, .tooSlow(seconds: 1))
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        // Ten deep, 1,024 squares: drawn at once.
        let shallow = directory.appendingPathComponent("shallow.pdf").path
        try Self.nestedFormsPDF(depth: 10).write(to: URL(fileURLWithPath: shallow))
        XCTAssertNoThrow(try VectorFile(path: shallow, page: nil).check(within: limits))
    }

    func testTheClockLimitsAChildThatWaitsAndACrashIsAFailureNotTypesetsEnd() throws {
        let limits = BoundedDrawing.Limits(processorSeconds: 10, wallSeconds: 0.5, extraMemory: 1 << 30)
        XCTAssertThrowsError(try BoundedDrawing.run(within: limits) { sleep(30) }) { error in
            XCTAssertEqual(error as? BoundedDrawing.Failure, .waited(seconds: 0.5), "it used no processor time: forked again, then reported as waiting")
        }
        XCTAssertThrowsError(try BoundedDrawing.run(within: limits) { while true { _ = sqrt(Double.random(in: 0 ... 1)) } }) { error in
            XCTAssertEqual(error as? BoundedDrawing.Failure, .tooSlow(seconds: 0.5), "a child at work is too slow, not waiting")
        }
        XCTAssertThrowsError(try BoundedDrawing.run(within: limits) { abort() }) { error in
            XCTAssertEqual(error as? BoundedDrawing.Failure, .stopped(signal: SIGABRT, memory: 1 << 30))
        }
        XCTAssertThrowsError(try BoundedDrawing.run(within: limits) { throw CocoaError(.fileNoSuchFile) }) { error in
            XCTAssertEqual(error as? BoundedDrawing.Failure, .failed)
        }
        XCTAssertNoThrow(try BoundedDrawing.run(within: limits) {})
    }

    /// The fork's risk in a process with threads: a lock another thread holds at the fork is
    /// held in the child forever. The child waits, the clock kills it, and it is forked again
    /// once the lock is free: the drawing succeeds instead of failing as too slow.
    func testAChildForkedWhileAnotherThreadHeldALockIsForkedAgain() throws {
        let lock = NSLock()
        let held = DispatchSemaphore(value: 0)
        Thread {
            lock.lock()
            held.signal()
            Thread.sleep(forTimeInterval: 0.5)
            lock.unlock()
        }.start()
        held.wait()
        let limits = BoundedDrawing.Limits(processorSeconds: 10, wallSeconds: 1.5, extraMemory: 1 << 30)
        XCTAssertNoThrow(try BoundedDrawing.run(within: limits) {
            lock.lock()
            lock.unlock()
        })
    }
}
