import Foundation
import XCTest

extension XCTestCase {
    /// Runs `work` on a thread of its own and fails when it is still running after 20 s, as
    /// code that opens the named pipe `fifo` by its name waits for a writer; then opens the
    /// pipe's other end, so that the blocked reader sees an empty file and ends.
    func assertNoWait(onPipe fifo: String, file: StaticString = #filePath, line: UInt = #line, _ work: @escaping @Sendable () -> Void) {
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            work()
            finished.signal()
        }
        if finished.wait(timeout: .now() + 20) == .timedOut {
            XCTFail("still waiting on the named pipe after 20 s", file: file, line: line)
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            finished.wait()
        }
    }
}
