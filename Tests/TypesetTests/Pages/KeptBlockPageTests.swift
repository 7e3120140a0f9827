import Pages
import Render
import Text
import TypesetKit
import XCTest

/// Kept blocks on pages: balanced columns never split a `<keep>` schedule, and a block taller
/// than a column is warned about at its tag and set where it falls.
final class KeptBlockPageTests: XCTestCase {
    private let rows = ["Monday: 9 to 12", "Tuesday: closed", "Wednesday: 9 to 5", "Thursday: 2 to 7"]

    /// A two-column section that ends on the page (so its columns are balanced): prose of
    /// `words` words, the four-row schedule, kept or not, and more prose.
    private func schedule(words: Int, kept: Bool) -> String {
        let before = SectionTesting.paragraphs(1, seed: 7, words: words ... words)[0]
        let after = SectionTesting.paragraphs(1, seed: 8, words: 60 ... 60)[0]
        let list = rows.map { "<li>" + $0 }.joined(separator: "\n")
        return "<section columns=\"2\">\n\(before)\n" + (kept ? "<keep>\n\(list)\n</keep>\n" : "\(list)\n")
            + "\(after)\n</section>\nAfter the section.\n"
    }

    /// For each row of the schedule, the index of the frame of the first page that holds it.
    private func framesOfRows(_ markup: String) throws -> [Int?] {
        let (document, pages) = try SectionTesting.layOut(markup)
        let text = document.text.string
        return rows.map { row in
            let offset = text.utf16.distance(from: text.utf16.startIndex, to: text.range(of: row)!.lowerBound)
            return pages.first?.frames.firstIndex { $0.visibleRange.contains(offset) }
        }
    }

    func testBalancedColumnsNeverSplitAKeptSchedule() throws {
        var threePlusOne = 0
        for words in stride(from: 20, through: 120, by: 5) {
            let plain = try framesOfRows(schedule(words: words, kept: false))
            guard Set(plain).count > 1 else { continue }
            // Balancing split the schedule without <keep>; with it, the four rows share a column.
            let kept = try framesOfRows(schedule(words: words, kept: true))
            XCTAssertEqual(Set(kept).count, 1, "\(words) words: rows in frames \(kept) (without <keep>: \(plain))")
            XCTAssertNotNil(kept[0])
            if plain.filter({ $0 == plain[0] }).count == 3 { threePlusOne += 1 }
        }
        XCTAssertGreaterThan(threePlusOne, 0, "some length of prose makes balancing split the schedule 3 + 1 without <keep>")
    }

    func testBalancedColumnsNeverSplitAKeepTogetherParagraph() throws {
        let recipe = "Two cups of beans, soaked overnight; a handful of seed from the third drawer; "
            + "salt, pepper and a bay leaf; water to cover, and an hour on a low flame."
        func markup(words: Int, kept: Bool) -> String {
            let before = SectionTesting.paragraphs(1, seed: 5, words: words ... words)[0]
            let after = SectionTesting.paragraphs(1, seed: 6, words: 60 ... 60)[0]
            return "<section columns=\"2\">\n\(before)\n<p keep-together=\"\(kept)\">\(recipe)</p>\n\(after)\n</section>\n"
        }
        func frames(_ markup: String) throws -> Set<Int?> {
            let (document, pages) = try SectionTesting.layOut(markup)
            let text = document.text.string
            let start = text.utf16.distance(from: text.utf16.startIndex, to: text.range(of: "Two cups")!.lowerBound)
            let range = document.text.paragraphRange(containing: start)
            return Set(range.dropLast().map { offset in pages.first?.frames.firstIndex { $0.visibleRange.contains(offset) } })
        }
        var split = 0
        for words in stride(from: 20, through: 120, by: 5) where try frames(markup(words: words, kept: false)).count > 1 {
            let kept = try frames(markup(words: words, kept: true))
            XCTAssertEqual(kept.count, 1, "\(words) words: the paragraph is in frames \(kept)")
            XCTAssertFalse(kept.contains(nil))
            split += 1
        }
        XCTAssertGreaterThan(split, 0, "some length of prose makes balancing split the paragraph without keep-together")
    }

    func testABlockTallerThanAColumnIsWarnedAboutAtItsTagAndSplitWhereItFalls() throws {
        let tall = (1 ... 90).map { "Row \($0) of the timetable" }.joined(separator: "\n")
        let markup = "Introduction.\n  <keep>\n\(tall)\n</keep>\nAfter.\n"
        let (document, pages) = try SectionTesting.layOut(markup)
        let warnings = document.diagnostics.filter { $0.message.contains("taller than a column") }
        XCTAssertEqual(warnings.count, 1, "\(document.diagnostics)")
        let warning = try XCTUnwrap(warnings.first)
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.location?.line, 2)
        XCTAssertEqual(warning.location?.column, 3)
        XCTAssertTrue(warning.message.hasPrefix("<keep> block is taller than a column ("), warning.message)
        XCTAssertTrue(warning.message.hasSuffix(" pt); split"), warning.message)
        // Set where it falls: the first column holds the introduction and the block's first rows.
        let first = try XCTUnwrap(pages.first?.frames.first)
        XCTAssertGreaterThan(first.lines.count, 20)
    }

    func testATallKeepTogetherParagraphIsWarnedAboutAtItsText() throws {
        let long = SectionTesting.paragraphs(1, seed: 2, words: 1400 ... 1400)[0]
        let markup = "Introduction.\n<p keep-together=\"true\">\(long)</p>\n"
        let (document, _) = try SectionTesting.layOut(markup)
        let warnings = document.diagnostics.filter { $0.message.contains("taller than a column") }
        XCTAssertEqual(warnings.count, 1, "\(document.diagnostics)")
        XCTAssertEqual(warnings.first?.location?.line, 2)
        XCTAssertEqual(warnings.first?.location?.column, 25, "at the paragraph's first character")
        XCTAssertTrue(warnings.first?.message.hasPrefix("keep-together paragraph is taller than a column") ?? false)
    }

    func testABlockThatFitsIsNotWarnedAbout() throws {
        let (document, _) = try SectionTesting.layOut(schedule(words: 100, kept: true))
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
    }

    func testTheDepartmentPagesReviewHeadIsNotSplitAcrossColumns() throws {
        // Fixtures/department-page: the head opens the three-column section at the page's
        // foot, and the `<keep>` block after it does not fit below it; the head was split
        // three lines and two to keep the block whole.
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/department-page")
        let markup = try String(contentsOf: folder.appendingPathComponent("department.txt"), encoding: .utf8)
        let (document, pages) = try SectionTesting.layOut(markup, baseDirectory: folder.path) { options in
            options.page.baselineGrid = 12
            options.sheet = PrintSheet(bleed: 3 * 72 / 25.4)
            options.minimumPictureResolution = 0
        }
        let text = document.text.string
        let head = try XCTUnwrap(text.range(of: "Reviews: Self-published memoirs of small-town tradesmen, reconsidered"))
        let start = text.utf16.distance(from: text.utf16.startIndex, to: head.lowerBound)
        let end = text.utf16.distance(from: text.utf16.startIndex, to: head.upperBound)
        let holding = pages.flatMap(\.frames).filter { $0.lines.contains { $0.stringRange.overlaps(start ..< end) } }
        XCTAssertEqual(holding.count, 1, "the head's lines are in one column")
        let frame = try XCTUnwrap(holding.first)
        XCTAssertGreaterThan(frame.visibleRange.upperBound, end + 1, "the head's text follows it in its column")
    }
}
