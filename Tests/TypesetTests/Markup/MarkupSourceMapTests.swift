import Diagnostics
import Foundation
@testable import Markup
import Text
import XCTest

/// `MarkupDocument.sourceMap`: every character of the text located at the source character
/// that produced it, or at the tag that made it.
final class MarkupSourceMapTests: XCTestCase {
    /// "line:column" of the first unit of the `occurrence`th `substring` in the text.
    private func place(of substring: String, occurrence: Int = 1, in document: MarkupDocument,
                       file: StaticString = #filePath, line: UInt = #line) -> String {
        let offset = document.utf16Range(of: substring, occurrence: occurrence, file: file, line: line).lowerBound
        return place(ofTextOffset: offset, in: document)
    }

    private func place(ofTextOffset offset: Int, in document: MarkupDocument) -> String {
        guard let location = document.sourceMap.location(ofTextOffset: offset) else { return "none" }
        return "\(location.line):\(location.column)"
    }

    /// Each text offset's place, in order.
    private func places(_ document: MarkupDocument) -> [String] {
        (0 ..< document.text.length).map { place(ofTextOffset: $0, in: document) }
    }

    func testPlainTextMapsCharacterForCharacterAndLineEndsToTheirLine() {
        let document = TestSupport.parse("Hello world\nSecond line", fileName: "zombies.txt")
        XCTAssertEqual(document.text.string, "Hello world\nSecond line")
        XCTAssertEqual(document.sourceMap.textLength, document.text.length)
        XCTAssertEqual(document.sourceMap.location(ofTextOffset: 6), SourceLocation(file: "zombies.txt", line: 1, column: 7))
        XCTAssertEqual(place(of: "\n", in: document), "1:12", "a paragraph end is the line end that made it")
        XCTAssertEqual(document.sourceMap.sourceLine(ofTextOffset: 11), "Hello world")
        XCTAssertEqual(place(of: "Second", in: document), "2:1")
        XCTAssertEqual(document.sourceMap.sourceLine(ofTextOffset: 12), "Second line")
        XCTAssertNil(document.sourceMap.location(ofTextOffset: document.text.length), "past the end")
        XCTAssertNil(document.sourceMap.location(ofTextOffset: -1))
        XCTAssertNil(document.sourceMap.sourceLine(ofTextOffset: document.text.length))
    }

    func testTextAfterTagsIsLocatedWhereItIsWritten() {
        let document = TestSupport.parse(#"Hello <font color="red">core</font> world"# + "\n<b>x</b>y")
        XCTAssertEqual(place(of: "core", in: document), "1:25")
        XCTAssertEqual(place(of: " world", in: document), "1:36")
        XCTAssertEqual(place(of: "x", in: document), "2:4")
        XCTAssertEqual(place(of: "y", in: document), "2:9")
    }

    func testAReferenceIsOneCharacterLocatedAtItsAmpersand() {
        let document = TestSupport.parse("Fish &amp; chips &#x1F600;!")
        XCTAssertEqual(document.text.string, "Fish & chips \u{1F600}!")
        XCTAssertEqual(places(document),
                       ["1:1", "1:2", "1:3", "1:4", "1:5", "1:6", "1:11", "1:12", "1:13", "1:14", "1:15", "1:16", "1:17",
                        "1:18", "1:18", "1:27"],
                       "both halves of U+1F600 are at its reference's '&'; the text after it is where it is written")
        // An invalid reference is printed as written, each character where it is.
        let kept = TestSupport.parse("a &bogus; b")
        XCTAssertEqual(kept.text.string, "a &bogus; b")
        XCTAssertEqual(places(kept), (1 ... 11).map { "1:\($0)" })
    }

    func testACharacterBeyondUFFFFIsTwoUnitsAndOneColumn() {
        let document = TestSupport.parse("a\u{1F9DF}b <i>\u{1D11E}</i>c")
        XCTAssertEqual(document.text.string, "a\u{1F9DF}b \u{1D11E}c")
        XCTAssertEqual(places(document), ["1:1", "1:2", "1:2", "1:3", "1:4", "1:8", "1:8", "1:13"])
        XCTAssertEqual(document.sourceMap.sourceOffset(ofTextOffset: 2), 1, "the second half gives the character's first unit")
    }

    func testCJKText() {
        let document = TestSupport.parse("<p align=\"center\">\n日本の<b>ゾンビ</b>雑誌\n")
        XCTAssertEqual(document.text.string, "日本のゾンビ雑誌\n")
        XCTAssertEqual(places(document), ["2:1", "2:2", "2:3", "2:7", "2:8", "2:9", "2:14", "2:15", "2:16"])
        XCTAssertEqual(document.sourceMap.sourceLine(ofTextOffset: 4), "日本の<b>ゾンビ</b>雑誌")
    }

    func testLinesThatOnlyDeclarePrintNothingAndShiftNothing() {
        let document = TestSupport.parse("<rule pattern=\"x\"/>\n  <!-- c -->  \r\n  <b>a</b>\r\nb")
        XCTAssertEqual(document.text.string, "  a\nb")
        XCTAssertEqual(places(document), ["3:1", "3:2", "3:6", "3:11", "4:1"],
                       "spaces held back until the line prints are where they were written; CRLF is one line end")
    }

    func testTextARuleRestyledKeepsItsPlace() {
        let document = TestSupport.parse("<rule pattern=\"\\bBBQ\\b\" color=\"red\"/>\nThe &ldquo;BBQ&rdquo; is <b>off</b>.")
        XCTAssertEqual(document.attributes(of: "BBQ").color, Color(red: 1, green: 0, blue: 0), "the rule applied")
        XCTAssertEqual(place(of: "BBQ", in: document), "2:12")
        XCTAssertEqual(place(of: "\u{201D}", in: document), "2:15")
        XCTAssertEqual(place(of: "off", in: document), "2:29")
    }

    func testTextTheMarkupMakesIsAtTheTagThatMadeIt() {
        let markup = "Pack:<li>a torch<li marker=\"&ndash;\" indent=\"24\">biscuits\n<li type=\"number\">Lock<br>up\n"
        let document = TestSupport.parse(markup)
        XCTAssertEqual(document.text.string, "Pack:\n\u{2022}\ta torch\n\u{2013}\tbiscuits\n1.\tLock\u{2028}up\n")
        XCTAssertEqual(place(of: "\n", in: document), "1:6", "the line end <li> adds to end a paragraph")
        XCTAssertEqual(place(of: "\u{2022}", in: document), "1:6", "the default bullet")
        XCTAssertEqual(place(of: "\t", in: document), "1:6", "the tab after it")
        XCTAssertEqual(place(of: "a torch", in: document), "1:10")
        XCTAssertEqual(place(of: "\u{2013}", in: document), "1:29", "a marker written in the tag is at its value")
        XCTAssertEqual(place(of: "\t", occurrence: 2, in: document), "1:17")
        XCTAssertEqual(place(of: "1.", in: document), "2:1", "a number is at its tag")
        XCTAssertEqual(place(of: "\u{2028}", in: document), "2:23", "<br>")
        XCTAssertEqual(place(of: "up", in: document), "2:27")
    }

    func testAPictureIsAtItsTag() {
        let document = TestSupport.parse(#"See <img src="rgb8.png" width="24" height="16" alt=""> here"#,
                                         baseDirectory: TestSupport.imagesDirectory.path)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        XCTAssertEqual(place(of: "\u{FFFC}", in: document), "1:5")
        XCTAssertEqual(place(of: " here", in: document), "1:55")
    }

    func testPlacesOnALongLineAfterThousandsOfTagsAndMessages() throws {
        // 2,000 pictures and links, then 900 unknown entities, on one line after an emoji.
        let item = #"<img src="rgb8.png" width="4" alt=""><a href="https://e.com">w</a>"#
        let count = 2_000, entities = 900
        let markup = "first\n\u{1F600}" + String(repeating: item, count: count) + String(repeating: "&nosuch;", count: entities)
            + #"<font colour="red">end</font>"#
        let document = TestSupport.parse(markup, baseDirectory: TestSupport.imagesDirectory.path)
        let width = item.count, entitiesStart = 2 + count * width
        for index in stride(from: 0, to: count, by: 333) {
            XCTAssertEqual(place(of: "\u{FFFC}", occurrence: index + 1, in: document), "2:\(2 + index * width)")
            XCTAssertEqual(place(of: "w", occurrence: index + 1, in: document), "2:\(2 + index * width + width - 5)", "the link's text")
        }
        let pictures = document.text.attachments.map(\.image)
        XCTAssertEqual(pictures.count, count)
        let last = try XCTUnwrap(pictures.last.flatMap(document.elementPlaces.place(of:)))
        XCTAssertEqual(last.location, SourceLocation(file: "doc.txt", line: 2, column: 2 + (count - 1) * width + 10))
        XCTAssertEqual(last.sourceLine.count, markup.split(separator: "\n")[1].count)
        let warnings = document.diagnostics
        XCTAssertEqual(warnings.count, entities + 1, "\(warnings.prefix(3))")
        XCTAssertEqual(warnings.first?.location?.column, entitiesStart)
        XCTAssertEqual(warnings[entities - 1].location?.column, entitiesStart + (entities - 1) * 8)
        XCTAssertEqual(warnings.last?.location?.column, entitiesStart + entities * 8 + 6)
        XCTAssertTrue(warnings.last?.message.contains("unknown attribute 'colour'") ?? false)
        // The caret under the last message is under its attribute, in a window of the line.
        let shown = warnings.last!.description.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(shown[1])[shown[2].count - 1 ..< shown[2].count + 5].map(String.init).joined(), "colour")
    }

    func testAMessageAboutTheTextIsLocatedWithItsSourceLineAndCaret() {
        let document = TestSupport.parse("Title\n<font face=\"Arial\">Brains \u{E000}</font>", fileName: "zombies.txt")
        let offset = document.utf16Range(of: "\u{E000}").lowerBound
        let diagnostic = document.sourceMap.diagnostic(.warning, "no installed font has U+E000 <private use>", atTextOffset: offset)
        XCTAssertEqual(diagnostic.description, """
            zombies.txt:2:27: warning: no installed font has U+E000 <private use>
            <font face="Arial">Brains \u{E000}</font>
                                      ^
            """)
        XCTAssertEqual(document.sourceMap.diagnostic(.warning, "x", atTextOffset: 99).description, "warning: x")
    }

    /// Over real documents: the map covers the text, and each character is either the very
    /// source character at its place, or was made by the reference or tag there (or is a
    /// French narrow space, at the space it narrows or the mark it belongs to).
    func testEveryCharacterOfTheFixturesAndExamplesComesFromItsPlace() throws {
        var documents = [("zombies", try TestSupport.parseZombies())]
        for example in MarkupExample.all { documents.append((example.name, example.parse())) }
        for (name, document) in documents {
            let map = document.sourceMap, text = document.text.storage, source = map.source.units
            XCTAssertEqual(map.textLength, text.count, name)
            for offset in text.indices {
                guard let sourceOffset = map.sourceOffset(ofTextOffset: offset) else { return XCTFail("\(name): \(offset) unmapped") }
                let unit = UTF16.isTrailSurrogate(text[offset]) ? text[offset - 1] : text[offset]
                let found = source[sourceOffset]
                // French spacing: a space made narrow, or a narrow space put in at its mark.
                let frenchSpace = unit == 0x202F && [0x20, 0xA0, 0x3B, 0x3A, 0x21, 0x3F, 0xAB, 0xBB, 0x2039, 0x203A].contains(found)
                XCTAssertTrue(found == unit || found == 0x26 || found == 0x3C || frenchSpace,
                              "\(name): text offset \(offset) (U+\(String(unit, radix: 16))) comes from U+\(String(found, radix: 16))")
            }
        }
    }

    /// A prepared document's map keeps its source's text in a file, not in memory, and
    /// locates and quotes every character as the parser's map does: lines of every length,
    /// characters beyond U+FFFF (both halves at the first), references, the last line.
    func testTheMapWithItsSourceInAFileLocatesAndQuotesAsTheParsersDoes() {
        let markup = "Hello <b>world</b>\n\nZombies \u{1F9DF} &amp; brains\r\n" + String(repeating: "long ", count: 3000) + "\nlast"
        let document = TestSupport.parse(markup, fileName: "zombies.txt")
        let filed = document.sourceMap.keepingSourceInAFile()
        XCTAssertTrue(filed.source.units.isEmpty, "the text is let go")
        for offset in -1 ... document.text.length {
            XCTAssertEqual(filed.location(ofTextOffset: offset), document.sourceMap.location(ofTextOffset: offset), "\(offset)")
            XCTAssertEqual(filed.sourceLine(ofTextOffset: offset), document.sourceMap.sourceLine(ofTextOffset: offset), "\(offset)")
        }
        let zombie = document.utf16Range(of: "\u{1F9DF}").lowerBound
        XCTAssertEqual(filed.diagnostic(.warning, "x", atTextOffset: zombie + 1).description,
                       document.sourceMap.diagnostic(.warning, "x", atTextOffset: zombie).description)
        XCTAssertEqual(filed.sourceLine(ofTextOffset: document.utf16Range(of: "last").lowerBound), "last")
    }

    func testTheMapIsCompact() {
        let line = String(repeating: "Brains, more brains. ", count: 500)
        let plain = TestSupport.parse(Array(repeating: line, count: 100).joined(separator: "\n"))
        XCTAssertEqual(plain.sourceMap.origins.runs.count, 1, "text copied from the source unit for unit is one run")
        let tagged = TestSupport.parse(Array(repeating: "a <b>bold</b> &amp; " + line, count: 100).joined(separator: "\n"))
        // The first run, then on each line: after <b>, after </b>, the reference, after it (the
        // line end and the next line's "a " continue that last one).
        XCTAssertEqual(tagged.sourceMap.origins.runs.count, 1 + 100 * 4)
        XCTAssertEqual(tagged.sourceMap.location(ofTextOffset: tagged.text.length - 1)?.line, 100)
    }
}
