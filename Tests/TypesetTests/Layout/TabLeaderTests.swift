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

    /// A designer's reply card, `Name(s)<TAB>` at `end right leader=_`: the tab that ended the
    /// paragraph was taken for white space at the line's end, so only `Phone<TAB>x` had its
    /// rule. A tab that ends its paragraph goes to its stop and draws its leader there, whatever
    /// white space follows it; one whose paragraph has no leader still hangs unseen.
    func testATabThatEndsItsParagraphDrawsItsLeaderToTheStop() throws {
        let rows = ["Name(s)\t", "Guests\t\u{A0}", "Date\t ", "Phone\tx"]
        let setter = try framesetter("<p tabs=\"end right leader=_\">" + rows.joined(separator: "\n") + "\n</p>", alignment: .left)
        let frame = setter.frame(in: Container(rect: Rect(x: 20, y: 0, width: 260, height: 200)), from: 0)
        XCTAssertEqual(frame.lines.count, 4)
        for (line, row) in zip(frame.lines, rows) {
            let leader = try XCTUnwrap(line.leaders.first, row)
            XCTAssertEqual(leader.leader, TabLeader.rule, row)
            XCTAssertGreaterThan(leader.minX, 15, row)
            // To the line's end, or to the text a stop's right edge ends there.
            XCTAssertGreaterThan(leader.maxX, 250, row)
            XCTAssertLessThanOrEqual(line.width, 260 + 1e-9, row)
        }
        XCTAssertEqual(frame.lines[0].width, 260, accuracy: 1e-9, "the tab goes to the stop at the line's end")
        // Without a leader the tab at the end is white space, hanging: a centred line stays centred on its word.
        let plain = try framesetter("<p tabs=\"end right\" align=\"center\">Total\t\n</p>", alignment: .left)
        let line = try XCTUnwrap(plain.frame(in: Container(rect: Rect(x: 20, y: 0, width: 260, height: 200)), from: 0).lines.first)
        XCTAssertEqual(line.leaders, [])
        XCTAssertLessThan(line.width, 40)
    }
}
