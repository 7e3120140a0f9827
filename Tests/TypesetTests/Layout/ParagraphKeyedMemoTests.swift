@testable import Layout
import XCTest

/// The line and break memos keep their entries by paragraph, so that letting one paragraph go
/// drops its entries alone, in a step that does not look at the others: a flat table filtered
/// whole for each paragraph evicted made n figures cost n × the table (issue 40, item 10).
final class ParagraphKeyedMemoTests: XCTestCase {
    private func memo(paragraphs: Int, entriesEach: Int, budget: Int = 100_000) -> ParagraphKeyedMemo<Int, String> {
        var memo = ParagraphKeyedMemo<Int, String>(budget: budget)
        for paragraph in 0 ..< paragraphs {
            for entry in 0 ..< entriesEach { memo.insert("p\(paragraph) e\(entry)", for: paragraph * 1000 + entry, paragraph: paragraph * 10) }
        }
        return memo
    }

    func testEntriesAreFoundByParagraphAndCounted() {
        var memo = memo(paragraphs: 3, entriesEach: 4)
        XCTAssertEqual(memo.count, 12)
        XCTAssertEqual(memo[1002, paragraph: 10], "p1 e2")
        XCTAssertNil(memo[1002, paragraph: 20], "another paragraph's key")
        memo.insert("again", for: 1002, paragraph: 10)
        XCTAssertEqual(memo.count, 12, "a value replaced is not counted twice")
        XCTAssertEqual(memo[1002, paragraph: 10], "again")
    }

    func testForgettingDropsThoseParagraphsAlone() {
        var memo = memo(paragraphs: 5, entriesEach: 3)
        memo.forget(paragraph: 20)
        XCTAssertEqual(memo.count, 12)
        XCTAssertNil(memo[2000, paragraph: 20])
        XCTAssertEqual(memo[3000, paragraph: 30], "p3 e0")
        memo.forget(paragraphsBefore: 30)
        XCTAssertEqual(memo.count, 6)
        XCTAssertNil(memo[0, paragraph: 0])
        XCTAssertNil(memo[1000, paragraph: 10])
        XCTAssertEqual(memo[4002, paragraph: 40], "p4 e2")
        memo.forget(paragraph: 99)
        XCTAssertEqual(memo.count, 6, "a paragraph it does not hold")
    }

    func testPastItsBudgetItStartsAfresh() {
        var memo = memo(paragraphs: 2, entriesEach: 5, budget: 10)
        XCTAssertEqual(memo.count, 10)
        memo.insert("new", for: 7, paragraph: 70)
        XCTAssertEqual(memo.count, 1)
        XCTAssertEqual(memo[7, paragraph: 70], "new")
        XCTAssertNil(memo[0, paragraph: 0])
    }

    /// Weighed by what each value holds (the paragraph cache's breaks, by their bytes), it keeps
    /// to its budget in that unit: few large values, or many small ones.
    func testWeighedByItsValuesItKeepsToItsBudgetInTheirUnit() {
        var memo = ParagraphKeyedMemo<Int, String>(budget: 12) { $0.utf8.count }
        for key in 0 ..< 3 { memo.insert("four", for: key, paragraph: 0) }
        XCTAssertEqual([memo.count, memo.weightHeld], [3, 12])
        memo.insert("much longer", for: 3, paragraph: 10)
        XCTAssertEqual([memo.count, memo.weightHeld], [1, 11], "past the budget it starts afresh")
        memo.insert("a", for: 3, paragraph: 10)
        XCTAssertEqual([memo.count, memo.weightHeld], [1, 1], "a value replaced is weighed again")
        memo.forget(paragraph: 10)
        XCTAssertEqual([memo.count, memo.weightHeld], [0, 0])
    }
}
