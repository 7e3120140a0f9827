import Foundation
import Layout
import LayoutFuzzing
import Pages
import TypesetKit
import XCTest

/// A floated picture in a band below others on its page, too short for it: it goes on to the
/// next frame (here the next page's top) rather than reach below its band, as the layout
/// fuzzer found it doing (Fixtures/layout-fuzz/float-taller-than-band.txt).
final class FloatInShortBandTests: XCTestCase {
    func testAFloatTallerThanItsBandMovesOnInsteadOfReachingBelowIt() throws {
        let fixture = try LayoutFuzzChecking.fixture("float-taller-than-band.txt")
        let options = fixture.options.typesetOptions(fontsDirectory: TestSupport.fontsDirectory)
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: fixture.markup),
                                                               baseDirectory: TestSupport.zombiesDirectory.path)
        let pages = document.checkedPages()
        let frames = pages.flatMap(\.frames)
        let floated = frames.filter { !$0.floats.isEmpty }
        XCTAssertEqual(floated.flatMap(\.floats).count, 1, "the picture is placed once")
        for frame in floated {
            for float in frame.floats {
                XCTAssertLessThanOrEqual(float.rect.maxY, frame.container.rect.maxY + 0.5,
                                         "the picture \(float.rect) reaches below its frame \(frame.container.rect)")
                // On a page of its own after the text, in the columns of its section.
                XCTAssertLessThanOrEqual(float.rect.maxX, frame.container.rect.maxX + 0.5,
                                         "the picture \(float.rect) is wider than its frame \(frame.container.rect)")
            }
        }
    }
}
