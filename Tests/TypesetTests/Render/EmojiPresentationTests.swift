import Fonts
import Foundation
import Layout
import Pages
import TypesetKit
import XCTest

/// U+FE0F after a character shows it as an emoji, from the colour face; U+FE0E as text, from
/// a face of outlines; without either, Unicode's Emoji_Presentation property decides. The
/// selector draws nothing, and a space after an emoji is still a space in the PDF's text.
final class EmojiPresentationTests: XCTestCase {
    /// The face of the first glyph of the character at each offset of the example's text.
    private func faces(ofExample name: String) throws -> (text: String, faces: [Int: Font]) {
        let (document, pages) = try SectionTesting.layOut(MarkupExample.named(name).markup) { $0.page.columns = 1 }
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        var faces: [Int: Font] = [:]
        for line in pages.flatMap(\.frames).flatMap(\.lines) {
            for run in line.runs {
                for cluster in run.clusters where cluster >= 0 && faces[cluster] == nil { faces[cluster] = run.font }
            }
        }
        if !faces.values.contains(where: \.hasColorBitmaps) { throw XCTSkip("no colour emoji face (Noto Color Emoji) is installed") }
        return (document.text.string, faces)
    }

    /// The face of the character `character` where it is followed by `selector` ("" for none).
    private func face(of character: String, followedBy selector: String, in found: (text: String, faces: [Int: Font]),
                      file: StaticString = #filePath, line: UInt = #line) throws -> Font {
        let units = Array(found.text.utf16), wanted = Array((character + selector).utf16)
        let start = try XCTUnwrap(units.indices.first { index in
            index + wanted.count <= units.count && Array(units[index ..< index + wanted.count]) == wanted
                && (!selector.isEmpty || index + wanted.count == units.count || !(0xFE0E ... 0xFE0F).contains(units[index + wanted.count]))
        }, "\(character) followed by \(selector.unicodeScalars.map { String($0.value, radix: 16) }) is in the text", file: file, line: line)
        return try XCTUnwrap(found.faces[start], file: file, line: line)
    }

    func testTheSelectorsChooseTheColourOrTheTextFace() throws {
        let found = try faces(ofExample: "emoji")
        for emoji in ["❤", "☀", "☎", "✔"] {
            let colour = try face(of: emoji, followedBy: "\u{FE0F}", in: found)
            XCTAssertTrue(colour.hasColorBitmaps, "\(emoji) + FE0F: \(colour.familyName)")
        }
        let text = try face(of: "❤", followedBy: "\u{FE0E}", in: found)
        XCTAssertFalse(text.hasColorBitmaps, "❤ + FE0E: \(text.familyName)")
        XCTAssertFalse(try face(of: "❤", followedBy: "", in: found).hasColorBitmaps, "❤ alone is text by default")
        XCTAssertTrue(try face(of: "⌚", followedBy: "", in: found).hasColorBitmaps, "⌚ alone is an emoji by default")
    }

    func testASpaceAfterAnEmojiIsExtractedFromThePDF() throws {
        let (_, pdf) = try typesetToPDF("I ❤️ you, and ❤︎ too.\n")
        guard let text = TestSupport.runTool("/usr/bin/pdftotext", [pdf, "-"]) else { throw XCTSkip("pdftotext is not installed") }
        XCTAssertTrue(text.contains("I ❤️ you, and ❤︎ too."), text)
        // The colour heart is a picture in the PDF; the text heart is a glyph of a face of outlines.
        guard let images = TestSupport.runTool("/usr/bin/pdfimages", ["-list", pdf]),
              let fonts = TestSupport.runTool("/usr/bin/pdffonts", [pdf]) else { throw XCTSkip("poppler's tools are not installed") }
        let pictures = images.split(separator: "\n").dropFirst(2).filter { $0.split(separator: " ").dropFirst(2).first == "image" }
        XCTAssertEqual(pictures.count, 1, "one colour glyph drawn as a picture (its transparency aside): \(images)")
        XCTAssertTrue(fonts.contains("DejaVuSans"), "the text heart's face: \(fonts)")
    }
}
