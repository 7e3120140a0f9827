@testable import Layout
import Text
import XCTest

/// A paragraph of thousands of style runs (a link or a size change on every word): each line,
/// wherever it falls in the paragraph, is built from exactly the attribute runs of its text.
final class ManyRunsLineTests: FramesetterTestCase {
    private func assertEveryLineHasTheRunsOfItsText(_ markup: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let setter = try framesetter(markup)
        let text = setter.text
        var position = 0, lines = 0
        var carry = FlowCarry.none
        while position < text.length {
            let result = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 300, height: 700)), from: position, carrying: carry)
            let frame = result.frame
            carry = result.carry
            for setLine in frame.lines {
                let drawn = setLine.runs.filter { !$0.glyphIDs.isEmpty || $0.runDelegate != nil }
                for run in drawn {
                    // The run's characters carry the run's attributes, and only those.
                    let underneath = text.attributeRuns(in: run.stringRange)
                    XCTAssertEqual(underneath.count, 1, "run \(run.stringRange)", file: file, line: line)
                    XCTAssertEqual(underneath.first?.attributes, run.attributes, "run \(run.stringRange)", file: file, line: line)
                }
                // Every word of the line is drawn by a run of its own: none dropped, none from elsewhere.
                let words = text.substring(setLine.stringRange).split(separator: " ").map(String.init)
                let runWords = drawn.map { text.substring($0.stringRange) }.filter { $0.trimmingCharacters(in: .whitespacesAndNewlines) != "" }
                XCTAssertEqual(runWords.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }, words.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) },
                               "line \(setLine.stringRange)", file: file, line: line)
                lines += 1
            }
            XCTAssertGreaterThan(frame.visibleRange.upperBound, position, file: file, line: line)
            position = frame.visibleRange.upperBound
        }
        XCTAssertGreaterThan(lines, 100, file: file, line: line)
    }

    func testLinksOnOneLongParagraph() throws {
        try assertEveryLineHasTheRunsOfItsText((0 ..< 3_000).map { #"<a href="https://example.com/\#($0)">w\#($0)</a>"# }
            .joined(separator: " "))
    }

    func testAlternatingSizesOnOneLongParagraph() throws {
        try assertEveryLineHasTheRunsOfItsText((0 ..< 3_000).map { #"<font size="\#($0 % 2 == 0 ? 9 : 12)">x\#($0)</font>"# }
            .joined(separator: " "))
    }

    func testTheStyleRunIndexOfEveryCharacterIsTheRunHoldingIt() throws {
        let setter = try framesetter((0 ..< 200).map { #"<font size="\#($0 % 2 == 0 ? 9 : 12)">x\#($0)</font>"# }
            .joined(separator: " "))
        let paragraph = setter.cache.paragraph(containing: 0)
        XCTAssertGreaterThan(paragraph.styleRuns.count, 100)
        for offset in paragraph.range.lowerBound - 1 ... paragraph.range.upperBound {
            let holding = paragraph.styleRuns.firstIndex { $0.range.contains(offset) }
            XCTAssertEqual(paragraph.styleRunIndex(containing: offset), holding, "offset \(offset)")
            XCTAssertEqual(paragraph.styleRun(containing: offset)?.range, holding.map { paragraph.styleRuns[$0].range })
        }
    }

    /// Lines look only at their own style runs: the runs visited setting the whole paragraph
    /// are about its runs plus its lines, not runs × lines (each line walked every run before).
    func testLinesVisitTheStyleRunsOfThemselvesOnly() throws {
        var visited: [Int] = []
        for count in [1_000, 2_000, 4_000] {
            let setter = try framesetter((0 ..< count).map { #"<a href="https://example.com/\#($0)">w\#($0)</a>"# }
                .joined(separator: " "))
            let paragraph = setter.cache.paragraph(containing: 0)
            var position = 0, lines = 0
            var carry = FlowCarry.none
            while position < setter.text.length {
                let result = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 300, height: 700)), from: position, carrying: carry)
                let frame = result.frame
                carry = result.carry
                lines += frame.lines.count
                position = frame.visibleRange.upperBound
            }
            // Columns end where their paragraphs allow, so a few lines are built twice.
            XCTAssertLessThanOrEqual(paragraph.styleRunsVisited, 2 * (paragraph.styleRuns.count + lines), "\(count) links")
            visited.append(paragraph.styleRunsVisited)
        }
        XCTAssertLessThan(Double(visited[2]) / Double(visited[0]), 5, "\(visited)")
    }
}
