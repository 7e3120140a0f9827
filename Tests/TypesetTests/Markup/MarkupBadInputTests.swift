import Diagnostics
import Foundation
import Markup
import Text
import XCTest

/// Every kind of mistake a document can hold gives the located message docs/markup.md lists —
/// an error or a warning — and never a crash or a hang.
final class MarkupBadInputTests: XCTestCase {
    private func errors(_ document: MarkupDocument) -> [Diagnostic] {
        document.diagnostics.filter { $0.severity == .error }
    }

    private func warnings(_ document: MarkupDocument) -> [Diagnostic] {
        document.diagnostics.filter { $0.severity == .warning }
    }

    /// The one error of `markup`: its column and message.
    private func onlyError(_ markup: String, baseDirectory: String = "/", file: StaticString = #filePath, line: UInt = #line) -> (column: Int, message: String) {
        let document = TestSupport.parse(markup, baseDirectory: baseDirectory)
        let errors = errors(document)
        XCTAssertEqual(errors.count, 1, "\(markup): \(document.diagnostics)", file: file, line: line)
        return (errors.first?.location?.column ?? 0, errors.first?.message ?? "")
    }

    // MARK: Tags

    func testUnterminatedTag() {
        XCTAssertEqual(onlyError("ab <font color=\"red\"").column, 4)
        let beforeAnother = onlyError("ab <font color=\"red\" <b>x</b>")
        XCTAssertEqual(beforeAnother.column, 4)
        XCTAssertTrue(beforeAnother.message.contains("unterminated tag <font: expected '>'"), beforeAnother.message)
        XCTAssertTrue(onlyError("x </").message.contains("expected a tag name"))
        XCTAssertTrue(onlyError("x <!DOCTYPE html>").message.contains("only comments"))
    }

    func testUnknownTagsAndAttributesAreWarningsAndIgnored() {
        let document = TestSupport.parse(#"<blink>a</blink> <font colour="red" size="12">b</font> <fnt>c"#)
        XCTAssertFalse(document.hasErrors)
        XCTAssertEqual(document.text.string, "a b c")
        let messages = warnings(document).map(\.message)
        XCTAssertEqual(messages.count, 4, "\(messages)")
        XCTAssertTrue(messages[2].contains("did you mean 'color'?"), messages[2])
        XCTAssertTrue(messages[3].contains("unknown tag <fnt> ignored (did you mean 'font'?)"), messages[3])
        XCTAssertEqual(document.attributes(of: "b").fontSize, 12, "the tag's other attributes apply")
        XCTAssertEqual(document.attributes(of: "b").color, .black)
        // Attributes where none belong.
        let extra = TestSupport.parse(#"<b weight="300">x</b size="1"><br clear="all">"#)
        XCTAssertEqual(warnings(extra).count, 3)
        XCTAssertEqual(extra.attributes(of: "x").fontWeight, 700)
    }

    func testAClosingTagWithNoOpeningTagIsAWarning() {
        let document = TestSupport.parse("a</p></b></li></br>b")
        XCTAssertFalse(document.hasErrors)
        XCTAssertEqual(warnings(document).map { $0.location?.column }, [2, 6, 15], "</li> is optional and silent")
        XCTAssertEqual(document.text.string, "ab")
    }

    func testAClosingTagClosesTheTagsOpenedInsideIt() {
        let document = TestSupport.parse(#"<b>a<font color="red"><i>b</b>c</i></font>d"#)
        XCTAssertEqual(document.attributes(of: "c"), TestSupport.defaultAttributes())
        XCTAssertEqual(warnings(document).count, 2, "</i> and </font> no longer match anything")
        XCTAssertEqual(document.attributes(of: "d"), TestSupport.defaultAttributes())
    }

    /// Styling tags nest as deep as what they hold allows (`OpenElements.mostBytes`; a located
    /// error past it); 20,000 deep, two tags a level, parsing stays linear.
    func testNestingToTheLimitParses() {
        let depth = 10_000
        let markup = String(repeating: "<font color=\"red\"><b>", count: depth) + "deep" + String(repeating: "</b></font>", count: depth) + "out"
        let document = TestSupport.parse(markup)
        XCTAssertTrue(document.diagnostics.isEmpty)
        XCTAssertEqual(document.text.string, "deepout")
        XCTAssertEqual(document.attributes(of: "deep").fontWeight, 700)
        XCTAssertEqual(document.attributes(of: "out"), TestSupport.defaultAttributes())
        // Unclosed and stray tags in bulk stay linear.
        let unclosed = TestSupport.parse(String(repeating: "<p align=left><sup>", count: depth) + "x" + String(repeating: "</i>", count: 200))
        XCTAssertEqual(warnings(unclosed).count, 200)
        XCTAssertGreaterThanOrEqual(unclosed.attributes(of: "x").fontSize, 1, "superscripts never shrink below 1 pt")
    }

    func testUnquotedAndSingleQuotedValuesAreAccepted() {
        let document = TestSupport.parse("<font color=red size=14 face='Liberation Sans'>x</font><p align=center>")
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        XCTAssertEqual(document.attributes(of: "x").color, Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(document.attributes(of: "x").fontSize, 14)
        XCTAssertEqual(document.attributes(of: "x").fontFamily, "Liberation Sans")
    }

    // MARK: Values

    /// A box's columns narrower than a column can set are an error at the value, as a
    /// section's are, and the box is set in one column: 12 in 20 pt printed glyphs outside it.
    func testABoxsColumnsTooNarrowAreAnErrorAtTheValue() {
        let crowded = onlyError(#"<aside columns="12" width="20">x y z</aside>"#)
        XCTAssertEqual(crowded.column, 17)
        XCTAssertEqual(crowded.message, "12 columns 12 pt apart do not fit across a 20 pt wide <aside>; each must be at least 12 pt wide")
        let narrow = onlyError(#"<figure columns="3" gutter="2" width="39">x y z</figure>"#)
        XCTAssertEqual(narrow.message, "3 columns 2 pt apart are 11.7 pt wide in a 39 pt wide <figure>, too narrow to set text (at least 12 pt)")
        XCTAssertTrue(errors(TestSupport.parse(#"<aside columns="3" gutter="2" width="42">x y z</aside>"#)).isEmpty)
    }

    /// A first line that would start left of its column is warned of at the indent and
    /// starts at the column's edge: `indent="-1000"` printed its 'T' at x = −943 pt.
    func testAFirstLineLeftOfItsColumnIsWarnedOfAndStartsAtItsEdge() {
        let document = TestSupport.parse("<p indent=\"-1000\">Text</p>\n<p indent=\"-10\" head-indent=\"10\">Hanging</p>\n")
        XCTAssertEqual(warnings(document).map(\.message),
                       ["the first line would start 1000 pt left of its column (indent -1000 pt, head-indent 0 pt); it starts at the column's edge"])
        XCTAssertEqual(warnings(document).first?.location?.column, 12)
        XCTAssertEqual(document.paragraphStyle(of: "Text").firstLineIndent, 0)
        XCTAssertEqual(document.paragraphStyle(of: "Hanging").firstLineIndent, -10)
    }

    func testUnknownColoursAreErrorsAtTheValue() {
        for value in ["reddish", "#12345", "rgb(300, 0, 0)", "rgb(0, 0, 0, 0, 0)", "hsl(1, 2%, 3%)", ""] {
            let result = onlyError("ab <font color=\"\(value)\">x")
            XCTAssertEqual(result.column, 17, value)
            XCTAssertTrue(result.message.hasPrefix("unknown color \"\(value)\""), result.message)
        }
        XCTAssertTrue(onlyError(#"<font color="tomatoe">x"#).message.contains("did you mean 'tomato'?"))
        for attribute in ["strokeColor", "underline-color", "strike-color", "background"] {
            XCTAssertEqual(onlyError("<font \(attribute)=\"nope\">x").column, attribute.count + 9, attribute)
        }
        XCTAssertTrue(onlyError(#"<font shadow="1 1 0 nope">x"#).message.contains("unknown color \"nope\""))
    }

    func testUnusableNumbersAreErrorsAtTheValue() {
        let cases: [(String, String)] = [
            (#"<font size="big">"#, "must be a number"), (#"<font size="-3">"#, "greater than 0"),
            (#"<font size="1001">"#, "too large"), (#"<font size="0x10">"#, "unknown unit \"x10\""),
            (#"<font strokeWidth="200">"#, "too large"), (#"<font baseline="up">"#, "must be a number"),
            (#"<font tracking="lots">"#, "must be a number"), (#"<font tracking="20em">"#, "too large"),
            (#"<font weight="1000">"#, "100 to 900"), (#"<font weight="450.5">"#, "100 to 900"),
            (#"<p indent="x">"#, "must be a number"), (#"<p space-before="-1">"#, "at least 0"),
            (#"<p head-indent="99999">"#, "too large"), (#"<p line-height="0">"#, "greater than 0"),
            (#"<p line-height="14">"#, "write 14pt"), (#"<p line-height-min="-2">"#, "greater than 0"),
            (#"<p tab-interval="0">"#, "greater than 0"), (#"<li indent="-5">"#, "at least 0"),
            (#"<li type="number" start="1.5">"#, "whole number"), (#"<img alt="" src="rgb8.png" width="wide">"#, "must be a number"),
            // Greater than 0 but too small to scale to: Cairo would find the matrix not invertible.
            (#"<img alt="" src="rgb8.png" width="0.001">"#, "width 0.001 is too small (at least 0.01 pt)"),
            (#"<img alt="" src="rgb8.png" height="0.009pt">"#, "too small"), (#"<font size="0.001">"#, "size 0.001 is too small"),
            (#"<p line-height="0.0001pt">"#, "too small"), (#"<p line-height="0.001">"#, "too small (at least 0.01)"),
            (#"<p line-height-max="0.001pt">"#, "too small"), (#"<p tab-interval="0.000001">"#, "too small"),
            // Lengths are plain decimals: an exponent is refused, not read.
            (#"<font size="1e-200">"#, "has an exponent"), (#"<p tab-interval="1e3">"#, "has an exponent"),
            // The size that follows from the picture's proportions (240 × 160 pixels) is checked too.
            (#"<img alt="" src="rgb8.png" width="0.012">"#, "would be 0.008 pt in height"),
            (#"<img alt="" src="rgb8.png" height="10000">"#, "would be 15000 pt in width"),
        ]
        for (markup, message) in cases {
            let result = onlyError("ab " + markup + "x", baseDirectory: TestSupport.imagesDirectory.path)
            XCTAssertTrue(result.message.contains(message), "\(markup): \(result.message)")
            // The caret is at the value of the tag's last attribute, the one in error.
            let lastValue = markup.range(of: "=\"", options: .backwards).map { markup.distance(from: markup.startIndex, to: $0.upperBound) }
            XCTAssertEqual(result.column, lastValue.map { $0 + 4 }, markup)
        }
    }

    func testWordsOutsideTheirChoicesAreErrors() {
        let cases: [(String, String)] = [
            (#"<p align="middle">"#, "align must be left, right, center, justify, start or end, not \"middle\""),
            (#"<p dir="rtl-ltr">"#, "dir must be ltr, rtl or auto, not \"rtl-ltr\""),
            (#"<font kerning="maybe">"#, "kerning must be on or off"), (#"<p hyphenate="sometimes">"#, "must be on or off"),
            (#"<font underline="wavy">"#, "underline must be none, single, double, thick, dotted or dashed"),
            (#"<font slant="oblique">"#, "slant must be normal or italic"), (#"<font weight="heavy">"#, "weight must be"),
            (#"<li type="roman">"#, "type must be bullet or number"), (#"<font face="">"#, "empty font face"),
            (#"<font features="italics">"#, "four letters"), (#"<font features="ss01=x">"#, "feature value"),
            (#"<font shadow="1">"#, "shadow must be"), (#"<font shadow="1 1 -2">"#, "blur at least 0"),
            (#"<font lang="english language">"#, "BCP 47"), (#"<font lang="e">"#, "BCP 47"),
            (#"<p tabs="72 sideways">"#, "not left, right, center or decimal"),
            (#"<p line-height-min="20" line-height-max="10">"#, "more than line-height-max"),
            (#"<li marker="">"#, "marker must not be empty"),
        ]
        for (markup, message) in cases {
            let result = onlyError(markup + "x")
            XCTAssertTrue(result.message.contains(message), "\(markup): \(result.message)")
        }
        // The value in error leaves the style as it was.
        XCTAssertEqual(TestSupport.parse(#"<font size="14"><font size="huge" color="red">x"#).attributes(of: "x").fontSize, 14)
    }

    func testUnknownStyleNamesAreErrorsAtTheValue() {
        let result = onlyError(#"<p style="headlin">x"#)
        XCTAssertEqual(result.column, 11)
        XCTAssertTrue(result.message.contains("unknown style \"headlin\" (did you mean 'headline'?)"), result.message)
        XCTAssertTrue(result.message.contains("caption1, caption2, footnote, headline, jump, resume, subheadline"), result.message)
        XCTAssertTrue(onlyError(#"<p style="italic">x"#).message.contains("unknown style"), "on <p>, style only names a named style")
        XCTAssertTrue(onlyError(#"<style size="20"/>x"#).message.contains("needs a name"))
        XCTAssertTrue(onlyError(#"<style name="two words" size="20"/>x"#).message.contains("a style name is"))
        XCTAssertTrue(onlyError(#"<style name="x" style="nothing"/>x"#).message.contains("unknown style"))
        // A style is known only after its definition.
        XCTAssertEqual(onlyError(#"<font style="later">x<style name="later"/>"#).column, 14)
    }

    /// A designer's `<p style="pull">` above its definition got "unknown style" alone, which
    /// reads as a misspelling; the definition now says it came after the use.
    func testAStyleDefinedAfterItsUseSaysSoWhereItIsDefined() {
        let document = TestSupport.parse("<p style=\"pull\">Early</p>\n<style name=\"Pull\" color=\"red\"/>\n<p style=\"pull\">Late</p>\n")
        XCTAssertEqual(document.diagnostics.map(\.severity), [.error, .note], "\(document.diagnostics)")
        let note = document.diagnostics[1]
        XCTAssertEqual(note.location?.line, 2)
        XCTAssertEqual(note.message, "style \"Pull\" is defined here, after its use at line 1; define it above the text that uses it")
    }

    // MARK: Rules

    func testInvalidPatternsAreErrorsAtTheProblem() {
        let unbalanced = onlyError(#"<rule pattern="(\w+" color="red"/>x"#)
        XCTAssertTrue(unbalanced.message.hasPrefix("invalid rule pattern: unbalanced parentheses"), unbalanced.message)
        XCTAssertGreaterThanOrEqual(unbalanced.column, 16)
        XCTAssertLessThanOrEqual(unbalanced.column, 20)
        let interval = onlyError(#"<rule pattern="a{3,1}" color="red"/>x"#)
        XCTAssertTrue(interval.message.contains("max is less than the min"), interval.message)
        // Offsets count the pattern as written, references and all.
        let afterReference = onlyError(#"<rule pattern="&amp;&amp;a{3,1}" color="red"/>x"#)
        XCTAssertEqual(afterReference.column - interval.column, 10, "'&amp;&amp;' is 10 characters in the source, 2 in the pattern")
        XCTAssertTrue(onlyError(#"<rule color="red"/>x"#).message.contains("needs a pattern"))
        XCTAssertTrue(onlyError(#"<rule pattern="" color="red"/>x"#).message.contains("needs a pattern"))
    }

    func testAPatternTooSlowForTheDocumentIsAnErrorNotAHang() {
        let text = String(repeating: "a", count: 40) + "b\n"
        let started = Date()
        let document = TestSupport.parse(#"<rule pattern="(a+)+$" color="red"/>"# + "\n" + text)
        let errors = errors(document)
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first?.message.hasPrefix("rule pattern is too slow for this document"), true, "\(errors)")
        XCTAssertEqual(errors.first?.location?.column, 16)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "bounded, not exponential")
        // The same pattern on a text it handles quickly is fine.
        XCTAssertFalse(TestSupport.parse(#"<rule pattern="(a+)+$" color="red"/>aaa"#).hasErrors)
    }

    // MARK: Characters

    func testNULIsAnErrorAtItsLocation() {
        let document = TestSupport.parse("ab\ncd\u{0}\u{0}ef <font color=\"r\u{0}ed\">g")
        let errors = errors(document)
        XCTAssertEqual(errors.count, 2, "\(errors)")
        XCTAssertEqual(errors[0].location, SourceLocation(file: "doc.txt", line: 2, column: 3))
        XCTAssertTrue(errors[0].message.hasPrefix("NUL character in the text"), errors[0].message)
        XCTAssertEqual(errors[1].location?.column, 22)
        XCTAssertEqual(document.text.string, "ab\ncdef g", "a NUL is left out, the rest is kept")
    }

    func testUnknownAndMalformedReferencesAreWarningsAndStayAsText() {
        let cases: [(String, String)] = [
            ("&bogus;", "unknown entity '&bogus;'"), ("&#xZZ;", "malformed character reference"),
            ("&#;", "malformed"), ("&#12", "malformed"), ("&#0;", "NUL"), ("&#x110000;", "beyond U+10FFFF"),
            ("&#99999999999;", "beyond U+10FFFF"), ("&#xD800;", "surrogate"), ("&AMP;", "unknown entity"),
        ]
        for (reference, message) in cases {
            let document = TestSupport.parse("x " + reference + " y")
            XCTAssertFalse(document.hasErrors, reference)
            XCTAssertEqual(warnings(document).count, 1, reference)
            XCTAssertEqual(warnings(document).first?.location?.column, 3, reference)
            XCTAssertTrue(warnings(document).first?.message.contains(message) ?? false, "\(reference): \(warnings(document))")
            XCTAssertEqual(document.text.string, "x " + reference + " y", reference)
        }
        // An & that starts no reference is a character, quietly.
        let plain = TestSupport.parse("AT&T, Q & A, &c, &amp")
        XCTAssertTrue(plain.diagnostics.isEmpty, "\(plain.diagnostics)")
        XCTAssertEqual(plain.text.string, "AT&T, Q & A, &c, &amp")
        // In a value too, located inside it.
        let inValue = TestSupport.parse(#"<font face="A&bogus;B">x"#)
        XCTAssertEqual(warnings(inValue).first?.location?.column, 14)
        XCTAssertEqual(inValue.attributes(of: "x").fontFamily, "A&bogus;B")
    }

    func testNoncharactersPrintAsReplacementCharactersWithAWarningAtEach() {
        // Raw in the text or a value, each becomes U+FFFD; as a reference it stays as written.
        let fdd0 = String(Unicode.Scalar(UInt32(0xFDD0))!)   // Swift refuses it in a literal
        let markup = "a\u{FFFF}b \(fdd0) \u{1F600}\u{10FFFF}c\n<li marker=\"\u{FFFE}\">d &#xFFFF; &#x1FFFE; &#64976;"
        let document = TestSupport.parse(markup)
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)")
        XCTAssertEqual(warnings(document).map { "\($0.location!.line):\($0.location!.column)" },
                       ["1:2", "1:5", "1:8", "2:13", "2:18", "2:27", "2:37"])
        XCTAssertEqual(warnings(document).map { $0.message }.prefix(4), [
            "U+FFFF is a noncharacter, which cannot be printed; replaced by U+FFFD",
            "U+FDD0 is a noncharacter, which cannot be printed; replaced by U+FFFD",
            "U+10FFFF is a noncharacter, which cannot be printed; replaced by U+FFFD",
            "U+FFFE is a noncharacter, which cannot be printed; replaced by U+FFFD",
        ])
        XCTAssertTrue(warnings(document)[4].message.hasPrefix("&#xFFFF; is a noncharacter"), warnings(document)[4].message)
        let text = document.text.string
        XCTAssertTrue(text.hasPrefix("a\u{FFFD}b \u{FFFD} \u{1F600}\u{FFFD}c\n\u{FFFD}"), text)
        XCTAssertTrue(text.hasSuffix("d &#xFFFF; &#x1FFFE; &#64976;"), text)
    }

    func testEveryNoncharacterAndNoNeighbourIsCaught() {
        let noncharacters = Array(0xFDD0 ... 0xFDEF) + (0 ... 0x10).flatMap { [$0 << 16 | 0xFFFE, $0 << 16 | 0xFFFF] }
        XCTAssertEqual(noncharacters.count, 66, "Unicode has 66 noncharacters")
        for value in noncharacters {
            let character = String(Character(Unicode.Scalar(UInt32(value))!))
            let document = TestSupport.parse("x " + character + " y")
            XCTAssertEqual(warnings(document).map { $0.location?.column }, [3], String(value, radix: 16))
            XCTAssertEqual(document.text.string, "x \u{FFFD} y")
            let reference = TestSupport.parse("x &#x\(String(value, radix: 16)); y")
            XCTAssertTrue(warnings(reference).first?.message.contains("is a noncharacter") ?? false, "\(reference.diagnostics)")
        }
        for neighbour in [0xFDCF, 0xFDF0, 0xFFFD, 0x1FFFD, 0x1FC00, 0x1FFFC, 0x10FFFD, 0xEFFFD] {
            let character = String(Character(Unicode.Scalar(UInt32(neighbour))!))
            let document = TestSupport.parse("x " + character + " &#x\(String(neighbour, radix: 16)); y")
            XCTAssertTrue(document.diagnostics.isEmpty, "\(String(neighbour, radix: 16)): \(document.diagnostics)")
            XCTAssertEqual(document.text.string, "x " + character + " " + character + " y")
        }
    }

    func testADocumentWithNoTextIsAWarning() {
        for markup in ["", "   \n\t\n", "<font color=\"red\"></font>\n", "<!-- nothing -->", "<br><br>"] {
            let document = TestSupport.parse(markup)
            XCTAssertFalse(document.hasErrors, markup)
            XCTAssertEqual(document.diagnostics.map(\.message), ["the document has no text"], markup)
            XCTAssertEqual(document.diagnostics.first?.location, SourceLocation(file: "doc.txt", line: 1, column: 1))
        }
        XCTAssertTrue(TestSupport.parse("<img src=\"\(TestSupport.imagePath("rgb8.png"))\" alt=\"\">").diagnostics.isEmpty, "a picture is something to print")
    }

    func testA300KilobyteWordParses() {
        let word = String(repeating: "brains", count: 50_000)
        let document = TestSupport.parse("<font color=\"red\">" + word + "</font>\n" + word)
        XCTAssertTrue(document.diagnostics.isEmpty)
        XCTAssertEqual(document.text.length, 600_001)
        XCTAssertEqual(document.text.attributeRuns(in: 0 ..< document.text.length).count, 2)
    }

    // MARK: Limits

    func testAfterAHundredErrorsTheParseStopsWithANote() {
        let markup = (1 ... 150).map { "<font color=\"bad\($0)\">line \($0)" }.joined(separator: "\n")
        let document = TestSupport.parse(markup)
        XCTAssertEqual(errors(document).count, 100)
        XCTAssertEqual(document.diagnostics.count, 101)
        let note = document.diagnostics.last!
        XCTAssertEqual(note.severity, .note)
        XCTAssertEqual(note.message, "too many errors; stopping")
        XCTAssertEqual(note.location?.line, 100)
        XCTAssertEqual(errors(document).last?.location?.line, 100)
    }

    func testAfterAThousandWarningsTheRestAreCounted() {
        let document = TestSupport.parse(String(repeating: "&bogus; ", count: 1_250))
        XCTAssertEqual(warnings(document).count, 1_000)
        XCTAssertEqual(document.diagnostics.last?.severity, .note)
        XCTAssertEqual(document.diagnostics.last?.message, "250 more warnings not shown")
        XCTAssertEqual(document.diagnostics.last?.location?.column, 8_001)
    }

    // MARK: Pictures

    func testPictureErrorsAreAtTheSourceValue() throws {
        let directory = try makeTemporaryDirectory()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: TestSupport.imagePath("rgb8.png")))
        try bytes.prefix(20).write(to: directory.appendingPathComponent("cut.png"))
        try Data("plain words".utf8).write(to: directory.appendingPathComponent("words.png"))
        for name in ["huge-header.png", "rgb8.png", "truncated.jpg", "corrupt.png"] {
            try FileManager.default.copyItem(atPath: TestSupport.imagePath(name), toPath: directory.appendingPathComponent(name).path)
        }
        let cases: [(String, String?)] = [
            ("nowhere.png", "not found"), ("rgb.png", "not found (looked for "), ("Rgb8.png", "(did you mean 'rgb8.png'?)"),
            ("r", "not found (looked for "), ("r/", "not found (looked for "),   // Foundation's own folder of these traps
            ("rgb8.jpg", "(did you mean 'rgb8.png'?)"), ("../\(directory.lastPathComponent)/rbg8.png", "(did you mean '../\(directory.lastPathComponent)/rgb8.png'?)"),
            ("words.png", "not a JPEG, PNG, SVG or PDF picture"), ("cut.png", "truncated"),
            ("huge-header.png", "too large to decode safely"), ("rgb8.png", nil),
            // The header is sound; decoding them fails later, in Render.
            ("truncated.jpg", nil), ("corrupt.png", nil),
        ]
        for (name, message) in cases {
            let document = TestSupport.parse("pic: <img src=\"\(name)\" width=\"10\" alt=\"\">", baseDirectory: directory.path)
            if let message {
                let errors = errors(document)
                XCTAssertEqual(errors.count, 1, name)
                XCTAssertEqual(errors.first?.location?.column, 16, name)
                XCTAssertTrue(errors.first?.message.contains(message) ?? false, "\(name): \(errors)")
                XCTAssertTrue(document.text.attachments.isEmpty, name)
            } else {
                XCTAssertFalse(document.hasErrors, "\(name): \(document.diagnostics)")
                XCTAssertEqual(document.text.attachments.count, 1, name)
            }
        }
        XCTAssertTrue(onlyError("pic: <img width=\"10\" alt=\"\">").message.contains("needs a src"))
        XCTAssertTrue(onlyError("pic: <img src=\"\" alt=\"\">").message.contains("needs a src"))
    }

    func testPicturesOutsideTheDocumentsFolderAreRefused() throws {
        let directory = try makeTemporaryDirectory()
        let articles = directory.appendingPathComponent("articles")
        let pictures = directory.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: articles, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let outside = pictures.appendingPathComponent("a.png").path
        try FileManager.default.copyItem(atPath: TestSupport.imagePath("rgb8.png"), toPath: outside)
        try FileManager.default.copyItem(atPath: TestSupport.imagePath("rgb8.png"), toPath: articles.appendingPathComponent("in.png").path)
        try FileManager.default.createSymbolicLink(atPath: articles.appendingPathComponent("link.png").path, withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: articles.appendingPathComponent("inner-link.png").path,
                                                   withDestinationPath: articles.appendingPathComponent("in.png").path)

        func parse(_ source: String, root: String? = nil) -> MarkupDocument {
            MarkupParser(defaults: MarkupDefaults(attributes: TestSupport.defaultAttributes()), baseDirectory: articles.path, imageRoot: root)
                .parse(MarkupSource(fileName: "doc.txt", text: "<img src=\"\(source)\" width=\"10\" alt=\"\">"))
        }
        for source in ["../pictures/a.png", "link.png", outside] {
            let errors = errors(parse(source))
            XCTAssertEqual(errors.count, 1, source)
            XCTAssertEqual(errors.first?.location?.column, 11, source)
            XCTAssertTrue(errors.first?.message.contains("outside the folder") ?? false, "\(source): \(errors)")
            XCTAssertTrue(errors.first?.message.contains("--root") ?? false, source)
            XCTAssertFalse(parse(source, root: directory.path).hasErrors, "allowed with a wider root: \(source)")
        }
        for source in ["in.png", "inner-link.png", "./sub/../in.png"] {
            XCTAssertFalse(parse(source).hasErrors, source)
        }
        XCTAssertTrue(parse("in.png", root: pictures.path).hasErrors, "the root, when given, replaces the document's folder")
    }

    // MARK: Source bytes

    func testInvalidUTF8IsALocatedError() {
        let bytes: [UInt8] = Array("<font color=\"red\">ok\nbad ".utf8) + [0xC0, 0xAF]
        XCTAssertThrowsError(try MarkupSource(fileName: "bad.txt", bytes: bytes)) { error in
            XCTAssertEqual((error as? Diagnostic)?.location, SourceLocation(file: "bad.txt", line: 2, column: 5))
        }
    }
}
