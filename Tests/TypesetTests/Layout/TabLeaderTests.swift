import Foundation
@testable import Layout
import Markup
import Text
import XCTest

/// Tab leaders (`tabs="end right leader=."`): the stop read with its leader, the room each tab
/// takes kept on its line, and the marks on one pitch from the page's edge for every line.
final class TabLeaderTests: FramesetterTestCase {
    func testAStopIsReadWithItsLeader() {
        let document = TestSupport.parse("<p tabs=\"100 leader=-, 200 decimal, end right leader=_\">a\tb\tc\n</p>")
        XCTAssertEqual(document.diagnostics, [])
        let stops = document.text.paragraphStyle(at: 0).tabStops
        XCTAssertEqual(stops.map { $0.leader }, [TabLeader.dashes, nil, .rule])
        XCTAssertEqual(stops.map { $0.alignment }, [TabAlignment.left, .decimal, .right])
        let bad = TestSupport.parse("<p tabs=\"end right leader=x\">a\tb\n</p>")
        XCTAssertEqual(bad.diagnostics.map(\.severity), [.error], "\(bad.diagnostics)")
        XCTAssertTrue(bad.diagnostics.first?.message.contains("a leader is leader=. (dots)") == true, "\(bad.diagnostics)")
        XCTAssertEqual(bad.diagnostics.first?.location?.column, 10)
    }

    func testALeaderFillsItsTabsRoomOnAPitchSharedByTheLines() throws {
        let framesetter = try framesetter("<p tabs=\"200 right leader=., 260\" hyphenate=\"false\">The eel year\t3\tx\nSalt from the Sea\t15\n</p>",
                                          alignment: .left)
        let frame = framesetter.frame(in: Container(rect: Rect(x: 37, y: 0, width: 300, height: 200)), from: 0)
        let lines = frame.lines.filter { !$0.leaders.isEmpty }
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(frame.lines.flatMap(\.leaders).count, 2, "the stop without a leader has none")
        var centres: [[Double]] = []
        for line in lines {
            let leader = try XCTUnwrap(line.leaders.first)
            XCTAssertEqual(leader.leader, TabLeader.dots)
            XCTAssertEqual(leader.fontSize, 11)
            // From the end of the title (some 60 pt of 11 pt text) to the number, which ends at the stop.
            XCTAssertGreaterThan(leader.minX, 50)
            XCTAssertLessThan(leader.maxX, 200)
            XCTAssertGreaterThan(leader.maxX, 180)
            let marks = leader.markCentres(lineX: line.origin.x)
            XCTAssertFalse(marks.isEmpty)
            for mark in marks {
                XCTAssertEqual((mark / (LineLeader.pitch * 11)).rounded() * LineLeader.pitch * 11, mark, accuracy: 1e-9, "on the pitch")
                XCTAssertGreaterThanOrEqual(mark, line.origin.x + leader.minX + LineLeader.pitch * 11 / 2 - 1e-9)
                XCTAssertLessThanOrEqual(mark, line.origin.x + leader.maxX - LineLeader.pitch * 11 / 2 + 1e-9)
            }
            centres.append(marks)
        }
        // The shorter title's dots start further left and end where the other line's do.
        XCTAssertEqual(centres[0].last ?? 0, centres[1].last ?? 1, accuracy: LineLeader.pitch * 11 + 1e-9)
        XCTAssertGreaterThan(centres[0].count, centres[1].count)
    }
}
