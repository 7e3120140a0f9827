import Layout
@testable import Pages
import Text
import XCTest

/// What balancing a band costs, in frames set (`Framesetter.framesSet`): each trial height fills
/// the band's columns in turn (`BandSetter.balance`), but a trial that one column already fails
/// for good — its bottom below the trial's height, a float moved past its text, a note split,
/// none of which later columns can take back — sets no column after it.
final class BalanceTrialTests: FramesetterTestCase {
    private static let text = String(repeating: "The keepers climbed the stair at dusk and lit the lamp. ", count: 8)

    /// A figure first in the first column is set whole, however short the trial: every trial
    /// shorter than the figure fails at that column, and sets neither column after it.
    func testATrialFailedByItsFirstColumnSetsNoOther() throws {
        let setter = try framesetter("<figure><img src=\"grey.jpg\" width=\"80\" height=\"200\"></figure>\(Self.text)\n")
        let columns = (0 ..< 3).map { Rect(x: Double($0) * 110, y: 0, width: 100, height: 600) }
        let bands = BandSetter(framesetter: setter)
        let band = bands.fill(columns, from: 0, to: setter.text.length, carrying: .none)
        XCTAssertEqual(band.stop, .sectionEnd)
        let before = setter.framesSet
        let balanced = bands.balance(band, columns: columns, from: 0, to: setter.text.length, carrying: .none)
        let sets = setter.framesSet - before
        XCTAssertGreaterThanOrEqual(balanced.bottom, 200, "the balanced columns hold the figure")
        XCTAssertLessThan(balanced.bottom, band.bottom, "and are shorter than the full ones")
        // 25 before: four of the trials were shorter than the figure, and set both columns after it.
        XCTAssertLessThanOrEqual(sets, 17, "the trials shorter than the figure set its column alone")
    }
}
