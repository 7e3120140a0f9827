import Diagnostics
import Foundation
import Markup
import Text
import XCTest

/// Each construct of docs/markup.md, checked on the page's own example: the attributes the
/// page says it gives are the attributes it gives.
final class MarkupLanguageTests: XCTestCase {
    private let pagella = TestSupport.bodyFamily
    private let sans = "Liberation Sans"

    private func example(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> MarkupDocument {
        let document = MarkupExample.named(name).parse()
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)", file: file, line: line)
        return document
    }

    private func color(_ rgb: UInt32, alpha: Double = 1) -> Color {
        Color(red: Double(rgb >> 16) / 255, green: Double((rgb >> 8) & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    // MARK: Tags

    func testHelloGivesTheTutorialsThreeRuns() {
        let document = example("hello")
        XCTAssertEqual(document.text.string, "Hello core text world!\n")
        XCTAssertEqual(document.attributes(of: "Hello").color, .black)
        XCTAssertEqual(document.attributes(of: "core text").color, Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(document.attributes(of: "world!").color, Color(red: 0, green: 0, blue: 1))
    }

    func testTagSyntaxIgnoresCaseHyphensAndQuotesAndSkipsComments() {
        let document = example("tag-syntax")
        XCTAssertEqual(document.text.string, "Zombie Monthly is read by 1 < 2 < 3 species.\n", "a comment's line prints nothing")
        let cover = document.attributes(of: "Zombie Monthly")
        XCTAssertEqual(cover.fontFamily, "Arial")
        XCTAssertEqual(cover.fontSize, 14)
        XCTAssertEqual(cover.stroke, Stroke(color: Color(white: 0), widthFraction: 0.03, fills: true))
        XCTAssertEqual(document.attributes(of: "species").fontFamily, pagella)
    }

    func testTheTutorialMagazineParsesAsBefore() throws {
        let document = try TestSupport.parseZombies()
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        let source = try String(contentsOf: TestSupport.zombiesFile, encoding: .utf8)
        // A paragraph per line, but for the lines that only open or close a figure, an aside or
        // the horoscopes' table, and for a table row's line: a paragraph per cell.
        let lines = source.split(separator: "\n")
        let tagLines = lines.filter { $0.hasPrefix("<figure") || $0.hasPrefix("</figure>") || $0.hasPrefix("<aside")
            || $0.hasPrefix("</aside>") || $0.hasPrefix("<table") || $0.hasPrefix("</table>") }
        XCTAssertEqual(tagLines.count, 14)
        let rowLines = lines.filter { $0.hasPrefix("<tr>") }
        let cells = rowLines.map { $0.components(separatedBy: "</td>").count + $0.components(separatedBy: "</th>").count - 2 }.reduce(0, +)
        XCTAssertEqual(rowLines.count, 12)
        XCTAssertEqual(document.text.string.filter { $0 == "\n" }.count,
                       source.filter { $0 == "\n" }.count - tagLines.count - rowLines.count + cells, "a paragraph per line")
        XCTAssertEqual(document.text.attachments.count, 6, "five photographs and the SVG masthead")
        // The table's cells ask for the `table` style's sans face.
        XCTAssertEqual(Set(document.fontRequests.map(\.family)), ["TeX Gyre Pagella", "Arial", "Palatino", "Liberation Sans"])
        XCTAssertEqual(document.attributes(of: "Zombie Monthly").stroke, Stroke(color: Color(white: 0), widthFraction: 0.03, fills: true),
                       "the words in the first paragraph, outlined")
    }

    // MARK: Character styles

    func testTheTutorialsFontTag() {
        let title = example("font-tutorial").attributes(of: "Zombie Monthly")
        XCTAssertEqual(title.fontFamily, "Zapfino")
        XCTAssertEqual(title.fontSize, 40)
        XCTAssertEqual(title.color, Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(title.stroke, Stroke(color: Color(white: 0), widthFraction: 0.03, fills: true))
    }

    func testStyleAndSlant() {
        let document = example("font-style")
        XCTAssertTrue(document.attributes(of: "Brains").italic)
        XCTAssertEqual(document.attributes(of: "Brains").fontWeight, 400)
        let more = document.attributes(of: "more brains")
        XCTAssertTrue(more.italic)
        XCTAssertEqual(more.fontWeight, 700)
        // A named style first, then the tag's own attributes on top.
        let caption = document.attributes(of: "a caption")
        XCTAssertEqual(caption.fontFamily, sans)
        XCTAssertEqual(caption.fontSize, 11 * 0.85, accuracy: 1e-9)
        XCTAssertEqual(caption.color, Color(white: 0.5))
        XCTAssertFalse(caption.italic)
        XCTAssertEqual(document.attributes(of: ", ").fontWeight, 400, "</font> restores")
    }

    func testOutlines() {
        let document = example("stroke")
        let outlined = document.attributes(of: "Outlined")
        XCTAssertEqual(outlined.color, .white)
        XCTAssertEqual(outlined.stroke, Stroke(color: Color(white: 0), widthFraction: 0.04, fills: true))
        XCTAssertEqual(document.attributes(of: "Hollow").stroke, Stroke(color: Color(red: 1, green: 0, blue: 0), widthFraction: 0.03, fills: false))
        XCTAssertNil(document.attributes(of: "plain").stroke)
        // A width alone outlines in the text's colour; 0 removes the outline.
        let widthOnly = TestSupport.parse(#"<font color="blue" strokeWidth="2">a<font strokeWidth="0">b"#)
        XCTAssertEqual(widthOnly.attributes(of: "a").stroke, Stroke(color: Color(red: 0, green: 0, blue: 1), widthFraction: 0.02, fills: false))
        XCTAssertNil(widthOnly.attributes(of: "b").stroke)
    }

    func testWeightsDecorationsAndBackground() {
        let document = example("decorations")
        let semibold = document.attributes(of: "Semibold")
        XCTAssertEqual(semibold.fontWeight, 600)
        XCTAssertEqual(semibold.underline, TextDecoration(style: .double, color: Color(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(document.attributes(of: "struck out").strikethrough, TextDecoration(style: .single))
        XCTAssertNil(document.attributes(of: "struck out").underline)
        XCTAssertEqual(document.attributes(of: "highlighted").backgroundColor, Color(red: 1, green: 1, blue: 0))
        for (name, weight) in [("thin", 100), ("light", 300), ("regular", 400), ("medium", 500), ("extrabold", 800), ("black", 900), ("450", 450)] {
            XCTAssertEqual(TestSupport.parse("<font weight=\"\(name)\">x").attributes(of: "x").fontWeight, weight, name)
        }
        // A colour alone underlines; underline="none" removes the line and its colour.
        let colourOnly = TestSupport.parse(#"<font underline-color="red">a<font underline="none">b"#)
        XCTAssertEqual(colourOnly.attributes(of: "a").underline, TextDecoration(style: .single, color: Color(red: 1, green: 0, blue: 0)))
        XCTAssertNil(colourOnly.attributes(of: "b").underline)
        for style in LineStyle.allCases {
            XCTAssertEqual(TestSupport.parse("<font strike=\"\(style.rawValue)\">x").attributes(of: "x").strikethrough?.style, style)
        }
        XCTAssertNil(TestSupport.parse(#"<font background="red">a<font background="none">b"#).attributes(of: "b").backgroundColor)
    }

    func testFineTypography() {
        let document = example("fine-typography")
        XCTAssertEqual(document.attributes(of: "raised").baselineOffset, 3)
        XCTAssertEqual(document.attributes(of: "AIRY CAPITALS").tracking, 0.1, accuracy: 1e-12)
        XCTAssertEqual(document.attributes(of: "tight").tracking, -0.02, accuracy: 1e-12)
        XCTAssertFalse(document.attributes(of: "office").kerning)
        XCTAssertFalse(document.attributes(of: "office").ligatures)
        XCTAssertTrue(document.attributes(of: "raised").kerning)
        XCTAssertEqual(document.attributes(of: "Small Caps").features, [FontFeature(tag: "smcp"), FontFeature(tag: "onum")])
        XCTAssertEqual(document.attributes(of: "alternate").features, [FontFeature(tag: "ss01", value: 2), FontFeature(tag: "liga", value: 0)])
        XCTAssertEqual(document.attributes(of: "letterpress").shadow, Shadow(offsetX: 0, offsetY: 1, blur: 0, color: .white))
        XCTAssertEqual(document.attributes(of: "floating").shadow, Shadow(offsetX: 2, offsetY: 2, blur: 3, color: Color(white: 0, alpha: 0.5)))
        XCTAssertEqual(document.attributes(of: "Strasse").language, "de-CH")
        XCTAssertEqual(document.attributes(of: "raised").language, "en")
        // Tracking in points becomes ems at the text's size.
        XCTAssertEqual(TestSupport.parse(#"<font size="20" tracking="1pt">x"#).attributes(of: "x").tracking, 0.05, accuracy: 1e-12)
        // Features accumulate; a tag given again replaces itself; none drops them.
        let features = TestSupport.parse(#"<font features="smcp">a<font features="onum, -smcp">b<font features="none">c"#)
        XCTAssertEqual(features.attributes(of: "b").features, [FontFeature(tag: "onum"), FontFeature(tag: "smcp", value: 0)])
        XCTAssertEqual(features.attributes(of: "c").features, [])
        XCTAssertNil(TestSupport.parse(#"<font shadow="1 1">a<font shadow="none">b"#).attributes(of: "b").shadow)
        XCTAssertEqual(TestSupport.parse(#"<font shadow="1 2">a"#).attributes(of: "a").shadow, Shadow(offsetX: 1, offsetY: 2))
    }

    func testShortcutTags() {
        let document = example("shortcuts")
        XCTAssertEqual(document.attributes(of: "Bold").fontWeight, 700)
        XCTAssertTrue(document.attributes(of: "italic").italic)
        XCTAssertEqual(document.attributes(of: "underlined").underline, TextDecoration(style: .single))
        XCTAssertEqual(document.attributes(of: "struck").strikethrough, TextDecoration(style: .single))
        let superscript = document.attributes(of: "2")
        XCTAssertEqual(superscript.fontSize, 7.7, accuracy: 1e-9)
        XCTAssertEqual(superscript.baselineOffset, 3.85, accuracy: 1e-9)
        let subscriptAttributes = document.attributes(of: "2", occurrence: 2)
        XCTAssertEqual(subscriptAttributes.fontSize, 7.7, accuracy: 1e-9)
        XCTAssertEqual(subscriptAttributes.baselineOffset, -2.2, accuracy: 1e-9)
        XCTAssertEqual(document.attributes(of: "O.").baselineOffset, 0)
        XCTAssertEqual(document.attributes(of: "O.").fontSize, 11)
        // <u> keeps an underline colour in force.
        let coloured = TestSupport.parse(#"<font underline="dotted" underline-color="red"><u>x"#)
        XCTAssertEqual(coloured.attributes(of: "x").underline, TextDecoration(style: .single, color: Color(red: 1, green: 0, blue: 0)))
    }

    func testNoBreak() {
        let document = example("nobr")
        XCTAssertTrue(document.attributes(of: "0800 555 0199").noBreak)
        XCTAssertFalse(document.attributes(of: "Call").noBreak)
        XCTAssertFalse(document.attributes(of: " at any hour").noBreak)
    }

    func testLineBreakIsALineSeparatorInOneParagraph() {
        let document = example("br")
        XCTAssertEqual(document.text.string, "The Night Watch\u{2028}Mill Lane\u{2028}Lower Wickham\n")
        XCTAssertEqual(document.text.paragraphRange(containing: 0), 0 ..< document.text.length)
    }

    // MARK: Paragraph styles

    func testParagraphAttributes() {
        let document = example("paragraph")
        let ornament = document.paragraphStyle(of: "* * *")
        XCTAssertEqual(ornament.alignment, .center)
        XCTAssertEqual(ornament.spaceBefore, 12)
        XCTAssertEqual(ornament.spaceAfter, 12)
        for paragraph in ["Consider", "Today"] {
            let body = document.paragraphStyle(of: paragraph)
            XCTAssertEqual(body.alignment, .justify, paragraph)
            XCTAssertEqual(body.firstLineIndent, 15, paragraph)
            XCTAssertEqual(body.lineHeight, .fixed(18), paragraph)
            XCTAssertTrue(body.hyphenate, paragraph)
            XCTAssertEqual(body.spaceBefore, 0, paragraph)
        }
    }

    func testTabStops() {
        let document = example("tabs")
        let table = document.paragraphStyle(of: "Planks")
        XCTAssertEqual(table.tabStops, [TabStop(location: 100, alignment: .decimal), TabStop(location: 200, alignment: .right)])
        XCTAssertFalse(table.hyphenate)
        XCTAssertEqual(document.paragraphStyle(of: "Nails"), table)
        XCTAssertEqual(document.paragraphStyle(of: "Back to"), ParagraphStyle(alignment: .justify))
        XCTAssertEqual(document.text.string.filter { $0 == "\t" }.count, 4)

        func stops(_ value: String) -> [TabStop]? {
            let document = TestSupport.parse("<p tabs=\"\(value)\">x")
            return document.hasErrors ? nil : document.paragraphStyle(of: "x").tabStops
        }
        XCTAssertEqual(stops("72 left, 144 right, 200 center, 260 decimal"),
                       [TabStop(location: 72), TabStop(location: 144, alignment: .right), TabStop(location: 200, alignment: .center),
                        TabStop(location: 260, alignment: .decimal)])
        XCTAssertEqual(stops("260 decimal ,"), [TabStop(location: 260, alignment: .decimal, decimalSeparator: ",")])
        XCTAssertEqual(stops("260 decimal ,, 300"), [TabStop(location: 260, alignment: .decimal, decimalSeparator: ","), TabStop(location: 300)])
        XCTAssertEqual(stops("260 decimal , 300 right"), [TabStop(location: 260, alignment: .decimal), TabStop(location: 300, alignment: .right)])
        XCTAssertEqual(stops("144pt, 72"), [TabStop(location: 72), TabStop(location: 144)], "sorted by position")
        XCTAssertEqual(stops("none"), [])
        XCTAssertEqual(stops("end right, 100 decimal"),
                       [TabStop(location: 100, alignment: .decimal), TabStop(location: TabStop.lineEnd, alignment: .right)],
                       "`end` is the line's right end, after every numbered stop")
        for bad in ["", "72 middle", "abc", "72 left 144", "-5", "72,,", "ends right"] {
            XCTAssertNil(stops(bad), bad)
        }
        XCTAssertEqual(TestSupport.parse(#"<p tab-interval="20">x"#).paragraphStyle(of: "x").defaultTabInterval, 20)
    }

    func testIndentsAndLineHeights() {
        let style = example("indents").paragraphStyle(of: "A quotation")
        XCTAssertEqual(style.headIndent, 36)
        XCTAssertEqual(style.tailIndent, 36)
        XCTAssertEqual(style.firstLineIndent, -18)
        XCTAssertEqual(style.alignment, .left)
        XCTAssertEqual(style.lineHeight, .multiple(1.3))

        func lineHeight(_ attributes: String) -> LineHeight {
            TestSupport.parse("<p \(attributes)>x").paragraphStyle(of: "x").lineHeight
        }
        XCTAssertEqual(lineHeight(#"line-height="normal""#), .multiple(1))
        XCTAssertEqual(lineHeight(#"line-height-min="18" line-height-max="18""#), .range(minimum: 18, maximum: 18))
        XCTAssertEqual(lineHeight(#"line-height-min="12""#), .range(minimum: 12, maximum: nil))
        XCTAssertEqual(lineHeight(#"line-height="1.5" line-height-max="20""#), .range(minimum: nil, maximum: 20))
        // A bound given alone keeps the other bound of a range in force.
        let kept = TestSupport.parse(#"<p line-height-min="12">a<p line-height-max="20">"# + "\nb")
        XCTAssertEqual(kept.paragraphStyle(of: "b").lineHeight, .range(minimum: 12, maximum: 20))
        XCTAssertTrue(TestSupport.parse(#"<p line-height-min="20" line-height-max="10">x"#).hasErrors)
        XCTAssertTrue(TestSupport.parse(#"<p line-height="14">x"#).hasErrors, "14 would be 14 lines; 14pt is meant")
    }

    func testLinesOfOnlyDeclarationsPrintNothing() {
        let document = example("declaration-lines")
        XCTAssertEqual(document.text.string, "Title\nBody text.\n")
        XCTAssertEqual(document.paragraphStyle(of: "Title").alignment, .center)
        XCTAssertEqual(document.paragraphStyle(of: "Body").alignment, .justify)
        XCTAssertEqual(document.attributes(of: "Title").color, Color(red: 1, green: 0, blue: 0), "the rule applies")
        // Spaces on such a line go with it; on any other line they stay. A line of only
        // <font> tags is a paragraph, as in the tutorial; so is an empty line.
        let mixed = TestSupport.parse("  <p align=\"left\">  \n  a\n<font color=\"red\">\n\n  <rule pattern=\"x\"/><!-- c -->  ")
        XCTAssertEqual(mixed.text.string, "  a\n\n\n")
    }

    func testAParagraphTakesTheStyleInForceAtItsFirstCharacter() {
        let document = TestSupport.parse("one <p align=\"center\">two\nthree\n</p>four\n<p align=\"right\">")
        XCTAssertEqual(document.paragraphStyle(of: "one").alignment, .justify, "a <p> inside a paragraph changes the next one")
        XCTAssertEqual(document.paragraphStyle(of: "three").alignment, .center)
        XCTAssertEqual(document.paragraphStyle(of: "four").alignment, .justify, "</p> returns to the style before <p>")
        // Unclosed <p>s nest; each </p> returns to the style before its own <p>.
        let nested = TestSupport.parse("<p align=\"left\"><p align=\"right\">a\n</p>b\n</p>c\n")
        XCTAssertEqual(["a", "b", "c"].map { nested.paragraphStyle(of: $0).alignment }, [.right, .left, .justify])
    }

    func testAParagraphTagWithTextAfterItInTheParagraphItDoesNotBeginIsWarnedAbout() {
        // As HTML reads `…cheese.</p><p tabs="26">600`, the text after the tag is a paragraph in
        // its style: here it goes on in the paragraph before, and the page shows only that.
        let document = TestSupport.parse("<p align=\"left\">Serves four.</p><p tabs=\"26\">600\tg potatoes\n")
        XCTAssertEqual(document.diagnostics.map(\.severity), [.warning])
        XCTAssertTrue(document.diagnostics.first?.message.hasPrefix("this <p> styles the paragraphs that begin after it") ?? false,
                      "\(document.diagnostics)")
        XCTAssertEqual(document.diagnostics.first?.location?.column, 33, "at the <p>")
        // A <p> at the end of its line, or at the start of one, or after a box, is what it says.
        for clean in ["one <p align=\"center\">\ntwo\n", "<p align=\"center\">two\n", "one <p align=\"center\">  \ntwo\n",
                      "<figure>Box.\n</figure><p align=\"center\">two\n", "<aside>Quote.</aside><p align=\"center\">two\n"] {
            let parsed = TestSupport.parse(clean)
            XCTAssertEqual(parsed.diagnostics, [], clean)
            XCTAssertEqual(parsed.paragraphStyle(of: "two").alignment, .center, clean)
        }
    }

    /// A designer's conference programme (Fixtures/designer-pages/programme.txt) opened a French
    /// and a Chinese paragraph each with `<p style>` and closed the two with one `</p>`, as HTML
    /// is written: the English welcome after them was set as French, narrow spaces before its
    /// colons, with no word. A warning at the `</p>`; a `<p lang>` on a line of its own that
    /// wraps several paragraphs on purpose, or both closed, are not warned about.
    func testAClosingTagThatLeavesTheTextInTheLanguageOfAnOuterParagraphTagIsWarnedAbout() {
        let document = TestSupport.parse("""
        <style name="fr" lang="fr"/>
        <style name="zh" lang="zh"/>
        <p style="fr">Bienvenue à Lyon ! Le congrès se tient au bord de la Saône.
        <p style="zh">欢迎来到里昂！
        </p>Welcome to Lyon: the congress meets beside the Saône.

        """)
        XCTAssertEqual(document.attributes(of: "Welcome").language, "fr", "the language of the <p> still open")
        XCTAssertEqual(document.diagnostics.map(\.message), [
            "this </p> closes only the latest <p>; the text after it goes on in the <p> of line 3, still open, in its language "
                + "(lang=\"fr\"): end that paragraph with its own </p>, or close both here (</p></p>)",
        ])
        XCTAssertEqual(document.diagnostics.first.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" }, "5:1")
        for meant in [
            "<p lang=\"fr\">\nPremier paragraphe.\n<p style=\"q\">Citation.</p>\nDeuxième paragraphe.\n</p>\n",
            "<p lang=\"fr\">Bonjour.\n<p lang=\"de\">Guten Tag.\n</p></p>Hello.\n",
            "<p lang=\"fr\">Bonjour.\n<p lang=\"de\">Guten Tag.\n</p>\n</p>Hello.\n",
            "<p align=\"center\">Title\n<p align=\"left\">Left.\n</p>Centred again.\n",
        ] {
            let parsed = TestSupport.parse("<style name=\"q\" slant=\"italic\"/>\n" + meant)
            XCTAssertEqual(parsed.diagnostics, [], meant)
        }
    }

    // MARK: Lists

    func testListItems() {
        let document = example("lists")
        let paragraphs = document.text.string.split(separator: "\n").map(String.init)
        XCTAssertEqual(paragraphs, ["Before the siege, pack:", "•\ta torch", "•\ta tin of biscuits", "–\ta sense of humour",
                                    "1.\tLock the door.", "2.\tCheck the windows.", "7.\tMake tea."])
        XCTAssertEqual(document.paragraphStyle(of: "Before"), ParagraphStyle(alignment: .justify))
        let item = document.paragraphStyle(of: "torch")
        XCTAssertEqual(item.headIndent, 18)
        XCTAssertEqual(item.firstLineIndent, -18)
        XCTAssertEqual(item.tabStops, [TabStop(location: 18)])
        XCTAssertEqual(document.paragraphStyle(of: "biscuits"), item)
        let wide = document.paragraphStyle(of: "humour")
        XCTAssertEqual(wide.headIndent, 24)
        XCTAssertEqual(wide.firstLineIndent, -24)
        XCTAssertEqual(wide.tabStops, [TabStop(location: 24)])
    }

    func testListItemsBuildOnTheParagraphStyleInForceAndNumbersRestart() {
        let document = TestSupport.parse("<p head-indent=\"10\"><li type=\"number\">a\n<li type=\"number\">b\nplain\n<li type=\"number\">c\n</p>after\n")
        XCTAssertEqual(document.text.string, "1.\ta\n2.\tb\nplain\n1.\tc\nafter\n")
        let item = document.paragraphStyle(of: "a")
        XCTAssertEqual(item.headIndent, 28)
        XCTAssertEqual(item.firstLineIndent, -18)
        XCTAssertEqual(item.tabStops, [TabStop(location: 28)])
        XCTAssertEqual(document.paragraphStyle(of: "plain").headIndent, 10, "the paragraph after an item is ordinary")
        XCTAssertEqual(document.paragraphStyle(of: "after").headIndent, 0)
        // A bullet between numbered items restarts the count.
        XCTAssertEqual(TestSupport.parse("<li type=number>a<li>b<li type=number>c").text.string, "1.\ta\n•\tb\n1.\tc")
    }

    func testAFootnoteInANumberedItemDoesNotRestartTheCount() {
        // A designer's recipe (Fixtures/designer-pages/recipe.txt): its sixth step, after a step
        // with a note, was numbered 1, as the note's paragraph, set after its marker's, counted
        // as a paragraph between the items.
        let document = TestSupport.parse("<li type=\"number\">Scrape.<footnote>Or not.</footnote>\n<li type=\"number\">Serve.\n")
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertTrue(document.text.string.contains("2.\tServe."), document.text.string)
        XCTAssertEqual(document.paragraphStyle(of: "Serve.").listItemNumber, 2)
    }

    // MARK: Pictures

    func testPicture() {
        let document = example("img")
        XCTAssertEqual(document.text.attachments.count, 1)
        let attachment = document.text.attachments[0]
        XCTAssertEqual(attachment.delegate, RunDelegate(ascent: 155, descent: 0, width: 232))
        XCTAssertEqual(attachment.image.path, TestSupport.zombiesDirectory.appendingPathComponent("coffee.jpg").path)
        XCTAssertEqual(document.elementPlaces.place(of: attachment.image)?.location.line, 1)
    }

    // MARK: Named styles

    func testPredefinedStyles() {
        let document = example("named-styles")
        let headline = document.attributes(of: "The Café")
        XCTAssertEqual(headline.fontFamily, sans)
        XCTAssertEqual(headline.fontSize, 17.6, accuracy: 1e-9)
        XCTAssertEqual(headline.fontWeight, 700)
        let headlineParagraph = document.paragraphStyle(of: "The Café")
        XCTAssertEqual(headlineParagraph.spaceBefore, 0.6 * 17.6, accuracy: 1e-9)
        XCTAssertEqual(headlineParagraph.spaceAfter, 0.3 * 17.6, accuracy: 1e-9)
        let body = document.attributes(of: "At the end")
        XCTAssertEqual(body.fontFamily, pagella)
        XCTAssertEqual(body.fontSize, 11)
        XCTAssertEqual(body.fontWeight, 400)
        XCTAssertEqual(document.paragraphStyle(of: "At the end").spaceBefore, 0, "body spacing is the document's")
        XCTAssertEqual(document.paragraphStyle(of: "At the end").spaceAfter, 0)
        XCTAssertEqual(document.attributes(of: "The Captain").fontSize, 8.8, accuracy: 1e-9)
        XCTAssertEqual(document.attributes(of: "The Captain").fontFamily, pagella)
    }

    func testThePredefinedTable() {
        let expected: [(String, Double, Int, String, Bool)] = [
            ("headline", 1.6, 700, sans, false), ("subheadline", 1.25, 600, sans, false), ("body", 1, 400, pagella, false),
            ("footnote", 0.8, 400, pagella, false), ("caption1", 0.85, 400, sans, false), ("caption2", 0.75, 400, sans, true),
        ]
        for scale in [1.0, 2.0] {
            let parser = MarkupParser(defaults: MarkupDefaults(attributes: TestSupport.defaultAttributes(size: 10),
                                                               paragraphStyle: ParagraphStyle(spaceAfter: 4), textScale: scale),
                                      baseDirectory: "/")
            for (name, ratio, weight, family, italic) in expected {
                // Inside bold italic text, a named style sets the whole face.
                let document = parser.parse(MarkupSource(fileName: "t.txt", text: "<b><i><p style=\"\(name)\">x"))
                let attributes = document.attributes(of: "x")
                XCTAssertEqual(attributes.fontSize, 10 * ratio * scale, accuracy: 1e-9, name)
                XCTAssertEqual(attributes.fontWeight, weight, name)
                XCTAssertEqual(attributes.fontFamily, family, name)
                XCTAssertEqual(attributes.italic, italic, name)
                let paragraph = document.paragraphStyle(of: "x")
                XCTAssertEqual(paragraph.spaceAfter, name == "headline" ? 0.3 * 10 * ratio * scale : 4, accuracy: 1e-9, name)
                // Display lines are flush with the side lines start from (right in Hebrew or Arabic), unhyphenated.
                let isDisplayLine = ["headline", "subheadline"].contains(name)
                XCTAssertEqual(paragraph.alignment, isDisplayLine ? .start : .justify, name)
                XCTAssertEqual(paragraph.hyphenate, !isDisplayLine, name)
            }
        }
    }

    func testDefiningStyles() {
        let document = example("style-definition")
        let headline = document.attributes(of: "Zombie Monthly")
        XCTAssertEqual(headline.fontFamily, "Zapfino")
        XCTAssertEqual(headline.fontSize, 30)
        XCTAssertEqual(headline.color, Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(headline.fontWeight, 400, "a redefinition replaces the predefined style")
        XCTAssertEqual(document.paragraphStyle(of: "Zombie Monthly").spaceAfter, 6)
        let quote = document.attributes(of: "They")
        XCTAssertEqual(quote.fontFamily, sans)
        XCTAssertEqual(quote.fontSize, 13.75, accuracy: 1e-9)
        XCTAssertEqual(quote.fontWeight, 600)
        XCTAssertTrue(quote.italic)
        XCTAssertEqual(quote.color, color(0x8B0000))
        let quoteParagraph = document.paragraphStyle(of: "They")
        XCTAssertEqual(quoteParagraph.alignment, .center)
        XCTAssertEqual(quoteParagraph.spaceBefore, 12)
        XCTAssertEqual(document.attributes(of: "And back").fontFamily, pagella)
        XCTAssertEqual(document.paragraphStyle(of: "And back"), ParagraphStyle(alignment: .justify))
        // Own sizes are scaled by the text scale too.
        let scaled = MarkupParser(defaults: MarkupDefaults(attributes: TestSupport.defaultAttributes(), textScale: 1.5), baseDirectory: "/")
            .parse(MarkupSource(fileName: "t.txt", text: "<style name=\"big\" size=\"20\"/><font style=\"BIG\">x"))
        XCTAssertEqual(scaled.attributes(of: "x").fontSize, 30)
    }

    // MARK: Rules

    func testTheSeedsHighlightingRules() {
        let document = example("rules")
        XCTAssertEqual(document.text.string, "The *walking dead* are _not_ ~welcome~ at the BBQ.\n")
        XCTAssertEqual(document.attributes(of: "*walking dead*").fontWeight, 700)
        XCTAssertTrue(document.attributes(of: "_not_").italic)
        XCTAssertEqual(document.attributes(of: "~welcome~").strikethrough, TextDecoration(style: .single))
        XCTAssertEqual(document.attributes(of: "BBQ").color, Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(document.attributes(of: "The ").fontWeight, 400)
        XCTAssertEqual(document.attributes(of: " at the ").color, .black)
        // The bold face is requested where the rule that asks for it is written.
        let bold = document.fontRequests.first { $0.descriptor.weight == 700 }
        XCTAssertEqual(bold?.location?.line, 1)
        XCTAssertEqual(bold?.location?.column, 1)
    }

    func testOverlappingRulesGiveEachCharacterWhatTheRulesInOrderGive() {
        // Each rule sets the size to its own number; a character's size is that of the last
        // rule matching it, found here with Foundation's regular expressions, one rule at a time.
        let text = "hello yellow kettle, all well; a bee sees eels"
        let patterns = [#"\w+"#, "[aeiou]+", #"e\w"#, "l+", "ll|ee", #"\bs\w*"#, "o", #"e+l"#, "[ty]", "ell"]
        let rules = patterns.enumerated().map { "<rule pattern=\"\($1)\" size=\"\($0 + 20)\"/>" }.joined()
        let document = TestSupport.parse(text + "\n" + rules)
        var expected = Array(repeating: 11.0, count: text.utf16.count)
        for (index, pattern) in patterns.enumerated() {
            let expression = try! NSRegularExpression(pattern: pattern)
            for match in expression.matches(in: text, range: NSRange(location: 0, length: text.utf16.count)) {
                for offset in match.range.lowerBound ..< match.range.upperBound { expected[offset] = Double(index + 20) }
            }
        }
        XCTAssertEqual((0 ..< expected.count).map { document.text.attributes(at: $0).attributes.fontSize }, expected)
    }

    func testLaterRulesWinAndRulesStyleTextBeforeThem() {
        let document = TestSupport.parse("red green\n<rule pattern=\"\\w+\" color=\"red\" size=\"20\"/><rule pattern=\"green\" color=\"green\"/>")
        XCTAssertEqual(document.attributes(of: "red").color, Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(document.attributes(of: "green").color, Color(red: 0, green: 1, blue: 0))
        XCTAssertEqual(document.attributes(of: "green").fontSize, 20, "what a later rule does not set is left as it was")
        XCTAssertEqual(document.attributes(of: " ").color, .black)
        // ^ and $ match at every paragraph; a named style works in a rule.
        let lines = TestSupport.parse("<rule pattern=\"^\\w+\" style=\"footnote\"/>one two\nthree four")
        XCTAssertEqual(lines.attributes(of: "one").fontSize, 8.8, accuracy: 1e-9)
        XCTAssertEqual(lines.attributes(of: "three").fontSize, 8.8, accuracy: 1e-9)
        XCTAssertEqual(lines.attributes(of: "four").fontSize, 11)
    }

    // MARK: Colours

    func testColourForms() {
        let document = example("colours")
        XCTAssertEqual(document.attributes(of: "tomato").color, color(0xFF6347))
        XCTAssertEqual(document.attributes(of: "#336699").color, Color(red: 0.2, green: 0.4, blue: 0.6))
        XCTAssertEqual(document.attributes(of: "#f80").color, Color(red: 1, green: 136.0 / 255, blue: 0))
        XCTAssertEqual(document.attributes(of: "half-transparent").color, Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 128.0 / 255))
        XCTAssertEqual(document.attributes(of: "rgb").color, Color(red: 0, green: 128.0 / 255, blue: 0))
        XCTAssertEqual(document.attributes(of: "rgba").color, Color(red: 1, green: 0, blue: 0, alpha: 0.25))
        XCTAssertEqual(document.attributes(of: "blackColor").color, Color(white: 0), "a name is RGB, as written, not the default black ink")
        XCTAssertEqual(document.attributes(of: "darkGrey").color, Color(white: 1.0 / 3.0))
    }

    func testEveryCSSNamedColourAndUIKitWinsWhereTheyClash() {
        // A sample across the alphabet, and CSS's values where UIKit has none.
        let css: [(String, UInt32)] = [("aliceblue", 0xF0F8FF), ("cornflowerblue", 0x6495ED), ("darkslategrey", 0x2F4F4F),
                                       ("goldenrod", 0xDAA520), ("lightgoldenrodyellow", 0xFAFAD2), ("mediumvioletred", 0xC71585),
                                       ("navajowhite", 0xFFDEAD), ("rebeccapurple", 0x663399), ("yellowgreen", 0x9ACD32),
                                       ("maroon", 0x800000), ("lime", 0x00FF00), ("FireBrick", 0xB22222)]
        for (name, rgb) in css {
            XCTAssertEqual(ColorParser.parse(name), color(rgb), name)
        }
        XCTAssertEqual(ColorParser.parse("green"), Color(red: 0, green: 1, blue: 0))
        XCTAssertEqual(ColorParser.parse("orange"), Color(red: 1, green: 0.5, blue: 0))
        XCTAssertEqual(ColorParser.parse("grey"), Color(white: 0.5))
        XCTAssertEqual(ColorParser.parse("transparent"), .clear)
        XCTAssertEqual(ColorParser.parse("#0000"), Color(white: 0, alpha: 0))
        XCTAssertEqual(ColorParser.parse("rgb(255 0 0 / 50%)"), Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        XCTAssertEqual(ColorParser.parse("RGBA(0,0,255,1)"), Color(red: 0, green: 0, blue: 1))
        for bad in ["rgb(256, 0, 0)", "rgb(0, 0)", "rgba(0, 0, 0, 2)", "rgb(1, 2, 3, 4, 5)", "rgb(a, b, c)", "#12345", "#ggg", "rgb 1 2 3", "hsl(0, 0%, 0%)"] {
            XCTAssertNil(ColorParser.parse(bad), bad)
        }
    }

    func testTheCSSTableHas148Colours() {
        let names = ["aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black", "blanchedalmond",
                     "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse", "chocolate", "coral",
                     "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue", "darkcyan", "darkgoldenrod", "darkgray",
                     "darkgreen", "darkgrey", "darkkhaki", "darkmagenta", "darkolivegreen", "darkorange", "darkorchid", "darkred",
                     "darksalmon", "darkseagreen", "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise",
                     "darkviolet", "deeppink", "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick", "floralwhite",
                     "forestgreen", "fuchsia", "gainsboro", "ghostwhite", "gold", "goldenrod", "gray", "green", "greenyellow",
                     "grey", "honeydew", "hotpink", "indianred", "indigo", "ivory", "khaki", "lavender", "lavenderblush",
                     "lawngreen", "lemonchiffon", "lightblue", "lightcoral", "lightcyan", "lightgoldenrodyellow", "lightgray",
                     "lightgreen", "lightgrey", "lightpink", "lightsalmon", "lightseagreen", "lightskyblue", "lightslategray",
                     "lightslategrey", "lightsteelblue", "lightyellow", "lime", "limegreen", "linen", "magenta", "maroon",
                     "mediumaquamarine", "mediumblue", "mediumorchid", "mediumpurple", "mediumseagreen", "mediumslateblue",
                     "mediumspringgreen", "mediumturquoise", "mediumvioletred", "midnightblue", "mintcream", "mistyrose",
                     "moccasin", "navajowhite", "navy", "oldlace", "olive", "olivedrab", "orange", "orangered", "orchid",
                     "palegoldenrod", "palegreen", "paleturquoise", "palevioletred", "papayawhip", "peachpuff", "peru", "pink",
                     "plum", "powderblue", "purple", "rebeccapurple", "red", "rosybrown", "royalblue", "saddlebrown", "salmon",
                     "sandybrown", "seagreen", "seashell", "sienna", "silver", "skyblue", "slateblue", "slategray", "slategrey",
                     "snow", "springgreen", "steelblue", "tan", "teal", "thistle", "tomato", "turquoise", "violet", "wheat",
                     "white", "whitesmoke", "yellow", "yellowgreen"]
        XCTAssertEqual(names.count, 148)
        for name in names {
            XCTAssertNotNil(ColorParser.parse(name), name)
            XCTAssertNotNil(ColorParser.parse(name.uppercased()), name)
        }
    }

    // MARK: Characters

    func testCharacterReferences() {
        let document = example("entities")
        XCTAssertEqual(document.text.string, "Fish & chips – 5\u{A0}£ — “brains” † € <font> is a tag.\n")
        XCTAssertEqual(document.attributes(of: "<font>").color, .black)
    }

    // MARK: Font requests

    func testOneFontRequestPerFaceWhereTheTextFirstUsesIt() {
        let document = TestSupport.parse("a <b>b</b> <font face=\"arial\" weight=\"bold\">c</font>\n<i>d</i><font face=\"ARIAL\" weight=\"700\">e<font face=\"Nowhere\">")
        let requests = document.fontRequests.map { "\($0.descriptor)@\($0.location.map { "\($0.line):\($0.column)" } ?? "-")" }
        XCTAssertEqual(requests, ["TeX Gyre Pagella@-", "TeX Gyre Pagella Bold@1:3", "arial Bold@1:24", "TeX Gyre Pagella Italic@2:1"],
                       "a face no text uses (Nowhere) is not requested")
    }
}
