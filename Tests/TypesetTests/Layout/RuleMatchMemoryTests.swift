import CMalloc
import Foundation
import TypesetKit
import XCTest

/// One `<rule>` matching n times restyles its paragraph into a style run a match (issue 40,
/// item 9): every stage after parsing (layout's items, a paragraph's style runs, a line's glyph
/// runs) copied each run's attributes, about a kilobyte and a half, and 800,000 matches took
/// 1.36 GB. They share the text's one copy now. The pages laid out of n matches, with the
/// paragraph cache they fill, are counted in bytes of heap: under 1,500 a match (some 700
/// measured, from 2,000 to 8,000 matches), and at most 2.6 times as many a doubling of the
/// matches (linear is 2; 1.94 measured).
final class RuleMatchMemoryTests: XCTestCase {
    /// Bytes of heap in use, small blocks and mapped ones (a large array is mapped).
    private func heapInUse() -> Int {
        let info = mallinfo2()
        return Int(info.uordblks + info.hblkhd)
    }

    /// The heap the laid-out pages of a paragraph of `matches` matches hold.
    private func bytesHeld(matches: Int) throws -> Int {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let markup = "<rule pattern=\"[ac]\" color=\"red\"/>\n" + String(repeating: "abc ", count: matches / 2) + "\n"
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup),
                                                               baseDirectory: FileManager.default.currentDirectoryPath)
        let before = heapInUse()
        let pages = Array(document.pages())
        let held = heapInUse() - before
        withExtendedLifetime((document, pages)) {}
        return held
    }

    func testARulesMatchesHoldFewBytesEach() throws {
        try Sanitizers.skipIfActive("AddressSanitizer's allocator is not malloc's: mallinfo2 counts none of its blocks")
        let matches = [2_000, 4_000, 8_000]
        let held = try matches.map { try bytesHeld(matches: $0) }
        let perMatch = zip(held, matches).map { Double($0) / Double($1) }
        let perDoubling = (Double(held[2]) / Double(held[0])).squareRoot()
        XCTAssertLessThanOrEqual(perDoubling, 2.6, "bytes held \(held) for \(matches) matches")
        XCTAssertLessThan(perMatch.max()!, 1_500, "bytes a match \(perMatch)")
    }
}
