import Diagnostics
import Foundation
@testable import Markup
import Text
import XCTest

final class MarkupParserTests: XCTestCase {
    private let red = Color(red: 1, green: 0, blue: 0)
    private let blue = Color(red: 0, green: 0, blue: 1)
    private let green = Color(red: 0, green: 1, blue: 0)

    private func runs(_ document: MarkupDocument) -> [(text: String, attributes: TextAttributes)] {
        document.text.attributeRuns(in: 0 ..< document.text.length).map { (document.text.substring($0.range), $0.attributes) }
    }

    private func errors(_ document: MarkupDocument) -> [Diagnostic] {
        document.diagnostics.filter { $0.severity == .error }
    }

    private func warnings(_ document: MarkupDocument) -> [Diagnostic] {
        document.diagnostics.filter { $0.severity == .warning }
    }

    // MARK: Styles

    func testTutorialExampleGivesThreeRuns() {
        let document = TestSupport.parse(#"Hello <font color="red">core text <font color="blue">world!"#)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let runs = runs(document)
        XCTAssertEqual(runs.map(\.text), ["Hello ", "core text ", "world!"])
        XCTAssertEqual(runs.map(\.attributes.color), [.black, red, blue])
        XCTAssertEqual(document.text.string, "Hello core text world!")
    }

    func testFontAttributesApplyToTheTextAfterTheTagUntilChanged() {
        let markup = #"a<font face="Arial" size="20" color="green" strokeColor="blue">b c</font>d<font size="8">e"#
        let document = TestSupport.parse(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let runs = runs(document)
        XCTAssertEqual(runs.map(\.text), ["a", "b c", "d", "e"])

        XCTAssertEqual(runs[0].attributes, TestSupport.defaultAttributes())
        let styled = runs[1].attributes
        XCTAssertEqual(styled.fontFamily, "Arial")
        XCTAssertEqual(styled.fontSize, 20)
        XCTAssertEqual(styled.color, green)
        XCTAssertEqual(styled.stroke?.color, blue)
        XCTAssertEqual(runs[2].attributes, TestSupport.defaultAttributes())
        XCTAssertEqual(runs[3].attributes.fontSize, 8)
        XCTAssertEqual(runs[3].attributes.fontFamily, TestSupport.bodyFamily)
        XCTAssertEqual(runs[3].attributes.color, .black)
    }

    func testAttributesLeftOutKeepTheirValue() {
        let document = TestSupport.parse(#"<font color="red" size="14">a<font face="Arial">b</font></font>"#)
        let runs = runs(document)
        XCTAssertEqual(runs.map(\.text), ["a", "b"])
        XCTAssertEqual(runs[1].attributes.color, red)
        XCTAssertEqual(runs[1].attributes.fontSize, 14)
        XCTAssertEqual(runs[1].attributes.fontFamily, "Arial")
    }

    func testClosingFontRestoresTheStyleBeforeItsOpeningTag() {
        let markup = #"0<font color="red">1<font size="20">2<font color="blue" face="Arial">3</font>4</font>5</font>6"#
        let document = TestSupport.parse(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let attributes = (0 ..< 7).map { document.text.attributes(at: $0).attributes }
        XCTAssertEqual(document.text.string, "0123456")
        XCTAssertEqual(attributes.map(\.color), [.black, red, red, blue, red, red, .black])
        XCTAssertEqual(attributes.map(\.fontSize), [11, 11, 20, 20, 20, 11, 11])
        XCTAssertEqual(attributes.map(\.fontFamily),
                       ["TeX Gyre Pagella", "TeX Gyre Pagella", "TeX Gyre Pagella", "Arial",
                        "TeX Gyre Pagella", "TeX Gyre Pagella", "TeX Gyre Pagella"])
    }

    func testStrayClosingFontWarnsAndKeepsTheStyle() {
        let document = TestSupport.parse(#"<font color="red">a</font></font>b"#)
        XCTAssertEqual(errors(document).count, 0)
        XCTAssertEqual(warnings(document).count, 1)
        XCTAssertEqual(warnings(document).first?.location?.column, 27)
        XCTAssertEqual(document.text.attributes(at: 1).attributes.color, .black)
    }

    func testStrokeColorNoneRemovesTheStroke() {
        let markup = #"<font strokeColor="red">a<font strokeColor="none">b</font>c<font strokeColor="NONE">d"#
        let document = TestSupport.parse(markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let strokes = (0 ..< 4).map { document.text.attributes(at: $0).attributes.stroke?.color }
        XCTAssertEqual(strokes, [red, nil, red, nil])
        // strokeColor alone outlines in that colour and leaves the fill colour alone.
        XCTAssertEqual(document.text.attributes(at: 0).attributes.color, .black)
    }

    // MARK: Colours

    func testAllFifteenUIKitColourNamesInAnyCase() {
        let expected: [(String, Color)] = [
            ("black", Color(white: 0)), ("darkGray", Color(white: 1.0 / 3.0)), ("lightGray", Color(white: 2.0 / 3.0)),
            ("white", Color(white: 1)), ("gray", Color(white: 0.5)), ("red", Color(red: 1, green: 0, blue: 0)),
            ("green", Color(red: 0, green: 1, blue: 0)), ("blue", Color(red: 0, green: 0, blue: 1)),
            ("cyan", Color(red: 0, green: 1, blue: 1)), ("yellow", Color(red: 1, green: 1, blue: 0)),
            ("magenta", Color(red: 1, green: 0, blue: 1)), ("orange", Color(red: 1, green: 0.5, blue: 0)),
            ("purple", Color(red: 0.5, green: 0, blue: 0.5)), ("brown", Color(red: 0.6, green: 0.4, blue: 0.2)),
            ("clear", Color(white: 0, alpha: 0)),
        ]
        XCTAssertEqual(expected.count, 15)
        XCTAssertEqual(Set(ColorParser.knownNames.map { $0.lowercased() }), Set(expected.map { $0.0.lowercased() }))
        for (name, color) in expected {
            for spelling in [name, name.lowercased(), name.uppercased(), name.prefix(1).uppercased() + String(name.dropFirst())] {
                let document = TestSupport.parse("<font color=\"\(spelling)\">x")
                XCTAssertTrue(document.diagnostics.isEmpty, "\(spelling): \(document.diagnostics)")
                XCTAssertEqual(document.text.attributes(at: 0).attributes.color, color, spelling)
            }
        }
    }

    func testHexColours() {
        XCTAssertEqual(ColorParser.parse("#ff8000"), Color(red: 1, green: 128.0 / 255, blue: 0))
        XCTAssertEqual(ColorParser.parse("#FF8000"), Color(red: 1, green: 128.0 / 255, blue: 0))
        XCTAssertEqual(ColorParser.parse("#0a141e"), Color(red: 10.0 / 255, green: 20.0 / 255, blue: 30.0 / 255))
        XCTAssertEqual(ColorParser.parse("#f80"), Color(red: 1, green: 136.0 / 255, blue: 0))
        for bad in ["#12345", "#1234567", "#ggg", "#", "ff8000", "reddish", ""] {
            XCTAssertNil(ColorParser.parse(bad), bad)
        }
        let document = TestSupport.parse(##"<font color="#336699" strokeColor="#000000">x"##)
        XCTAssertTrue(document.diagnostics.isEmpty)
        XCTAssertEqual(document.text.attributes(at: 0).attributes.color, Color(red: 0.2, green: 0.4, blue: 0.6))
        XCTAssertEqual(document.text.attributes(at: 0).attributes.stroke?.color, Color(white: 0), "#000000 is RGB, as written")
    }

    func testUnknownColourIsAnErrorAtItsValueWithSourceLineAndCaret() throws {
        let document = TestSupport.parse("first line\nsome <font color=\"reddish\">x</font>\n", fileName: "mag.txt")
        let errors = errors(document)
        XCTAssertEqual(errors.count, 1)
        let error = try XCTUnwrap(errors.first)
        XCTAssertEqual(error.location, SourceLocation(file: "mag.txt", line: 2, column: 19))
        XCTAssertEqual(error.sourceLine, "some <font color=\"reddish\">x</font>")
        let lines = error.description.components(separatedBy: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].hasPrefix("mag.txt:2:19: error: unknown color \"reddish\""), lines[0])
        XCTAssertEqual(lines[1], "some <font color=\"reddish\">x</font>")
        XCTAssertEqual(lines[2], String(repeating: " ", count: 18) + "^")
        // The caret points at the value's first character.
        XCTAssertEqual(Array(lines[1])[lines[2].count - 1], "r")
        // The text still comes through, in the colour it had.
        XCTAssertEqual(document.text.string, "first line\nsome x\n")
        XCTAssertEqual(document.text.attributes(at: 16).attributes.color, .black)
    }

    func testUnknownStrokeColourIsAnError() {
        let document = TestSupport.parse(#"<font strokeColor="blurple">x"#)
        XCTAssertEqual(errors(document).count, 1)
        XCTAssertEqual(errors(document).first?.location?.column, 20)
        XCTAssertTrue(errors(document)[0].message.contains("blurple"))
    }

    func testColumnsCountUnicodeScalarsNotUTF16Units() {
        // The emoji is two UTF-16 units but one column.
        let document = TestSupport.parse("😀é <font color=\"nope\">")
        XCTAssertEqual(errors(document).first?.location?.line, 1)
        XCTAssertEqual(errors(document).first?.location?.column, 17)
    }

    // MARK: Sizes

    func testSizes() {
        XCTAssertEqual(TestSupport.parse(#"<font size="12.5">x"#).text.attributes(at: 0).attributes.fontSize, 12.5)
        XCTAssertEqual(TestSupport.parse(#"<font size="12pt">x"#).text.attributes(at: 0).attributes.fontSize, 12)
        XCTAssertEqual(TestSupport.parse(#"<font size="1000">x"#).text.attributes(at: 0).attributes.fontSize, 1000)
        XCTAssertEqual(TestSupport.parse(#"<font size=9>x"#).text.attributes(at: 0).attributes.fontSize, 9)
    }

    func testBadSizesAreErrorsAtTheValue() {
        let cases: [(String, String)] = [
            ("big", "must be a number"), ("-3", "greater than 0"), ("0", "greater than 0"),
            ("1001", "too large"), ("1000000000", "too large"), ("1e9", "has an exponent"), ("nan", "must be a number"),
            ("inf", "must be a number"),
        ]
        for (value, message) in cases {
            let document = TestSupport.parse("ab <font size=\"\(value)\">x")
            let errors = errors(document)
            XCTAssertEqual(errors.count, 1, value)
            XCTAssertEqual(errors.first?.location?.column, 16, value)
            XCTAssertTrue(errors.first?.message.contains(message) ?? false, "\(value): \(errors.first?.message ?? "")")
            // The size stays what it was.
            XCTAssertEqual(document.text.attributes(at: 3).attributes.fontSize, 11, value)
        }
    }

    // MARK: Tags

    func testUnterminatedTagIsAnError() {
        let document = TestSupport.parse("line one\nabc <font color=\"red\"")
        let errors = errors(document)
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors.first?.message.contains("unterminated tag") ?? false, "\(errors)")
        XCTAssertEqual(errors.first?.location?.line, 2)
        XCTAssertEqual(errors.first?.location?.column, 5)
    }

    func testUnterminatedAttributeValueIsAnError() {
        let document = TestSupport.parse("<font color=\"red>x\nmore")
        let errors = errors(document)
        XCTAssertEqual(errors.count, 1)
        XCTAssertTrue(errors.first?.message.contains("closing quote") ?? false, "\(errors)")
        XCTAssertEqual(errors.first?.location?.line, 1)
        XCTAssertEqual(errors.first?.location?.column, 13)
        XCTAssertTrue(document.text.string.hasSuffix("more"))
    }

    func testUnknownTagIsAWarningAndItsTextStays() {
        let document = TestSupport.parse("a <blink>bold</blink> c")
        XCTAssertFalse(document.hasErrors)
        let warnings = warnings(document)
        XCTAssertEqual(warnings.count, 2)
        XCTAssertEqual(warnings.map { $0.location?.column }, [3, 14])
        XCTAssertTrue(warnings[0].message.contains("unknown tag <blink>"), warnings[0].message)
        XCTAssertEqual(document.text.string, "a bold c")
    }

    func testUnknownAttributeIsAWarning() {
        let document = TestSupport.parse(#"<font colour="red">x"#)
        XCTAssertFalse(document.hasErrors)
        XCTAssertEqual(warnings(document).count, 1)
        XCTAssertEqual(warnings(document).first?.location?.column, 7)
    }

    func testALessThanSignNotFollowedByALetterIsText() {
        let document = TestSupport.parse("1 < 2 <3")
        XCTAssertTrue(document.diagnostics.isEmpty)
        XCTAssertEqual(document.text.string, "1 < 2 <3")
    }

    func testCommentsAreSkipped() {
        let document = TestSupport.parse("a<!-- <font color=\"nope\"> -->b")
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        XCTAssertEqual(document.text.string, "ab")
        XCTAssertTrue(TestSupport.parse("a<!-- never closed").hasErrors)
    }

    func testDiagnosticsAreInSourceOrder() {
        let document = TestSupport.parse("<x>\n<font color=\"a\">\n<font size=\"b\">text\n<y>")
        let lines = document.diagnostics.compactMap { $0.location?.line }
        XCTAssertEqual(lines, [1, 2, 3, 4])
    }

    // MARK: Paragraphs

    func testANewlineEndsAParagraph() {
        let document = TestSupport.parse("one <font color=\"red\">two\nthree</font>\nfour")
        let text = document.text
        XCTAssertEqual(text.string, "one two\nthree\nfour")
        XCTAssertEqual(text.paragraphRange(containing: 0), 0 ..< 8)
        XCTAssertEqual(text.paragraphRange(containing: 9), 8 ..< 14)
        XCTAssertEqual(text.paragraphRange(containing: 15), 14 ..< 18)
        // A style crosses the paragraph end unchanged.
        XCTAssertEqual(text.attributes(at: 9).attributes.color, red)
    }

    // MARK: Pictures

    func testImageBecomesOneObjectReplacementCharacterWithARunDelegate() throws {
        let path = TestSupport.imagePath("rgb8.png")
        let markup = "line one\nsee <img src=\"\(path)\" width=\"120\" height=\"80\" alt=\"\"> here"
        let document = TestSupport.parse(markup, fileName: "doc.txt")
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let text = document.text
        XCTAssertEqual(text.string, "line one\nsee \u{FFFC} here")
        XCTAssertEqual(text.storage.filter { $0 == 0xFFFC }.count, 1)
        let attributes = text.attributes(at: 13)
        XCTAssertEqual(attributes.range, 13 ..< 14)
        XCTAssertEqual(attributes.attributes.runDelegate, RunDelegate(ascent: 80, descent: 0, width: 120))
        XCTAssertEqual(attributes.attributes.image?.path, path)
        let image = try XCTUnwrap(attributes.attributes.image)
        XCTAssertEqual(document.elementPlaces.place(of: image)?.location, SourceLocation(file: "doc.txt", line: 2, column: 15), "at its src value")
        XCTAssertNil(text.attributes(at: 12).attributes.runDelegate)
        XCTAssertNil(text.attributes(at: 14).attributes.runDelegate)
        XCTAssertEqual(text.attachments.map(\.index), [13])
    }

    func testRelativeImagePathsAreMadeAbsoluteFromTheBaseDirectory() {
        let base = TestSupport.imagesDirectory.path
        let document = TestSupport.parse(#"<img src="rgb8.png" width="24" height="16" alt=""><img src="../images/grey8.png" width="1.5" height="1" alt="">"#,
                                         baseDirectory: base)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        XCTAssertEqual(document.text.attachments.map(\.image.path),
                       [TestSupport.imagePath("rgb8.png"), TestSupport.imagePath("grey8.png")])
        for attachment in document.text.attachments {
            XCTAssertTrue(attachment.image.path.hasPrefix("/"))
            XCTAssertFalse(attachment.image.path.contains(".."))
        }
    }

    func testMissingImageDimensionsFollowThePicture() {
        let path = TestSupport.imagePath("rgb8.png")   // 240×160
        func delegate(_ attributes: String) -> RunDelegate? {
            TestSupport.parse("<img src=\"\(path)\" \(attributes) alt=\"\">").text.attributes(at: 0).attributes.runDelegate
        }
        XCTAssertEqual(delegate(""), RunDelegate(ascent: 160, descent: 0, width: 240))
        XCTAssertEqual(delegate("width=\"120\""), RunDelegate(ascent: 80, descent: 0, width: 120))
        XCTAssertEqual(delegate("height=\"40\""), RunDelegate(ascent: 40, descent: 0, width: 60))
    }

    func testMissingImageFileIsAnErrorAtTheSrcValue() {
        let document = TestSupport.parse("text\n  <img src=\"nowhere.png\" width=\"10\" height=\"10\" alt=\"\">",
                                         baseDirectory: TestSupport.imagesDirectory.path)
        let errors = errors(document)
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first?.location?.line, 2)
        XCTAssertEqual(errors.first?.location?.column, 13)
        XCTAssertTrue(errors.first?.message.contains("not found") ?? false, errors.first?.message ?? "")
        XCTAssertTrue(errors.first?.message.contains("nowhere.png") ?? false)
        XCTAssertFalse(document.text.storage.contains(0xFFFC))
    }

    func testImageWithoutSrcOrWithBadSizeIsAnError() {
        XCTAssertEqual(errors(TestSupport.parse(#"<img width="10" alt="">"#)).first?.location?.column, 1)
        let path = TestSupport.imagePath("rgb8.png")
        let bad = TestSupport.parse("<img src=\"\(path)\" width=\"-5\" height=\"10\" alt=\"\">")
        XCTAssertEqual(errors(bad).count, 1)
        XCTAssertFalse(bad.text.storage.contains(0xFFFC))
    }

    func testTagsIgnoreCaseAndImagesMayCloseThemselves() {
        let path = TestSupport.imagePath("rgb8.png")
        let beforeClosingImg = "<FONT COLOR=\"Red\" Size=\"20\">x</FONT><img src=\"\(path)\" width=\"10\" alt=\"\"/>"
        let document = TestSupport.parse(beforeClosingImg + "</img>y")
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)")
        XCTAssertEqual(document.text.string, "x\u{FFFC}y")
        XCTAssertEqual(document.text.attributes(at: 0).attributes.color, red)
        XCTAssertEqual(document.text.attributes(at: 0).attributes.fontSize, 20)
        XCTAssertEqual(document.text.attributes(at: 2).attributes.color, .black)
        XCTAssertEqual(warnings(document).count, 1, "</img> has no effect")
        XCTAssertEqual(warnings(document).first?.location?.column, beforeClosingImg.unicodeScalars.count + 1)
    }

    func testATagCutOffAtTheEndOfTheFile() {
        let document = TestSupport.parse("ab\n<font color=")
        XCTAssertEqual(errors(document).count, 1)
        XCTAssertEqual(errors(document).first?.location, SourceLocation(file: "doc.txt", line: 2, column: 13))
        XCTAssertEqual(document.text.string, "ab\n")
    }

    func testAnEmptyFaceIsAnError() {
        let document = TestSupport.parse(#"<font face=" ">x"#)
        XCTAssertEqual(errors(document).count, 1)
        XCTAssertEqual(document.text.attributes(at: 0).attributes.fontFamily, TestSupport.bodyFamily)
    }

    func testFontRequestsListEachFamilyOnceWhereFirstNamed() {
        let document = TestSupport.parse("<font face=\"Arial\">a</font>\n<font face=\"Zapfino\">b<font face=\"arial\">c")
        XCTAssertEqual(document.fontRequests.map(\.family), ["TeX Gyre Pagella", "Arial", "Zapfino"])
        XCTAssertNil(document.fontRequests[0].location)
        XCTAssertEqual(document.fontRequests[1].location?.line, 1)
        XCTAssertEqual(document.fontRequests[1].location?.column, 13)
        XCTAssertEqual(document.fontRequests[2].location?.line, 2)
        XCTAssertEqual(document.fontRequests[2].sourceLine, "<font face=\"Zapfino\">b<font face=\"arial\">c")
    }

    // MARK: Source decoding

    func testByteOrderMarkAndCRLFAreAccepted() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a\r\nb <font color=\"bogus\">c\rd".utf8)
        let source = try MarkupSource(fileName: "crlf.txt", bytes: bytes)
        XCTAssertEqual(String(decoding: source.units, as: UTF16.self), "a\nb <font color=\"bogus\">c\nd")
        let document = TestSupport.parser().parse(source)
        XCTAssertEqual(document.text.string, "a\nb c\nd")
        XCTAssertEqual(errors(document).first?.location, SourceLocation(file: "crlf.txt", line: 2, column: 16))
        XCTAssertEqual(errors(document).first?.sourceLine, "b <font color=\"bogus\">c")
        XCTAssertEqual(document.text.paragraphRange(containing: 3), 2 ..< 6)
    }

    func testInvalidUTF8IsReportedWithLineAndColumn() {
        let bytes: [UInt8] = Array("ab\ncdé".utf8) + [0xFF] + Array("x\n".utf8)
        XCTAssertThrowsError(try MarkupSource(fileName: "bad.txt", bytes: bytes)) { error in
            guard let diagnostic = error as? Diagnostic else { return XCTFail("not a Diagnostic: \(error)") }
            XCTAssertEqual(diagnostic.severity, .error)
            XCTAssertEqual(diagnostic.location, SourceLocation(file: "bad.txt", line: 2, column: 4))
            XCTAssertTrue(diagnostic.message.contains("0xFF"), diagnostic.message)
            XCTAssertTrue(diagnostic.description.hasPrefix("bad.txt:2:4: error: invalid UTF-8"), diagnostic.description)
        }
    }

    func testInvalidUTF8AfterByteOrderMark() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("abc".utf8) + [0xC3, 0x28]
        XCTAssertThrowsError(try MarkupSource(fileName: "bad.txt", bytes: bytes)) { error in
            XCTAssertEqual((error as? Diagnostic)?.location, SourceLocation(file: "bad.txt", line: 1, column: 4))
        }
    }

    private func invalidUTF8Location(_ bytes: [UInt8]) -> SourceLocation? {
        do {
            _ = try MarkupSource(fileName: "bad.txt", bytes: bytes)
            return nil
        } catch {
            return (error as? Diagnostic)?.location
        }
    }

    func testInvalidUTF8InACRLFFileIsReportedOnItsLine() throws {
        let bytes: [UInt8] = Array("one\r\ntwo\r\nthr".utf8) + [0xFE]
        let expected = SourceLocation(file: "bad.txt", line: 3, column: 4)
        XCTAssertEqual(invalidUTF8Location(bytes), expected)
    }

    func testInvalidUTF8InACRFileIsReportedOnItsLine() throws {
        let bytes: [UInt8] = Array("one\rtwo\rthr".utf8) + [0xFE]
        let expected = SourceLocation(file: "bad.txt", line: 3, column: 4)
        XCTAssertEqual(invalidUTF8Location(bytes), expected)
    }

    /// The one-pass decoder (`DecodedText`) against the standard library's: the same units for
    /// valid input (line ends made LF), the same line starts and trail surrogates as counting
    /// them again, and invalid input refused where `String(validating:)` refuses it, on
    /// thousands of byte strings of every length of sequence, broken ones among them.
    func testDecodingMatchesTheStandardLibrarysOnMixedAndBrokenBytes() {
        let pieces: [[UInt8]] = [Array("a".utf8), Array("Zz ".utf8), [0x0D], [0x0A], [0x0D, 0x0A], Array("é".utf8),
                                 Array("€".utf8), Array("𝄞".utf8), Array("😀".utf8), [0xC3], [0xFF], [0xED, 0xA0, 0x80],
                                 [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0xE2, 0x82], [0x80], [0x00]]
        var generator = SystemRandomNumberGenerator()
        for round in 0 ..< 3000 {
            var bytes: [UInt8] = []
            for _ in 0 ..< Int.random(in: 0 ... 12, using: &generator) {
                // Valid pieces mostly, so that a good share of the strings decode.
                let piece = round % 3 == 0 ? pieces.randomElement(using: &generator)! : pieces[Int.random(in: 0 ..< 9, using: &generator)]
                bytes += piece
            }
            assertDecodesAsTheStandardLibrary(bytes)
        }
    }

    /// The same on long strings, mostly ASCII, that the decoder takes sixteen bytes at a time
    /// where it can: a line end, a control, a character beyond ASCII or a broken byte at every
    /// place of a block and across two.
    func testDecodingBlocksOfASCIIMatchesTheStandardLibrarys() {
        let others: [[UInt8]] = [[0x0D], [0x0A], [0x0D, 0x0A], [0x09], [0x0E], [0x7F], [0x00], Array("é".utf8), Array("€".utf8),
                                 Array("😀".utf8), [0xFF], [0xE2, 0x82], [0x80]]
        for other in others {
            for place in 0 ..< 40 {
                var bytes = Array(String(repeating: "In the beginning ", count: 4).utf8)
                bytes.insert(contentsOf: other, at: place)
                assertDecodesAsTheStandardLibrary(bytes)
                assertDecodesAsTheStandardLibrary(bytes + bytes)
            }
        }
    }

    /// `bytes` decode to the units, line starts and trail surrogates the standard library's
    /// decoding gives, or are refused when it refuses them.
    private func assertDecodesAsTheStandardLibrary(_ bytes: [UInt8], line: UInt = #line) {
        let valid = String(validating: bytes, as: UTF8.self)
        do {
            let source = try MarkupSource(fileName: "mixed.txt", bytes: bytes)
            let expected = valid.map { $0.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n") }
            XCTAssertEqual(String(decoding: source.units, as: UTF16.self), expected, "\(bytes)", line: line)
            XCTAssertEqual(source.lineStarts, [0] + source.units.indices.filter { source.units[$0] == 0x0A }.map { $0 + 1 }, "\(bytes)",
                           line: line)
            XCTAssertEqual(source.trailSurrogates, source.units.indices.filter { UTF16.isTrailSurrogate(source.units[$0]) }, "\(bytes)",
                           line: line)
        } catch {
            XCTAssertNil(valid, "refused valid UTF-8: \(bytes)", line: line)
        }
    }

    func testEntities() {
        let document = TestSupport.parse("a &amp; b &lt;c&gt; &#x41;&#66;&quot;&apos; &bogus; & alone &#0;")
        XCTAssertFalse(document.hasErrors)
        // An unknown or impossible reference is kept as text, with a warning at its '&'.
        XCTAssertEqual(warnings(document).map { $0.location?.column }, [45, 61])
        XCTAssertEqual(document.text.string, "a & b <c> AB\"' &bogus; & alone &#0;")
        XCTAssertEqual(TestSupport.parse("&#x1F600;").text.string, "😀")
        XCTAssertEqual(Array(TestSupport.parse("a&nbsp;b").text.storage), [0x61, 0xA0, 0x62])
        // Entities in attribute values are decoded too.
        let face = TestSupport.parse(#"<font face="A&amp;B">x"#)
        XCTAssertEqual(face.text.attributes(at: 0).attributes.fontFamily, "A&B")
    }

    func testAnEscapedTagIsText() {
        let document = TestSupport.parse("&lt;font color=\"red\">x")
        XCTAssertTrue(document.diagnostics.isEmpty)
        XCTAssertEqual(document.text.string, "<font color=\"red\">x")
        XCTAssertEqual(document.text.attributes(at: 0).attributes.color, .black)
    }

    func testLocationsOnLaterLinesAndTheirSourceLines() {
        let source = MarkupSource(fileName: "f.txt", text: "ab\n\ncdé\nlast")
        XCTAssertEqual(source.location(of: 0), SourceLocation(file: "f.txt", line: 1, column: 1))
        XCTAssertEqual(source.location(of: 3), SourceLocation(file: "f.txt", line: 2, column: 1))
        XCTAssertEqual(source.location(of: 6), SourceLocation(file: "f.txt", line: 3, column: 3))
        XCTAssertEqual(source.location(of: 8), SourceLocation(file: "f.txt", line: 4, column: 1))
        XCTAssertEqual(source.location(of: 9), SourceLocation(file: "f.txt", line: 4, column: 2))
        XCTAssertEqual(source.lineText(containing: 3), "")
        XCTAssertEqual(source.lineText(containing: 5), "cdé")
        XCTAssertEqual(source.lineText(containing: 12), "last")
    }
}
