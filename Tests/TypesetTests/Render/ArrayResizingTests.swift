@testable import Render
import XCTest

/// A buffer resized in place keeps its first elements and its room, and is filled at the end.
final class ArrayResizingTests: XCTestCase {
    func testGrowingKeepsTheElementsAndAddsTheFiller() {
        var buffer = [1, 2, 3]
        buffer.resize(to: 5, with: 0)
        XCTAssertEqual(buffer, [1, 2, 3, 0, 0])
    }

    func testShrinkingCutsTheEndAndKeepsTheRoom() {
        var buffer = Array(0 ..< 100)
        let room = buffer.capacity
        buffer.resize(to: 2, with: -1)
        XCTAssertEqual(buffer, [0, 1])
        XCTAssertEqual(buffer.capacity, room)
        buffer.resize(to: 2, with: -1)
        XCTAssertEqual(buffer, [0, 1])
    }
}
