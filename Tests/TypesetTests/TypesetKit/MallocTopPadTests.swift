import CMalloc
import TypesetKit
import XCTest

/// With the pad, room freed at the top of the heap stays with the process for the next requests
/// instead of going back to the system to be faulted in again.
final class MallocTopPadTests: XCTestCase {
    func testRoomFreedAtTheHeapsTopIsKept() {
        MallocTopPad.set()
        // Blocks under the allocator's mmap threshold, so from the heap, freed last first so
        // that the free room ends at the heap's top.
        let blocks = (0 ..< 64).map { _ in malloc(64 << 10)! }
        for block in blocks.reversed() { free(block) }
        XCTAssertGreaterThanOrEqual(mallinfo2().keepcost, 4 << 20)
    }
}
