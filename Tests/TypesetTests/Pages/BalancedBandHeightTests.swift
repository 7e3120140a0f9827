import Layout
@testable import Pages
import Text
import XCTest

/// A balanced band's columns end at the band's bottom, and no lower than the room they were
/// given (`BandSetter.balance`): what reaches below that room still reads as reaching out of it.
final class BalancedBandHeightTests: FramesetterTestCase {
    /// Seed 12671: a figure that waited for the page, under a picture across its top, reached
    /// 76 pt below the 52 pt left; balancing grew the column to hold it, so the page's overrun
    /// read 0, the page was kept, and the figure's caption ran off the page.
    func testABalancedColumnIsNoTallerThanTheRoomItWasGiven() throws {
        // A figure first in its column is set whole, even taller than the column.
        let setter = try framesetter("<figure><img src=\"grey.jpg\" width=\"80\" height=\"120\"></figure>Coffee keys came.")
        let columns = [Rect(x: 0, y: 100, width: 100, height: 50), Rect(x: 110, y: 100, width: 100, height: 50)]
        let bands = BandSetter(framesetter: setter)
        let band = bands.fill(columns, from: 0, to: setter.text.length, carrying: .none)
        XCTAssertGreaterThan(band.bottom, columns[0].maxY + 1, "the figure reaches below the room (the case this test needs)")
        let balanced = bands.balance(band, columns: columns, from: 0, to: setter.text.length, carrying: .none)
        for frame in balanced.frames {
            XCTAssertLessThanOrEqual(frame.container.rect.maxY, columns[0].maxY + 1e-9, """
                a balanced column grew past its room to \(frame.container.rect.maxY): what reaches below it no longer \
                reads as reaching out of it
                """)
        }
        XCTAssertGreaterThan(balanced.bottom, columns[0].maxY + 1, "the band's bottom still says how far it reaches")
    }
}
