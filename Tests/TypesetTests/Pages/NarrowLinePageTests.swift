import Foundation
import Layout
import Pages
import TypesetKit
import XCTest

/// Narrow lines on whole pages: the magazine feature's columns beside its pictures (one a
/// contour wrap round the cat) hold no line narrower than its paragraph's minimum and no word
/// alone but a paragraph's last; a shaped section too small for any line gives its text to
/// the page after, where it is set.
final class NarrowLinePageTests: XCTestCase {
    private func layOut(_ source: MarkupSource, in folder: URL) throws -> PreparedDocument {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.minimumPictureResolution = 0
        return try Typesetter(options: options).prepare(source, baseDirectory: folder.path)
    }

    func testTheMagazineFeatureHasNoNarrowLineAndNoWordAloneBesideAPicture() throws {
        let folder = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/magazine-feature")
        let file = folder.appendingPathComponent("magazine-feature.txt")
        let document = try layOut(MarkupSource(fileName: file.lastPathComponent, text: try String(contentsOf: file, encoding: .utf8)),
                                  in: folder)
        var checker = PagePropertyChecker(fixture: "magazine-feature", text: document.text)
        let pages = Array(document.pages())
        pages.forEach { checker.check($0) }
        checker.finish()
        let beside = linesBesideFloats(pages, document)
        XCTAssertGreaterThanOrEqual(beside.lines, 3)
        XCTAssertGreaterThanOrEqual(beside.besideContour, 1)
    }

    /// Every line beside a float on `pages` in a stretch at least its paragraph's minimum wide
    /// and holding more than one word unless it ends its paragraph; how many there are.
    private func linesBesideFloats(_ pages: [Page], _ document: PreparedDocument) -> (lines: Int, besideContour: Int) {
        var beside = 0, besideContour = 0
        for page in pages {
            for frame in page.frames {
                for line in frame.lines where LineSlot.isBesideAFloat(line, in: frame) {
                    let quoted = "page \(page.number): \"\(frame.text.substring(line.stringRange))\""
                    let size = document.text.attributes(at: line.stringRange.lowerBound).attributes.fontSize
                    let minimum = document.text.paragraphStyle(at: line.stringRange.lowerBound).minimumLineWidth.points(fontSize: size)
                    XCTAssertGreaterThanOrEqual(LineSlot.stretch(of: line, in: frame)?.width ?? 0, minimum - 0.01, quoted)
                    if !line.endsParagraph { XCTAssertFalse(LineSlot.holdsOneWord(line, in: frame), "one word alone: \(quoted)") }
                    beside += 1
                    if frame.floats.contains(where: { $0.contour != nil }) { besideContour += 1 }
                }
            }
        }
        return (beside, besideContour)
    }

    func testTheDocumentedExampleKeepsItsMinimumBesideBothPictures() throws {
        let example = MarkupExample.named("min-line-width")
        let document = try layOut(MarkupSource(fileName: "example.txt", text: example.markup), in: TestSupport.zombiesDirectory)
        XCTAssertEqual(document.diagnostics.filter { $0.severity != .note }.map(\.description), [])
        var checker = PagePropertyChecker(fixture: "min-line-width example", text: document.text)
        let pages = Array(document.pages())
        pages.forEach { checker.check($0) }
        checker.finish()
        XCTAssertEqual(pages.flatMap(\.frames).flatMap(\.floats).count, 2)
        // 54 pt beside each picture: under the first paragraph's 5 em (55 pt), so it starts below
        // its picture; over the second's 3 em (33 pt), so lines of two words go beside it.
        XCTAssertGreaterThanOrEqual(linesBesideFloats(pages, document).lines, 2)
        let second = try XCTUnwrap(document.text.string.utf16.firstIndex(of: 0x0A)).utf16Offset(in: document.text.string) + 1
        let beside = pages.flatMap(\.frames).flatMap { frame in frame.lines.filter { LineSlot.isBesideAFloat($0, in: frame) } }
        XCTAssertTrue(beside.allSatisfy { $0.stringRange.lowerBound >= second }, "the first paragraph's lines are all below its picture")
    }

    func testAShapedSectionTooSmallForAnyLineGivesItsTextToTheNextPage() throws {
        let body = String(repeating: "The reading room is round, and its readers sit in rings about an empty floor. ", count: 30)
        // A circle 40 pt across: every stretch of it is under 5 em of 11 pt.
        let markup = "<section columns=\"2\">\n\(body)\n</section>\n<section shape=\"circle\" height=\"40\">\nA pull quote that no line of the circle can hold.\n</section>\n<section columns=\"2\">\n\(body)\n</section>\n"
        let document = try layOut(MarkupSource(fileName: "doc.txt", text: markup), in: TestSupport.imagesDirectory)
        var checker = PagePropertyChecker(fixture: "small circle", text: document.text)
        let pages = Array(document.pages())
        pages.forEach { checker.check($0) }
        checker.finish()
        let quote = try XCTUnwrap(document.text.string.range(of: "A pull quote").map { document.text.string.utf16.distance(from: document.text.string.startIndex, to: $0.lowerBound) })
        let shown = pages.flatMap(\.frames).flatMap(\.lines).contains { $0.stringRange.contains(quote) }
        XCTAssertTrue(shown, "the circle's text is set")
        XCTAssertLessThan(pages.count, 6)
    }
}
