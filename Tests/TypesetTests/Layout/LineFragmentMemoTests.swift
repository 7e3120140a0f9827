@testable import Layout
import XCTest

/// The fragments a container gives a band, kept: the same as the container's answer, shared
/// by the same column at another height, not by another column or other exclusions.
final class LineFragmentMemoTests: XCTestCase {
    private let contour = Exclusion(.polygon([Point(x: 60, y: 40), Point(x: 140, y: 60), Point(x: 120, y: 160),
                                                     Point(x: 70, y: 130)]), padding: 6)

    private func column(height: Double, x: Double = 0, exclusions: [Exclusion]? = nil) -> Container {
        Container(rect: Rect(x: x, y: 0, width: 200, height: height), exclusions: exclusions ?? [contour])
    }

    func testTheAnswersAreTheContainersAndFoundOnce() {
        let memo = LineFragmentMemo()
        let tops = stride(from: 0.0, to: 200, by: 7.5)
        for top in tops {
            XCTAssertEqual(memo.lineFragments(in: column(height: 400), top: top, height: 12),
                           column(height: 400).lineFragments(top: top, height: 12), "at \(top)")
        }
        let computed = memo.computed
        XCTAssertEqual(computed, tops.underestimatedCount)
        // A balancing trial: the same column, shorter.
        for top in tops {
            XCTAssertEqual(memo.lineFragments(in: column(height: 150), top: top, height: 12),
                           column(height: 150).lineFragments(top: top, height: 12), "at \(top)")
        }
        XCTAssertEqual(memo.computed, computed)
        // Another band, another column, other exclusions, another narrowest: asked anew.
        _ = memo.lineFragments(in: column(height: 150), top: 50, height: 14)
        _ = memo.lineFragments(in: column(height: 150, x: 10), top: 50, height: 12)
        _ = memo.lineFragments(in: column(height: 150, exclusions: [contour, contour]), top: 50, height: 12)
        _ = memo.lineFragments(in: column(height: 150), top: 50, height: 12, narrowest: 40)
        XCTAssertEqual(memo.computed, computed + 4)
        XCTAssertEqual(memo.lineFragments(in: column(height: 150, x: 10), top: 50, height: 12),
                       column(height: 150, x: 10).lineFragments(top: 50, height: 12))
    }

    func testARectangleIsNotKeptAndTheBudgetHolds() {
        let memo = LineFragmentMemo()
        _ = memo.lineFragments(in: column(height: 100, exclusions: []), top: 10, height: 12)
        XCTAssertEqual(memo.count, 0)
        for band in 0 ... LineFragmentMemo.budget { _ = memo.lineFragments(in: column(height: 100), top: Double(band) / 100, height: 12) }
        XCTAssertEqual(memo.count, 1, "past the budget the memo started afresh")
    }
}
