import Foundation
import Layout
import LayoutFuzzing
import Pages
import TypesetKit
import XCTest

/// Below another band on its page, a column whose first line, box or float reaches below its
/// foot waits for the next page instead, as the layout fuzzer found them reaching past it
/// (BandSetter.fill(belowAnotherBand:)). Every page is checked by the page checker.
final class ColumnBelowAnotherBandTests: XCTestCase {
    private func frames(ofFixture name: String) throws -> [Frame] {
        let fixture = try LayoutFuzzChecking.fixture(name)
        let options = fixture.options.typesetOptions(fontsDirectory: TestSupport.fontsDirectory)
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: fixture.markup),
                                                               baseDirectory: TestSupport.zombiesDirectory.path)
        return document.checkedPages().flatMap(\.frames)
    }

    private func assertEveryFrameHoldsWhatItSets(_ frames: [Frame], file: StaticString = #filePath, line: UInt = #line) {
        for frame in frames {
            let rect = frame.container.rect
            XCTAssertLessThanOrEqual(rect.minY + frame.usedHeight, rect.maxY + 0.001,
                                     "the frame at \(rect) sets what reaches below it", file: file, line: line)
        }
    }

    /// inline-picture-line-taller-than-second-column-below-band.txt: the second column's first
    /// line holds a picture taller than the room left below the headline band.
    func testASecondColumnsFirstLineTooTallForTheRoomLeftWaitsForTheNextPage() throws {
        let frames = try frames(ofFixture: "inline-picture-line-taller-than-second-column-below-band.txt")
        assertEveryFrameHoldsWhatItSets(frames)
        let picture = try XCTUnwrap(frames.firstIndex { $0.lines.contains { $0.runs.contains { $0.attributes.image != nil } } })
        XCTAssertEqual(frames[picture].container.rect.minY, 28, accuracy: 0.001, "the picture's line opens the next page")
    }

    /// aside-float-taller-than-room-below-section.txt and float-after-section-at-page-foot.txt:
    /// a float first in its column, taller than the room left below a section.
    func testAFloatFirstInItsColumnTooTallForTheRoomLeftWaitsForTheNextPage() throws {
        for name in ["aside-float-taller-than-room-below-section.txt", "float-after-section-at-page-foot.txt"] {
            let frames = try frames(ofFixture: name)
            assertEveryFrameHoldsWhatItSets(frames)
            XCTAssertFalse(frames.flatMap(\.floats).isEmpty, "\(name): the float is placed")
        }
    }
}
