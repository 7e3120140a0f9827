import Foundation
import TypesetKit
import XCTest

/// Running heads set after the last page (a PDF's, laid over their pages by the finishing step)
/// are the heads each page gets when they are set on it: the same parts, lines and places, the
/// count `{pages}` prints included, and without the parts an element bleeding over the margin
/// covers.
final class RunningHeadsAfterTheLastPageTests: XCTestCase {
    private func prepare(_ markup: String, bleed: Double = 0) throws -> PreparedDocument {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.minimumPictureResolution = 0
        options.sheet = PrintSheet(bleed: bleed)
        options.title = "The Night Watch"
        options.header = try RunningTemplate(parsing: "{title}||{page}")
        options.headerOnFirstPage = true
        options.footer = try RunningTemplate(parsing: "{page} of {pages}")
        return try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup),
                                                        baseDirectory: TestSupport.zombiesDirectory.path)
    }

    private static let paragraphs = (1 ... 150).map {
        "Paragraph \($0). The night watch walks the length of Mill Lane twice an hour, lantern in hand, and writes down what it sees."
    }.joined(separator: "\n")

    /// Each line of the heads as text and place.
    private func lines(_ furniture: PageFurniture?) -> [String] {
        (furniture?.frames ?? []).flatMap(\.lines).map { line in
            "\(furniture!.text.substring(line.stringRange)) at \(line.origin.x), \(line.origin.y) width \(line.width)"
        }
    }

    /// The pages set with their heads on each, and set with them after the last page.
    private func bothPlacements(of document: PreparedDocument) -> (onEachPage: [Page], afterTheLastPage: [Page]) {
        (Array(document.pages()), Array(document.pages(runningHeadsAfterTheLastPage: true)))
    }

    func testThePagesComeFirstWithoutHeadsThenEachPagesHeadsInOrder() throws {
        let (onEachPage, afterTheLastPage) = bothPlacements(of: try prepare(Self.paragraphs))
        let count = onEachPage.count
        XCTAssertGreaterThanOrEqual(count, 3)
        XCTAssertEqual(afterTheLastPage.count, 2 * count, "every page has heads")
        let pages = afterTheLastPage.prefix(count), heads = afterTheLastPage.suffix(count)
        XCTAssertTrue(pages.allSatisfy { $0.furniture == nil && !$0.holdsOnlyRunningHeads })
        XCTAssertEqual(pages.map(\.number), Array(1 ... count))
        XCTAssertEqual(pages.map { $0.frames.flatMap(\.lines).count }, onEachPage.map { $0.frames.flatMap(\.lines).count })
        XCTAssertTrue(heads.allSatisfy { $0.holdsOnlyRunningHeads && $0.frames.isEmpty && $0.pictures.isEmpty })
        XCTAssertEqual(heads.map(\.number), Array(1 ... count))
        for (inline, later) in zip(onEachPage, heads) {
            XCTAssertEqual(lines(later.furniture), lines(inline.furniture), "page \(inline.number)")
            XCTAssertTrue(lines(later.furniture).contains { $0.hasPrefix("\(inline.number) of \(count) at") })
        }
    }

    func testAHeadABleedingPictureCoversIsLeftOutAfterTheLastPageToo() throws {
        let markup = "<img src=\"rocket.jpg\" float=\"top\" span=\"all\" bleed=\"true\" alt=\"\">" + Self.paragraphs
        let (onEachPage, afterTheLastPage) = bothPlacements(of: try prepare(markup, bleed: 3 * 72 / 25.4))
        let heads = afterTheLastPage.filter(\.holdsOnlyRunningHeads)
        XCTAssertEqual(heads.count, onEachPage.count)
        XCTAssertEqual(lines(heads[0].furniture).count, 1, "the picture over the top margin takes the header: the footer is left")
        for (inline, later) in zip(onEachPage, heads) {
            XCTAssertEqual(lines(later.furniture), lines(inline.furniture), "page \(inline.number)")
        }
    }

    func testAPageWhoseHeadsPrintNothingHasNoPageOfHeads() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.header = try RunningTemplate(parsing: "||{page} of {pages}")
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: Self.paragraphs), baseDirectory: "/")
        let pages = Array(document.pages(runningHeadsAfterTheLastPage: true))
        let count = pages.filter { !$0.holdsOnlyRunningHeads }.count
        XCTAssertEqual(pages.filter(\.holdsOnlyRunningHeads).map(\.number), Array(2 ... count), "the first page has no header")
    }
}
