@testable import Layout
import XCTest

/// The cursor's gives, taken stretch after stretch as the line breaker takes them, or jumping
/// back and ahead, are those of each stretch summed alone, to the bit.
final class GiveCursorTests: FramesetterTestCase {
    private func bits(_ gives: JustificationGives) -> [UInt64] {
        [gives.spaces, gives.letters, gives.glyphs].flatMap { [$0.stretch.bitPattern, $0.shrink.bitPattern] }
    }

    private func assertCursorMatchesEachStretchAlone(_ markup: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let paragraph = try framesetter(markup).cache.paragraph(containing: 0)
        let glyphCount = paragraph.glyphIDs.count
        var random = SplitMix(seed: 17)
        var cursor = GiveCursor(paragraph: paragraph)
        var start = 0, stretches = 0
        while stretches < 2_000 {
            // Mostly the next stretch, one to a dozen glyphs on; now and then a jump anywhere.
            if random.next() % 8 == 0 { start = Int(random.next() % UInt64(glyphCount + 1)) }
            let end = min(glyphCount, start + Int(random.next() % 13))
            let expected = JustificationGives(paragraph: paragraph, glyphs: start ..< end)
            XCTAssertEqual(bits(cursor.gives(of: start ..< end)), bits(expected), "glyphs \(start) ..< \(end)", file: file, line: line)
            start = end == glyphCount ? 0 : end
            stretches += 1
        }
    }

    func testOneRunOfProse() throws {
        try assertCursorMatchesEachStretchAlone(String(repeating: "Nobody is panicking any more, and the sirens are off. ", count: 40))
    }

    func testRunsOfAlternatingSizesAndPictures() throws {
        // Each run's letters give by its own size; a picture gives nothing.
        try assertCursorMatchesEachStretchAlone((0 ..< 300).map {
            $0 % 50 == 7 ? "<img src=\"\(TestSupport.imagePath("rgb8.png"))\" width=\"20\">"
                : #"<font size="\#($0 % 3 == 0 ? 9 : 12)">word\#($0) x</font>"#
        }.joined(separator: " "))
    }
}
