import TypesetKit
import XCTest

/// The pad is a setting glibc's allocator takes. Its effect, room at the heap's top kept rather
/// than given back and faulted in again, is not observable inside the test process, whose heap
/// earlier tests have shaped; it is measured on the zombie fixture (docs/pipeline.md, "Speed:
/// the zombie fixture's system time": 4,370 page faults without it, 3,330 with it).
final class MallocTopPadTests: XCTestCase {
    func testTheAllocatorTakesThePad() {
        XCTAssertTrue(MallocTopPad.set())
    }
}
