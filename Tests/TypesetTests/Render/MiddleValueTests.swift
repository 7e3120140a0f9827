@testable import Render
import XCTest

/// `middleValue()`, the median the text layer takes of a run's gaps, against sorting.
final class MiddleValueTests: XCTestCase {
    func testTheMiddleValueIsWhatSortingPutsInTheMiddle() {
        var random = SplitMix(seed: 17)
        for length in 1 ... 200 {
            for _ in 0 ..< 5 {
                // Few distinct values too: justified lines share one gap, with word spaces among them.
                let distinct = Int.random(in: 1 ... 6, using: &random)
                var values = (0 ..< length).map { _ in
                    length % 3 == 0 ? Double(Int.random(in: 0 ..< distinct, using: &random)) : random.unit() * 10 - 5
                }
                let expected = values.sorted()[length / 2]
                XCTAssertEqual(values.middleValue(), expected, "\(length) values")
            }
        }
    }
}
