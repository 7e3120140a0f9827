import Foundation
import TypesetKit
import XCTest

/// `--layout-json`: the layout of the pages the writer drew, as docs/layout-json.md describes it.
final class LayoutJSONTests: XCTestCase {
    /// The JSON's parts the tests read, decoded as a tool would.
    private struct Document: Decodable {
        var version: Int
        var textLength: Int
        var pages: [Page]
    }

    private struct Page: Decodable {
        var number: Int
        var size: [String: Double]
        var frames: [Frame]
        var runningHeads: RunningHeads?
    }

    private struct RunningHeads: Decodable {
        var text: String
        var frames: [Frame]
    }

    private struct Frame: Decodable {
        var stringRange: [Int]
        var lines: [Line]
        var floats: [Float]?
    }

    private struct Float: Decodable {
        var anchor: Int
    }

    private struct Line: Decodable {
        var stringRange: [Int]
        var origin: [String: Double]
        var runs: [Run]
    }

    private struct Run: Decodable {
        var stringRange: [Int]
        var direction: String
        var font: [String: FontField]
        var glyphs: [[Double]]
    }

    private enum FontField: Decodable {
        case name(String), size(Double)

        init(from decoder: Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let size = try? value.decode(Double.self) { self = .size(size) } else { self = .name(try value.decode(String.self)) }
        }
    }

    /// Every line of every frame of `input`'s layout JSON, as JSON objects, page after page.
    private func laidOutLines(of input: URL, in directory: URL) throws -> [[String: Any]] {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let json = directory.appendingPathComponent("layout.json")
        options.layoutJSONPath = json.path
        _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: directory.appendingPathComponent("layout.pdf").path)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let pages = try XCTUnwrap(root["pages"] as? [[String: Any]])
        return pages.flatMap { ($0["frames"] as? [[String: Any]] ?? []).flatMap { $0["lines"] as? [[String: Any]] ?? [] } }
    }

    private func typesetZombies(into directory: URL) throws -> (TypesetReport, URL) {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let json = directory.appendingPathComponent("zombies.json")
        options.layoutJSONPath = json.path
        let report = try Typesetter(options: options).typeset(inputPath: TestSupport.zombiesFile.path,
                                                              outputPath: directory.appendingPathComponent("zombies.pdf").path)
        return (report, json)
    }

    func testTheZombieMagazineHasOneEntryPerPageWithOrderedLinesAndEveryGlyph() throws {
        let directory = try makeTemporaryDirectory()
        let (report, json) = try typesetZombies(into: directory)
        let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: json))
        XCTAssertEqual(document.version, 1)
        XCTAssertEqual(document.pages.count, report.pageCount)
        if let info = TestSupport.runTool("/usr/bin/pdfinfo", [directory.appendingPathComponent("zombies.pdf").path]),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("Pages:") }) {
            XCTAssertEqual(document.pages.count, Int(line.split(separator: " ").last!), "pages in the PDF")
        }
        XCTAssertEqual(document.pages.map(\.number), Array(1 ... report.pageCount))

        // Lines in reading order: each starts where the one before ended (past the paragraphs
        // of figures and asides placed elsewhere), all inside the text.
        let partition = FramePartition(text: try TestSupport.parseZombies().text)
        // (Figures that did not fit in their column open the next one, as floats.)
        let waiting = Set(document.pages.flatMap(\.frames).flatMap { $0.floats ?? [] }.map(\.anchor))
        var position = 0
        for line in document.pages.flatMap(\.frames).flatMap(\.lines) {
            XCTAssertEqual(line.stringRange[0], partition.passingBoxes(position, alsoPassing: waiting))
            XCTAssertLessThanOrEqual(line.stringRange[0], line.stringRange[1])
            XCTAssertLessThanOrEqual(line.stringRange[1], document.textLength)
            for run in line.runs {
                XCTAssertTrue(run.stringRange[0] >= line.stringRange[0] && run.stringRange[1] <= line.stringRange[1])
                XCTAssertTrue(["ltr", "rtl"].contains(run.direction))
                for glyph in run.glyphs {
                    XCTAssertEqual(glyph.count, 4)
                    XCTAssertTrue(glyph[3] == -1 || (run.stringRange[0] ..< run.stringRange[1]).contains(Int(glyph[3])))
                }
            }
            position = line.stringRange[1]
        }
        XCTAssertEqual(partition.passingBoxes(position, alsoPassing: waiting), document.textLength)

        // The glyphs are those of the pages laid out anew, page by page.
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let pages = try Typesetter(options: options).prepare(fileAt: TestSupport.zombiesFile.path).checkedPages()
        XCTAssertEqual(pages.count, document.pages.count)
        for (page, entry) in zip(pages, document.pages) {
            let glyphs = page.frames.flatMap(\.lines).flatMap(\.runs).map(\.glyphIDs.count)
            let written = entry.frames.flatMap(\.lines).flatMap(\.runs).map(\.glyphs.count)
            XCTAssertEqual(written, glyphs, "page \(page.number)")
            XCTAssertEqual(entry.size["width"]!, page.size.width, accuracy: 0.005)
        }
    }

    /// Two pages of a line each (the zombie magazine took 2.5 s of the suite to say the same).
    func testRunningHeadsAreInThePageWithTheirOwnText() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("heads.txt")
        try write("The first page.\n<pagebreak>\nThe second page.\n", to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let json = directory.appendingPathComponent("heads.json")
        options.layoutJSONPath = json.path
        options.footer = try RunningTemplate(parsing: "Page {page}")
        _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: directory.appendingPathComponent("heads.pdf").path)
        let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: json))
        XCTAssertEqual(document.pages.count, 2)
        let heads = try XCTUnwrap(document.pages.last?.runningHeads)
        XCTAssertTrue(heads.text.contains("Page 2"), heads.text)
        XCTAssertEqual(heads.frames.count, 1)
    }

    func testTheSameDocumentGivesTheSameBytes() throws {
        let first = try makeTemporaryDirectory(), second = try makeTemporaryDirectory()
        let (_, a) = try typesetZombies(into: first)
        let (_, b) = try typesetZombies(into: second)
        XCTAssertEqual(try Data(contentsOf: a), try Data(contentsOf: b))
        // One page to a line, keys sorted: the file starts with the first page's frames.
        let text = try String(contentsOf: a, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("{\"pages\":[\n{\"frames\":[{\"floats\":[],\"lines\":[{\"ascent\":"), String(text.prefix(80)))
        XCTAssertTrue(text.hasSuffix("\n],\"textLength\":\(try JSONDecoder().decode(Document.self, from: Data(contentsOf: a)).textLength),\"version\":1}\n"))
    }

    func testAFailedDocumentLeavesAnExistingJSONAlone() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("bad.txt")
        try write("A <font color=\"reddish\">bad</font> line.", to: input)
        let json = directory.appendingPathComponent("bad.json")
        try write("the previous layout", to: json)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.layoutJSONPath = json.path
        XCTAssertThrowsError(try Typesetter(options: options).typeset(inputPath: input.path,
                                                                      outputPath: directory.appendingPathComponent("bad.pdf").path))
        XCTAssertEqual(try String(contentsOf: json, encoding: .utf8), "the previous layout")
        XCTAssertEqual(try contentsOfDirectory(directory), ["bad.json", "bad.txt"])
    }

    func testTheJSONMayNotOverwriteTheInput() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("Brains.", to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.layoutJSONPath = input.path
        XCTAssertThrowsError(try Typesetter(options: options).typeset(inputPath: input.path,
                                                                      outputPath: directory.appendingPathComponent("doc.pdf").path))
        XCTAssertEqual(try String(contentsOf: input, encoding: .utf8), "Brains.")
    }

    /// Table rows in the JSON: the line holds the rows (no runs), each cell with its place in
    /// the grid, its spans, its text's range, its bounds and its text's frame inside them.
    func testTableCellsAreInTheirLinesWithTheirBoundsAndFrames() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("table.txt")
        try write("""
            <table header-rows="1">
            <tr><th>Period</th><th align="decimal">Days</th></tr>
            <tr><td rowspan="2">1871–1920, a cell whose text wraps onto lines of its own</td><td align="decimal">108.5</td></tr>
            <tr><td align="decimal">61</td></tr>
            <tr><td colspan="2">Across both columns</td></tr>
            </table>

            """, to: input)
        let lines = try laidOutLines(of: input, in: directory)
        let tables = lines.compactMap { $0["table"] as? [String: Any] }
        XCTAssertEqual(tables.compactMap { $0["rows"] as? [Int] }, [[0, 1], [1, 3], [3, 4]], "the rowspan's rows one line")
        for line in lines where line["table"] != nil { XCTAssertEqual((line["runs"] as? [Any])?.count ?? 0, 0) }
        let cells = tables.flatMap { $0["cells"] as? [[String: Any]] ?? [] }
        XCTAssertEqual(cells.count, 6)
        func number(_ value: Any?) -> Double { (value as? NSNumber)?.doubleValue ?? .nan }
        for cell in cells {
            let bounds = try XCTUnwrap(cell["bounds"] as? [String: Any])
            let frame = try XCTUnwrap(cell["frame"] as? [String: Any])
            XCTAssertEqual(cell["stringRange"] as? [Int], frame["stringRange"] as? [Int], "the cell's text is its frame's")
            for line in frame["lines"] as? [[String: Any]] ?? [] {
                let origin = try XCTUnwrap(line["origin"] as? [String: Any])
                XCTAssertGreaterThan(number(origin["y"]), number(bounds["y"]))
                XCTAssertLessThan(number(origin["y"]), number(bounds["y"]) + number(bounds["height"]), "each line inside its cell")
                XCTAssertGreaterThanOrEqual(number(origin["x"]), number(bounds["x"]) - 0.01)
            }
        }
        let spanning = try XCTUnwrap(cells.first { ($0["rowSpan"] as? Int) == 2 })
        XCTAssertEqual(spanning["row"] as? Int, 1)
        XCTAssertEqual(spanning["column"] as? Int, 0)
        XCTAssertEqual(cells.first { ($0["columnSpan"] as? Int) == 2 }?["row"] as? Int, 3)
        XCTAssertEqual(cells.filter { ($0["header"] as? Bool) == true }.count, 2)
    }

    /// A tab's leader is in its line, where it is drawn: between a left-to-right contents
    /// line's title and its number, and in a right-to-left one between the number (at the left)
    /// and the title (at the right), where the bidi order put the tab.
    func testLeadersAreInTheirLinesInEitherDirection() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("contents.txt")
        try write("""
            <p tabs="end right leader=." hyphenate="false" align="left">The eel year\t3
            </p><p dir="rtl" tabs="end right leader=." hyphenate="false">שנת הצלופחים\t7
            </p>

            """, to: input)
        let lines = try laidOutLines(of: input, in: directory)
        XCTAssertEqual(lines.count, 2)
        func number(_ value: Any?) -> Double { (value as? NSNumber)?.doubleValue ?? .nan }
        for (index, line) in lines.enumerated() {
            let leaders = try XCTUnwrap(line["leaders"] as? [[String: Any]], "line \(index)")
            XCTAssertEqual(leaders.count, 1)
            let leader = try XCTUnwrap(leaders.first)
            XCTAssertEqual(leader["kind"] as? String, "dots")
            XCTAssertEqual(number(leader["size"]), 11)
            XCTAssertEqual(leader["color"] as? String, "#000000")
            // The glyphs of the title (before the tab, the line's twelfth character) and of the number, by where they stand.
            let tab = try XCTUnwrap(line["stringRange"] as? [Int]).first.map { $0 + 12 } ?? 0
            let glyphs = (line["runs"] as? [[String: Any]] ?? []).flatMap { $0["glyphs"] as? [[Double]] ?? [] }
            let title = glyphs.filter { Int($0[3]) < tab }.map { $0[1] }, page = glyphs.filter { Int($0[3]) > tab }.map { $0[1] }
            XCTAssertEqual(title.count, 12, "line \(index)")
            XCTAssertEqual(page.count, 1, "line \(index)")
            let (from, to) = (number(leader["x"]), number(leader["x"]) + number(leader["width"]))
            XCTAssertGreaterThan(to - from, 150, "line \(index): the room between title and number")
            // Left to right, the title is left of the leader and the number right of it; right to left, the other way.
            let (left, right) = index == 0 ? (title, page) : (page, title)
            XCTAssertLessThan(left.max() ?? .infinity, from, "line \(index)")
            XCTAssertGreaterThanOrEqual(right.min() ?? -.infinity, to - 0.5, "line \(index)")
        }
    }
}
