import Foundation
import TypesetKit
import XCTest

/// The same picture or colour emoji more than once on a page made Cairo 1.16 write a page
/// whose resources name it twice (`/XObject << /x6 6 0 R /x6 6 0 R >>`), which qpdf rejects.
/// Every such page is now valid, and the picture is still stored once in the file.
final class RepeatedPictureTests: XCTestCase {
    private static let qpdf = "/usr/bin/qpdf"
    private static let pdfimages = "/usr/bin/pdfimages"

    override func setUpWithError() throws {
        for tool in [Self.qpdf, Self.pdfimages] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed")
        }
    }

    private struct Output {
        var path: String
        var size: Int
        /// Per picture drawn, from `pdfimages -list`: its page and the object storing it.
        var pictures: [(page: Int, object: Int)]
        var storedPictures: Set<Int> { Set(pictures.map(\.object)) }
    }

    /// Typesets `markup` beside copies of two picture fixtures into a PDF.
    private func typeset(_ markup: String, file: StaticString = #filePath, line: UInt = #line) throws -> Output {
        let directory = try makeTemporaryDirectory()
        for name in ["rgb8.png", "rgb-baseline.jpg"] {
            try FileManager.default.copyItem(atPath: TestSupport.imagePath(name), toPath: directory.appendingPathComponent(name).path)
        }
        let input = directory.appendingPathComponent("doc.txt")
        try write(markup, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let pdf = directory.appendingPathComponent("doc.pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: pdf)
        // qpdf's exit status is 0 only without errors and warnings (a duplicate key is a warning).
        XCTAssertNotNil(TestSupport.runTool(Self.qpdf, ["--check", pdf]), "qpdf --check fails on \(markup)", file: file, line: line)
        let listing = try XCTUnwrap(TestSupport.runTool(Self.pdfimages, ["-list", pdf]), file: file, line: line)
        // page num type width height color comp bpc enc interp object ID …; soft masks are their own rows.
        let pictures = listing.split(separator: "\n").dropFirst(2).compactMap { row -> (Int, Int)? in
            let columns = row.split(separator: " ")
            guard columns.count > 10, columns[2] == "image", let page = Int(columns[0]), let object = Int(columns[10]) else { return nil }
            return (page, object)
        }
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: pdf)[.size] as? Int)
        return Output(path: pdf, size: size, pictures: pictures)
    }

    /// The second drawing of a picture costs a few hundred bytes, not the picture again.
    private func assertStoredOnce(_ twice: Output, comparedWith once: Output, drawn count: Int,
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(twice.pictures.count, count, "\(twice.pictures)", file: file, line: line)
        XCTAssertEqual(twice.storedPictures.count, once.storedPictures.count, "\(twice.pictures)", file: file, line: line)
        XCTAssertLessThan(twice.size, once.size + 3_000, "sizes \(once.size) and \(twice.size)", file: file, line: line)
    }

    func testAPictureTwiceInOneParagraph() throws {
        for picture in ["rgb8.png", "rgb-baseline.jpg"] {
            let once = try typeset("A picture <img src=\"\(picture)\" width=\"40\"> in a paragraph.")
            let twice = try typeset("A picture <img src=\"\(picture)\" width=\"40\"> and again <img src=\"\(picture)\" width=\"40\">.")
            assertStoredOnce(twice, comparedWith: once, drawn: 2)
            let thrice = try typeset("<img src=\"\(picture)\" width=\"40\"><img src=\"\(picture)\" width=\"40\"><img src=\"\(picture)\" width=\"30\">")
            assertStoredOnce(thrice, comparedWith: once, drawn: 3)
        }
    }

    func testAColourEmojiTwiceAndWithAShadow() throws {
        let once = try typeset("One 😀 here.")
        if once.pictures.isEmpty { throw XCTSkip("no colour emoji face (Noto Color Emoji) is installed") }
        assertStoredOnce(try typeset("Two 😀😀 here."), comparedWith: once, drawn: 2)
        // A sharp shadow is the emoji once more, as a mask.
        _ = try typeset("Shadowed <font shadow=\"1 1 0\">😀😀</font> and plain 😀.")
        // Pictures and emoji on one page.
        _ = try typeset("<img src=\"rgb8.png\" width=\"20\">😀<img src=\"rgb8.png\" width=\"20\">😀")
    }

    func testAPictureOnTwoPagesIsStoredOnce() throws {
        let once = try typeset("A picture <img src=\"rgb8.png\" width=\"40\">.")
        let twoPages = try typeset("A picture <img src=\"rgb8.png\" width=\"40\">.\n<pagebreak>\nAgain <img src=\"rgb8.png\" width=\"40\">.")
        XCTAssertEqual(twoPages.pictures.map(\.page), [1, 2])
        assertStoredOnce(twoPages, comparedWith: once, drawn: 2)
    }

    func testAFloatAndTheSamePictureInline() throws {
        let once = try typeset("<img src=\"rgb8.png\" float=\"left\" width=\"60\">Text beside the picture.")
        let both = try typeset("<img src=\"rgb8.png\" float=\"left\" width=\"60\">Text beside it and <img src=\"rgb8.png\" width=\"20\"> inline.")
        assertStoredOnce(both, comparedWith: once, drawn: 2)
        let spanning = try typeset("<img src=\"rgb8.png\" float=\"top\" span=\"all\" width=\"200\">Text <img src=\"rgb8.png\" width=\"20\"> and more.")
        XCTAssertEqual(spanning.pictures.count, 2)
        XCTAssertEqual(spanning.storedPictures.count, 1)
    }
}
