import Foundation
import TypesetKit
import XCTest

/// Running heads laid out on real pages: where they go, on which pages, and the facing mirror.
final class RunningHeadLayoutTests: XCTestCase {
    /// A document of several pages, laid out with `configure`d options.
    private func layOut(_ markup: String = RunningHeadLayoutTests.longText, configure: (inout TypesetOptions) -> Void = { _ in })
        throws -> PreparedDocument {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        configure(&options)
        return try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup), baseDirectory: "/")
    }

    static let longText = String(repeating: "The night watch walks the length of Mill Lane twice an hour, lantern in hand, and writes down what it sees.\n",
                                 count: 180)

    /// The parts' text on each page, by band: lines above the text area are the header's.
    private func heads(of document: PreparedDocument) -> [(header: [String], footer: [String])] {
        document.checkedPages().map { page in
            var header: [String] = [], footer: [String] = []
            guard let furniture = page.furniture else { return ([], []) }
            let area = document.template.textArea(ofPage: page.number)
            for frame in furniture.frames {
                for line in frame.lines {
                    let text = furniture.text.substring(line.stringRange).trimmingCharacters(in: .newlines)
                    if line.origin.y < area.minY { header.append(text) } else { footer.append(text) }
                }
            }
            return (header, footer)
        }
    }

    func testTheFirstPageHasNoHeaderAndEveryPageItsNumberOfTheCount() throws {
        let document = try layOut { options in
            options.title = "The Night Watch"
            options.header = try! RunningTemplate(parsing: "{title}||{page}")
            options.footer = try! RunningTemplate(parsing: "{page} of {pages}")
        }
        let count = document.pageCount()
        XCTAssertGreaterThanOrEqual(count, 3)
        let heads = heads(of: document)
        XCTAssertEqual(heads.count, count)
        XCTAssertEqual(heads[0].header, [], "the first page is a title page")
        for (index, page) in heads.enumerated() {
            XCTAssertEqual(page.footer, ["\(index + 1) of \(count)"])
            if index > 0 { XCTAssertEqual(page.header, ["The Night Watch", "\(index + 1)"]) }
        }
        let withFirst = try layOut { options in
            options.header = try! RunningTemplate(parsing: "Header")
            options.headerOnFirstPage = true
        }
        XCTAssertEqual(self.heads(of: withFirst).map(\.header), Array(repeating: ["Header"], count: withFirst.pageCount()))
    }

    func testHeadsSitInTheMarginsOnOneBaselineEach() throws {
        let document = try layOut { options in
            options.header = try! RunningTemplate(parsing: "Left|Centre|Right")
            options.footer = try! RunningTemplate(parsing: "Left|{page}|Right")
            options.headerOnFirstPage = true
        }
        let template = document.template
        let page = try XCTUnwrap(document.checkedPages().dropFirst().first)
        let furniture = try XCTUnwrap(page.furniture)
        let lines = furniture.frames.flatMap(\.lines)
        XCTAssertEqual(lines.count, 6)
        let area = template.textArea
        let headerLines = lines.filter { $0.origin.y < area.minY }
        let footerLines = lines.filter { $0.origin.y > area.maxY }
        XCTAssertEqual(headerLines.count, 3)
        XCTAssertEqual(footerLines.count, 3)
        XCTAssertEqual(Set(headerLines.map(\.origin.y)).count, 1, "one baseline")
        XCTAssertEqual(Set(footerLines.map(\.origin.y)).count, 1, "one baseline")
        for line in lines {
            XCTAssertEqual(line.runs.first?.fontSize ?? 0, 11 * 0.8, accuracy: 1e-9, "0.8 × the body size")
            XCTAssertFalse(line.bounds.intersects(area), "never in the text area")
            XCTAssertGreaterThan(line.bounds.minY, 0)
            XCTAssertLessThan(line.bounds.maxY, template.size.height)
        }
        // Centred in the margins: as much room above the box as below it.
        let header = headerLines[0]
        XCTAssertEqual(header.bounds.minY, area.minY - header.bounds.maxY, accuracy: 0.01)
        let footer = footerLines[0]
        XCTAssertEqual(footer.bounds.minY - area.maxY, template.size.height - footer.bounds.maxY, accuracy: 0.01)
        // Flush left, centred, flush right on the text area.
        let byX = headerLines.sorted { $0.origin.x < $1.origin.x }
        XCTAssertEqual(byX[0].origin.x, area.minX, accuracy: 0.01)
        XCTAssertEqual(byX[1].origin.x + byX[1].width / 2, area.minX + area.width / 2, accuracy: 0.01)
        XCTAssertEqual(byX[2].origin.x + byX[2].width, area.maxX, accuracy: 0.01)
    }

    func testFacingPagesMirrorMarginsColumnsAndHeads() throws {
        let document = try layOut { options in
            options.page.margins = Margins.facing(margin: 50)
            options.page.facing = true
            options.header = try! RunningTemplate(parsing: "Spine||Outer")
            options.headerOnFirstPage = true
        }
        let template = document.template
        XCTAssertEqual(template.margins.left, 40, "inner: 0.8 × the margin")
        XCTAssertEqual(template.margins.right, 60, "outer: 1.2 × the margin")
        let pages = document.checkedPages()
        XCTAssertGreaterThanOrEqual(pages.count, 3)
        for page in pages {
            let recto = page.number % 2 == 1
            let area = template.textArea(ofPage: page.number)
            XCTAssertEqual(area.minX, recto ? 40 : 60, "page \(page.number): the inner margin is at the spine")
            XCTAssertEqual(area.width, template.textArea.width, accuracy: 1e-9, "the measure is the same on both sides")
            for (column, frame) in page.frames.enumerated() {
                XCTAssertEqual(frame.container.rect, template.columnRects(ofPage: page.number)[column])
            }
            XCTAssertEqual(page.frames.first?.container.rect.minX, recto ? 40 : 60)
            XCTAssertEqual(page.frames.last?.container.rect.maxX ?? 0, template.size.width - (recto ? 60 : 40), accuracy: 1e-9)
            let furniture = try XCTUnwrap(page.furniture)
            var sides: [String: Line] = [:]
            for frame in furniture.frames {
                for line in frame.lines { sides[furniture.text.substring(line.stringRange).trimmingCharacters(in: .newlines)] = line }
            }
            let outer = try XCTUnwrap(sides["Outer"]), spine = try XCTUnwrap(sides["Spine"])
            if recto {
                XCTAssertEqual(outer.origin.x + outer.width, area.maxX, accuracy: 0.01, "page \(page.number): the right part at the outer edge")
                XCTAssertEqual(spine.origin.x, area.minX, accuracy: 0.01)
            } else {
                XCTAssertEqual(outer.origin.x, area.minX, accuracy: 0.01, "page \(page.number): the right part at the outer edge")
                XCTAssertEqual(spine.origin.x + spine.width, area.maxX, accuracy: 0.01)
            }
        }
        // The text is set as without facing pages: same measure, same breaks.
        let plain = try layOut { options in options.page.margins = Margins(all: 50) }
        XCTAssertEqual(plain.checkedPages().map { $0.frames.map(\.visibleRange) }, pages.map { $0.frames.map(\.visibleRange) })
    }

    func testOptionsOverrideTheDocumentsMeta() throws {
        let markup = "<meta title=\"Meta title\" header=\"{title}\" footer=\"Meta {page}\">\n" + Self.longText
        let fromMeta = try layOut(markup)
        XCTAssertEqual(fromMeta.title, "Meta title")
        XCTAssertEqual(heads(of: fromMeta)[1].header, ["Meta title"])
        XCTAssertEqual(heads(of: fromMeta)[1].footer, ["Meta 2"])
        let overridden = try layOut(markup) { options in
            options.title = "Option title"
            options.footer = RunningTemplate()   // empty: no footer
        }
        XCTAssertEqual(heads(of: overridden)[1].header, ["Option title"], "the meta header, the option's title")
        XCTAssertEqual(heads(of: overridden)[1].footer, [])
        XCTAssertNil(try layOut().runningHeads, "no heads unless asked for")
        var pages = try layOut().pages()
        XCTAssertNil(pages.next()?.furniture)
    }

    func testProblemsWithHeads() throws {
        XCTAssertThrowsError(try layOut { options in
            options.page.margins = Margins(all: 6)
            options.footer = try! RunningTemplate(parsing: "{page}")
        }) { error in
            let messages = (error as? DocumentFailure)?.diagnostics.map(\.message) ?? []
            XCTAssertTrue(messages.contains { $0.contains("the bottom margin of 6 pt cannot hold the footer") }, "\(messages)")
        }
        let untitled = try layOut { options in options.header = try! RunningTemplate(parsing: "{title}") }
        XCTAssertTrue(untitled.diagnostics.contains { $0.message.contains("prints {title}, but the document has no title") },
                      "\(untitled.diagnostics)")
        let crowded = try layOut { options in
            options.header = try! RunningTemplate(parsing: String(repeating: "left ", count: 30) + "|" + "centre words|right")
        }
        XCTAssertTrue(crowded.diagnostics.contains { $0.message.contains("the left and centre parts of the header overlap") },
                      "\(crowded.diagnostics)")
        let long = try layOut { options in options.footer = try! RunningTemplate(parsing: String(repeating: "word ", count: 200)) }
        XCTAssertTrue(long.diagnostics.contains { $0.message.contains("centre part of the footer is wider than the text area") },
                      "\(long.diagnostics)")
    }
}
