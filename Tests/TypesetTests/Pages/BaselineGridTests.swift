import Foundation
import Layout
import Pages
import Text
import TypesetKit
import XCTest

/// `--baseline-grid`: every line of every column sits on a grid counted from the text area's
/// top, headings in bigger type take whole grid lines, the text is still all set once, and
/// without a grid nothing moves.
final class BaselineGridTests: XCTestCase {
    private static let step = 14.0

    private func layOut(_ file: URL, grid: Double?) throws -> PreparedDocument {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page.baselineGrid = grid
        return try Typesetter(options: options).prepare(fileAt: file.path)
    }

    /// How many grid steps `baseline` lies below the text area's top, and how far off a whole number.
    private func gridLines(_ baseline: Double, page: Int, template: PageTemplate) -> (count: Double, off: Double) {
        let lines = (baseline - template.textArea(ofPage: page).minY) / Self.step
        return (lines.rounded(), abs(lines - lines.rounded()) * Self.step)
    }

    func testZombieMagazineLinesSitOnTheGridAndHeadingsTakeWholeGridLines() throws {
        let document = try layOut(TestSupport.zombiesFile, grid: Self.step)
        var checker = PagePropertyChecker(fixture: "zombies on a grid", text: document.text)
        var checked = 0, headings = 0
        var columnsPerRow: [String: Set<Int>] = [:]   // page and grid line → columns with a baseline there
        for page in document.pages() {
            checker.check(page)
            for (frameIndex, frame) in page.frames.enumerated() {
                var previous: Double?
                // A figure kept in the column is as tall as its picture and caption, table rows as
                // their cells: the line after them goes on the grid.
                for line in frame.lines where line.box == nil && line.tableRows == nil {
                    let (count, off) = gridLines(line.origin.y, page: page.number, template: document.template)
                    XCTAssertLessThan(off, 0.01, "page \(page.number) frame \(frameIndex): baseline \(line.origin.y) is off the grid")
                    XCTAssertGreaterThanOrEqual(count, 1)
                    columnsPerRow["\(page.number) \(count)", default: []].insert(frameIndex)
                    checked += 1
                    // A line taller than the grid (a heading) moves down whole grid lines, more than one.
                    if let previous, line.height > Self.step {
                        headings += 1
                        XCTAssertGreaterThanOrEqual(line.origin.y - previous, 2 * Self.step - 0.01)
                    }
                    previous = line.origin.y
                }
            }
        }
        checker.finish()
        XCTAssertGreaterThan(checked, 300)
        XCTAssertGreaterThan(headings, 5, "the magazine's headings are taller than the grid")
        // Adjacent columns share baselines: many grid lines hold a baseline in two columns.
        XCTAssertGreaterThan(columnsPerRow.values.filter { $0.count >= 2 }.count, 100)
    }

    func testWithoutAGridTheLayoutIsUnchanged() throws {
        let plain = try layOut(TestSupport.zombiesFile, grid: nil)
        let gridded = try layOut(TestSupport.zombiesFile, grid: Self.step)
        func origins(_ document: PreparedDocument) -> [[Point]] {
            document.checkedPages().map { $0.frames.flatMap { $0.lines.map(\.origin) } }
        }
        // (The golden pages, set without a grid, check the same byte for byte.)
        let before = origins(plain)
        let again = origins(try layOut(TestSupport.zombiesFile, grid: nil))
        XCTAssertEqual(before, again)
        XCTAssertNotEqual(before, origins(gridded), "the grid moves lines")
    }

    /// A band that starts mid-page (a container whose top is off the grid) starts on the next grid line.
    func testAContainerOffTheGridStartsOnTheNextGridLine() throws {
        let document = TestSupport.parse("First paragraph of text.\nSecond one, a little longer than the first one is.",
                                         baseDirectory: NSTemporaryDirectory())
        let library = try TestSupport.makeFontLibrary()
        let fonts = try TestSupport.fontTable(for: document, library: library)
        let grid = BaselineGrid(origin: 40, step: Self.step)
        let rect = Rect(x: 30, y: 40 + 3 * Self.step + 5, width: 200, height: 300)
        let plain = Framesetter(text: document.text, fonts: fonts).frame(in: Container(rect: rect), from: 0)
        let frame = Framesetter(text: document.text, fonts: fonts).frame(in: Container(rect: rect, baselineGrid: grid), from: 0)
        XCTAssertEqual(frame.visibleRange, plain.visibleRange)
        XCTAssertEqual(frame.lines.count, plain.lines.count)
        for (line, natural) in zip(frame.lines, plain.lines) {
            let steps = (line.origin.y - grid.origin) / Self.step
            XCTAssertEqual(steps, steps.rounded(), accuracy: 1e-6)
            XCTAssertGreaterThanOrEqual(line.origin.y, natural.origin.y - 1e-9)
        }
        // The first line: the first grid line below where it would be, not one more.
        XCTAssertLessThan(frame.lines[0].origin.y - plain.lines[0].origin.y, Self.step)
    }

    func testShapedAndFloatingPagesSitOnTheGrid() throws {
        let file = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/magazine-feature/magazine-feature.txt")
        let document = try layOut(file, grid: Self.step)
        var checker = PagePropertyChecker(fixture: "magazine-feature on a grid", text: document.text)
        var checked = 0
        for page in document.pages() {
            checker.check(page)
            for frame in page.frames {
                for line in frame.lines {
                    let off = gridLines(line.origin.y, page: page.number, template: document.template).off
                    XCTAssertLessThan(off, 0.01, "page \(page.number): baseline \(line.origin.y) is off the grid")
                    checked += 1
                }
            }
        }
        checker.finish()
        XCTAssertGreaterThan(checked, 50)
    }
}
