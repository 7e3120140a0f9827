import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// An issue of included articles (`Fixtures/issue`) laid out: continuous page numbers, an
/// opener moved to a right-hand page by a blank page, each article's title in its pages'
/// running heads, and each article giving the same pages alone as in the issue.
final class IssuePagesTests: XCTestCase {
    private var fixture: URL { TestSupport.repositoryRoot.appendingPathComponent("Fixtures/issue") }

    /// The fixture's pages as its README says they are set (A4, facing pages), and its text.
    private func typeset(_ name: String) throws -> (pages: [Page], text: AttributedText) {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page.margins = Margins.facing(margin: options.page.margins.top)
        options.page.facing = true
        // An article alone imports the house sheet from the issue's folder.
        options.imageRoot = fixture.path
        let document = try Typesetter(options: options).prepare(fileAt: fixture.appendingPathComponent(name).path)
        return (Array(document.pages()), document.text)
    }

    /// What a page prints of the text: each line's characters and where it is.
    private func lines(of page: Page, in text: AttributedText) -> [String] {
        let string = text.string as NSString
        return page.frames.flatMap(\.lines).map { line in
            let range = NSRange(location: line.stringRange.lowerBound, length: line.stringRange.count)
            return "\(string.substring(with: range)) @ \(Int((line.origin.x * 100).rounded())) \(Int((line.origin.y * 100).rounded()))"
        }
    }

    /// The running heads' text of a page.
    private func heads(of page: Page) -> String {
        page.furniture?.text.string.replacingOccurrences(of: "\n", with: " | ") ?? ""
    }

    func testTheIssuesPagesNumberOnAndAnOpenerIsOnARightHandPage() throws {
        let issue = try typeset("issue.txt")
        XCTAssertEqual(issue.pages.map(\.number), Array(1 ... issue.pages.count))
        let blank = issue.pages.filter(\.isBlankForParity)
        XCTAssertEqual(blank.map(\.number), [2], "the eels' opener goes to page 3")
        XCTAssertTrue(blank[0].frames.isEmpty && blank[0].furniture == nil && blank[0].masterItems.isEmpty)
        let openers = issue.pages.filter { $0.master?.name == "opener" }
        XCTAssertEqual(openers.map(\.article?.title), ["The Eel Year", "Salt from the Sea", "The Heron at Hobb's Cut"])
        XCTAssertTrue(openers.prefix(2).allSatisfy { $0.number % 2 == 1 }, "parity=\"odd\": \(openers.map(\.number))")
        for page in issue.pages where page.master?.name == "feature" {
            XCTAssertEqual(heads(of: page), "\(page.article?.title ?? "?") | \(page.number)", "page \(page.number)")
        }
        // The contents and the references on page 1 name the pages their targets are on.
        func page(starting text: String) throws -> Int {
            try XCTUnwrap(issue.pages.dropFirst().first { lines(of: $0, in: issue.text).contains { $0.hasPrefix(text) } }?.number, text)
        }
        let caption = (issue.text.string as NSString).range(of: "A glass eel:").location
        let glassEel = try XCTUnwrap(issue.pages.first { $0.frames.contains { $0.visibleRange.contains(caption) } }?.number)
        let (eels, salt, heron) = try (page(starting: "The Eel Year"), page(starting: "Salt from the Sea"), page(starting: "The Heron at Hobb"))
        XCTAssertEqual([eels, glassEel, salt, heron], [3, 3, 5, 6], "as the README says")
        let first = lines(of: issue.pages[0], in: issue.text).map { $0.components(separatedBy: " @ ")[0] }.joined(separator: " ")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for printed in ["from page \(eels), with the glass eel drawn on page \(glassEel).", "(page \(salt))", "(page \(heron))",
                        "The Eel Year \(eels)", "Salt from the Sea \(salt)", "The Heron at Hobb's Cut \(heron)"] {
            XCTAssertTrue(first.contains(printed), "\(printed) in \(first)")
        }
    }

    /// `{title}` and `{author}` print the article's on its pages, the issue's on the issue's own,
    /// in the heads set on each page and in those set after the last page alike.
    func testTheHeadsPrintTheArticlesTitleAndAuthor() throws {
        let directory = try makeFolder([
            "issue.txt": "<meta title=\"Almanac\" author=\"The editors\" header=\"{title}|{author}\">\nThe issue.\n<pagebreak>\n"
                + "<include src=\"ice.txt\">\n<pagebreak>\nThe issue again.\n",
            "ice.txt": "<meta title=\"Ice\" author=\"Ada\">\nThe shelf broke.\n<pagebreak>\nThe bay opened.\n",
        ])
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.headerOnFirstPage = true
        let document = try Typesetter(options: options).prepare(fileAt: directory.appendingPathComponent("issue.txt").path)
        let expected = ["Almanac | The editors", "Ice | Ada", "Ice | Ada", "Almanac | The editors"]
        XCTAssertEqual(Array(document.pages()).map { heads(of: $0) }, expected)
        let after = Array(document.pages(runningHeadsAfterTheLastPage: true)).filter(\.holdsOnlyRunningHeads)
        XCTAssertEqual(after.map { heads(of: $0) }, expected)
    }

    /// Where the masters and the parity agree (an article opening on a right-hand page, as it
    /// does alone on page 1), its pages in the issue are its pages alone: the same lines in the
    /// same places. Only the folios differ.
    func testEachArticleGivesTheSamePagesAloneAsInTheIssue() throws {
        let issue = try typeset("issue.txt")
        for (path, title) in [("articles/eels/eels.txt", "The Eel Year"), ("articles/salt/salt.txt", "Salt from the Sea")] {
            let alone = try typeset(path)
            let pagesInIssue = issue.pages.drop { $0.article?.title != title }.prefix(alone.pages.count)
            XCTAssertFalse(alone.pages.isEmpty)
            XCTAssertEqual(pagesInIssue.count, alone.pages.count, title)
            for (own, issued) in zip(alone.pages, pagesInIssue) {
                XCTAssertEqual(lines(of: own, in: alone.text), lines(of: issued, in: issue.text), "\(title): page \(own.number) alone, \(issued.number) in the issue")
                XCTAssertEqual(own.master?.name, issued.master?.name)
                XCTAssertEqual(heads(of: own).split(separator: "|").first, heads(of: issued).split(separator: "|").first, "the same title")
            }
        }
    }
}
