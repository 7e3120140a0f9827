import Foundation
import Markup
import Pages
@testable import TypesetKit
import XCTest

/// `typeset watch` sets again only the pages an edit reaches (`KeptPages`, `PageReuse`): the
/// pages before it are the run before's, and after an edit that keeps the text's length, so
/// are the pages from the first whose flow meets the old one's. The pages are the cold run's.
final class KeptPagesTests: XCTestCase {
    private let paragraphs = (0 ..< 24).map { number in
        "Log \(number): the keepers climbed the stair at dusk and wrote the ships into the log by lamplight, "
            + "while the town below slept behind its shutters and the bell rang once an hour.\n\n"
    }

    private var options: TypesetOptions {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page = PageTemplate(size: Size(width: 298, height: 420))
        return options
    }

    /// The pages of `text`, laid out after the runs `kept` remembers, with the frames they cost.
    private func layOut(_ text: String, keeping kept: KeptBetweenRuns?) throws -> (pages: [Page], framesSet: Int) {
        let document = try Typesetter(options: options, keptBetweenRuns: kept)
            .prepare(MarkupSource(fileName: "doc.txt", text: text), baseDirectory: NSTemporaryDirectory())
        var paginator = document.pages()
        var pages: [Page] = []
        while let page = paginator.next() { pages.append(page) }
        return (pages, paginator.framesetter.framesSet)
    }

    /// What a page shows: each line's characters and place.
    private func lines(of pages: [Page]) -> [[String]] {
        pages.map { page in
            page.frames.flatMap(\.lines).map { "\($0.stringRange) \($0.origin.x) \($0.origin.y) \($0.width)" }
        }
    }

    private func assertSetsOnlyWhatTheEditReaches(_ edited: String, setting expected: ClosedRange<Int>,
                                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let kept = KeptBetweenRuns()
        let first = try layOut(paragraphs.joined(), keeping: kept)
        XCTAssertGreaterThanOrEqual(first.pages.count, 6, file: file, line: line)
        let second = try layOut(edited, keeping: kept)
        let cold = try layOut(edited, keeping: nil)
        XCTAssertEqual(lines(of: second.pages), lines(of: cold.pages), "the pages are a cold run's", file: file, line: line)
        let reused = kept.pages.reusedByTheLastSetting
        XCTAssertTrue(expected.contains(first.pages.count - reused), "\(first.pages.count - reused) of \(first.pages.count) pages set",
                      file: file, line: line)
        XCTAssertLessThan(second.framesSet * 3, cold.framesSet, "the frames set", file: file, line: line)
    }

    func testAnEditOnTheLastPageSetsItAlone() throws {
        var edited = paragraphs
        edited[edited.count - 1] = edited[edited.count - 1].replacingOccurrences(of: "dusk", with: "dawn")
        try assertSetsOnlyWhatTheEditReaches(edited.joined(), setting: 1 ... 1)
    }

    func testAnEditOnTheFirstPageSetsThePagesUntilTheFlowMeetsTheOld() throws {
        var edited = paragraphs
        edited[0] = edited[0].replacingOccurrences(of: "dusk", with: "dawn")
        try assertSetsOnlyWhatTheEditReaches(edited.joined(), setting: 1 ... 2)
    }
}
