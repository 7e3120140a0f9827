import Foundation
import Layout
import Markup
import Pages
import Text
import TypesetKit
import XCTest

/// Geometric properties of every page of every fixture with golden images, laid out as
/// GoldenPageTests lays it out: the frames' visible ranges and lines partition the text; no
/// glyph leaves its frame or enters an exclusion; no glyph overlaps a picture or a glyph of
/// another line; running heads stay out of the body frames. The golden images catch a page
/// that changes; these catch a page that is wrong in a way nobody looked for when approving it.
final class GoldenPagePropertyTests: XCTestCase {
    /// Fixtures whose golden test sets options of its own (see GoldenPageTests); others use the defaults.
    private static let configurations: [String: (inout TypesetOptions) -> Void] = [
        "running-heads": { options in
            options.page.margins = Margins.facing(margin: options.page.margins.top)
            options.page.facing = true
        },
    ]

    /// `Fixtures/NAME/` folders that have a `golden/` folder and a `NAME.txt`.
    private static func goldenFixtures() throws -> [String] {
        let fixtures = TestSupport.repositoryRoot.appendingPathComponent("Fixtures")
        let manager = FileManager.default
        return try manager.contentsOfDirectory(atPath: fixtures.path).sorted().filter { name in
            let folder = fixtures.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            return manager.fileExists(atPath: folder.appendingPathComponent("golden").path, isDirectory: &isDirectory)
                && isDirectory.boolValue && manager.fileExists(atPath: folder.appendingPathComponent("\(name).txt").path)
        }
    }

    func testEveryGoldenPageKeepsTheLayoutProperties() throws {
        let names = try Self.goldenFixtures()
        for expected in ["zombies", "showcase", "string-rendering", "international", "running-heads", "feature-article"] {
            XCTAssertTrue(names.contains(expected), "the golden fixture \(expected) is found")
        }
        for name in names {
            let file = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/\(name)/\(name).txt").path
            var options = TypesetOptions()
            Self.configurations[name]?(&options)
            options.fontsDirectory = TestSupport.fontsDirectory
            let document = try Typesetter(options: options).prepare(fileAt: file)
            var checker = PagePropertyChecker(fixture: name, text: document.text)
            for page in document.pages() { checker.check(page) }
            checker.finish()
            print(checker.summary)
        }
    }

    /// The checker must see what it is for: a glyph moved into a picture, a line moved out of
    /// its frame, lines moved onto each other, a gap in the text, a running head moved onto the text.
    func testTheCheckerCatchesBrokenPages() throws {
        var options = TypesetOptions()
        Self.configurations["running-heads"]?(&options)
        options.fontsDirectory = TestSupport.fontsDirectory
        let zombies = try Typesetter(options: options).prepare(fileAt: TestSupport.zombiesFile.path)
        let pages = Array(zombies.pages())
        func failuresReported(text: AttributedText = zombies.text, _ body: (inout PagePropertyChecker) -> Void) -> [String] {
            Self.failures(text: text, body)
        }
        // A picture in its line, with a line after it (the zombie magazine's figures may all
        // float or end their columns, where no line follows them).
        let pictured = try Typesetter(options: options).prepare(
            MarkupSource(fileName: "pictured.txt", text: "Before the picture.\n<img src=\"chelsea.png\" width=\"120\" alt=\"\"> and "
                + "the words after it run on to a second line of the paragraph, and to a third one after that.\nAfter it."),
            baseDirectory: TestSupport.zombiesFile.deletingLastPathComponent().path)
        let picturedPages = Array(pictured.pages())
        guard let (pageIndex, frameIndex, lineIndex) = Self.firstPictureLine(in: picturedPages) else {
            return XCTFail("the document has a picture in its line")
        }
        var page = picturedPages[pageIndex]
        // The line after the picture's, lifted onto it.
        let picture = page.frames[frameIndex].lines[lineIndex]
        page.frames[frameIndex].lines[lineIndex + 1].origin.y = picture.origin.y - 10
        var failures = failuresReported(text: pictured.text) { $0.check(page) }
        XCTAssertTrue(failures.contains { $0.contains("overlaps the picture") }, "\(failures.prefix(3))")
        XCTAssertTrue(failures.contains { $0.contains("the line before") }, "\(failures.prefix(3))")

        page = pages[0]
        page.frames[0].lines[3].origin.y -= 5
        failures = failuresReported { $0.check(page) }
        XCTAssertTrue(failures.contains { $0.contains("overlaps line 3 of frame 0") }, "\(failures.prefix(3))")

        page = pages[0]
        // A column's width to the right: out of the frame whatever the line's length (line 2
        // is the masthead's short second line, set ragged as display text).
        page.frames[0].lines[2].origin.x += page.frames[0].container.rect.width
        failures = failuresReported { $0.check(page) }
        XCTAssertTrue(failures.contains { $0.contains("outside its frame") }, "\(failures.prefix(3))")

        failures = failuresReported { checker in
            for page in pages.dropFirst() { checker.check(page) }
            checker.finish()
        }
        XCTAssertTrue(failures.contains { $0.contains("starts at") }, "\(failures.prefix(3))")

        let headed = try Typesetter(options: options).prepare(fileAt: TestSupport.repositoryRoot
            .appendingPathComponent("Fixtures/running-heads/running-heads.txt").path)
        guard var second = Array(headed.pages()).dropFirst().first, var furniture = second.furniture,
              !furniture.frames.isEmpty else { return XCTFail("page 2 of running-heads has a header") }
        furniture.frames[0].lines[0].origin.y = second.frames[0].container.rect.minY + 20
        second.furniture = furniture
        failures = failuresReported(text: headed.text) { $0.check(second) }
        XCTAssertTrue(failures.contains { $0.contains("running head") }, "\(failures.prefix(3))")
    }

    /// Page, frame and line of the first picture (in its line, or a figure kept in the column)
    /// not on its frame's last line.
    private static func firstPictureLine(in pages: [Page]) -> (Int, Int, Int)? {
        for (pageIndex, page) in pages.enumerated() {
            for (frameIndex, frame) in page.frames.enumerated() {
                for (lineIndex, line) in frame.lines.enumerated().dropLast()
                where line.box != nil || line.runs.contains(where: { $0.runDelegate != nil }) {
                    return (pageIndex, frameIndex, lineIndex)
                }
            }
        }
        return nil
    }

    /// The messages of the failures a checker of `text` records in `body`, which are not the test's failures.
    private static func failures(text: AttributedText, _ body: (inout PagePropertyChecker) -> Void) -> [String] {
        final class Messages { var list: [String] = [] }
        let messages = Messages()
        var checker = PagePropertyChecker(fixture: "broken", text: text) { messages.list.append($0) }
        body(&checker)
        return messages.list
    }
}
