import Diagnostics
import Markup
import Text
import XCTest

/// `<p dropcap dropcap-face dropcap-color>`: the values a paragraph's drop cap takes, in a
/// tag and in a named style, the face asked for where it is named, and each bad value an
/// error at the value.
final class DropCapMarkupTests: XCTestCase {
    private func parse(_ markup: String) -> MarkupDocument {
        TestSupport.parse(markup)
    }

    func testTheDocumentedExampleGivesItsParagraphsDropCaps() {
        let document = MarkupExample.named("dropcap").parse()
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.paragraphStyle(of: "The zombie").dropCap.lines, 3)
        XCTAssertEqual(document.paragraphStyle(of: "Always check").dropCap,
                       DropCap(lines: 2, family: "Liberation Sans", color: Color(red: 0x8B / 255.0, green: 0, blue: 0)))
        XCTAssertFalse(document.paragraphStyle(of: "Back to").dropCap.isOn, "</p> ends the drop caps")
    }

    func testEveryWholeNumberFromTwoToSixIsALineCount() {
        for lines in 2 ... 6 {
            let document = parse("<p dropcap=\"\(lines)\">Words\n")
            XCTAssertEqual(document.diagnostics, [])
            XCTAssertEqual(document.paragraphStyle(of: "Words").dropCap.lines, lines)
        }
        XCTAssertEqual(parse("Words\n").paragraphStyle(of: "Words").dropCap, .none, "no drop cap unless asked for")
    }

    func testFaceAndColourApplyWithTheLinesAndDefaultToTheTextsOwn() {
        let document = parse("<p dropcap=\"4\" dropcap-face=\"Liberation Sans\" dropcap-color=\"#336699\">Words\n</p>Plain\n")
        XCTAssertEqual(document.diagnostics, [])
        let dropCap = document.paragraphStyle(of: "Words").dropCap
        XCTAssertEqual(dropCap.family, "Liberation Sans")
        XCTAssertEqual(dropCap.color, Color(red: 0x33 / 255.0, green: 0x66 / 255.0, blue: 0x99 / 255.0))
        XCTAssertEqual(document.paragraphStyle(of: "Plain").dropCap, .none)
        let plain = parse("<p dropcap=\"2\">Words\n").paragraphStyle(of: "Words").dropCap
        XCTAssertNil(plain.family, "the initial's face defaults to the first character's")
        XCTAssertNil(plain.color, "and its colour to the text's")
    }

    func testANamedStyleCarriesTheDropCapAndTheTagsOwnValuesWin() {
        let document = parse("""
        <style name="opener" dropcap="3" dropcap-color="red"/>
        <p style="opener">First
        </p><p style="opener" dropcap="5">Second
        </p>Third
        """)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.paragraphStyle(of: "First").dropCap, DropCap(lines: 3, color: Color(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(document.paragraphStyle(of: "Second").dropCap.lines, 5)
        XCTAssertEqual(document.paragraphStyle(of: "Second").dropCap.color, Color(red: 1, green: 0, blue: 0))
        XCTAssertFalse(document.paragraphStyle(of: "Third").dropCap.isOn)
    }

    func testNoneEndsTheDropCapsOfAStyleOrATagInForce() {
        let document = parse("""
        <style name="opener" dropcap="3"/>
        <p dropcap="3">First
        <p dropcap="none">Second
        </p><p style="opener" dropcap="NONE">Third

        """)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.paragraphStyle(of: "First").dropCap.lines, 3)
        XCTAssertFalse(document.paragraphStyle(of: "Second").dropCap.isOn)
        XCTAssertFalse(document.paragraphStyle(of: "Third").dropCap.isOn)
    }

    func testHeadingsCaptionsCellsAndNotesNeverTakeADropCapLeftInForce() {
        // A designer's feature opened its first paragraph with `<p style="body" dropcap="3">` and
        // no `</p>`: every caption, pull quote (a style made from subheadline), subhead and
        // table cell after it opened with an initial three lines tall.
        let document = parse("""
        <style name="pullquote" style="subheadline" slant="italic"/>
        <p dropcap="3">Opening paragraph.
        <p style="headline">Headline
        <p style="pullquote">Quote
        </p></p><figure><caption>Caption</caption></figure>
        <table><tr><td>Cell</td></tr></table>
        Body again.<footnote>Note.</footnote>

        """)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.paragraphStyle(of: "Opening").dropCap.lines, 3)
        for text in ["Headline", "Quote", "Caption", "Cell", "Note."] {
            XCTAssertFalse(document.paragraphStyle(of: text).dropCap.isOn, text)
        }
        let kept = parse("<style name=\"lede\" style=\"subheadline\" dropcap=\"2\"/>\n<p style=\"lede\">Lede\n")
        XCTAssertEqual(kept.paragraphStyle(of: "Lede").dropCap.lines, 2, "a style that asks for one has it")
    }

    func testADocumentsOwnStyleTakesNoDropCapLeftInForceUnlessItAsksForOne() {
        // A designer's poetry page (Fixtures/designer-pages/poetry.txt) opened its introduction
        // with `<p dropcap="2">` and no `</p>`: every line of its poems, each a paragraph in a
        // `verse` style of its own, opened with an initial two lines tall.
        let document = parse("""
        <style name="verse" align="left" head-indent="12" indent="-12"/>
        <style name="lede" style="body" size="12"/>
        <style name="opener" dropcap="3"/>
        <style name="opener-red" style="opener" color="red"/>
        <p dropcap="2">Introduction.
        <p style="body">Running text.
        <p style="verse">The bay keeps nothing that it takes.
        <p style="lede">A lede.
        <p style="opener-red">An opener.

        """)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.paragraphStyle(of: "Introduction").dropCap.lines, 2)
        XCTAssertFalse(document.paragraphStyle(of: "The bay").dropCap.isOn, "a verse line opens with no initial")
        XCTAssertFalse(document.paragraphStyle(of: "A lede").dropCap.isOn, "nor does a style made from body")
        XCTAssertEqual(document.paragraphStyle(of: "An opener").dropCap.lines, 3, "a style made from one that asks has it")
        XCTAssertFalse(document.paragraphStyle(of: "Running").dropCap.isOn, "the tag's initial is the introduction's")
    }

    func testAListItemTakesNoDropCapLeftInForce() {
        // A designer's recipe (Fixtures/designer-pages/recipe.txt) opened its introduction with
        // `<p dropcap="3">` and no `</p>`: each numbered step's "1" was set as an initial three
        // lines tall, its full stop left at the head of the first line.
        let document = parse("""
        <p dropcap="3">Introduction.
        <li type="number">Dissolve the sugar.
        <li>Whip the cream.
        Running text again.

        """)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertFalse(document.paragraphStyle(of: "1.").dropCap.isOn, "a numbered item opens with no initial")
        XCTAssertFalse(document.paragraphStyle(of: "•").dropCap.isOn, "nor does a bullet item")
        XCTAssertFalse(document.paragraphStyle(of: "Running").dropCap.isOn, "the tag's initial is the introduction's")
    }

    /// A designer's annual report opened its first paragraph with `<p dropcap="2">` and no `</p>`,
    /// as HTML is written: every running paragraph after it opened with an initial, and so did
    /// each row of a tab table in a `<p tabs>` inside it (nine on its first page). An initial
    /// opens the first paragraph after the tag that asks for it; the tag's other attributes last.
    func testAnOpenDropCapTagOpensOnlyTheFirstParagraphAfterIt() {
        let document = parse("""
        <p dropcap="2" space-after="3">

        Das Geschäftsjahr 2026 war das erfolgreichste.
        Die Unternehmensleitung hat die Strategie fortgesetzt.
        <p tabs="end decimal ,">Leben\t156,25
        Kranken\t84,7
        </p><font color="gray">In der Krankenversicherung
        Für das kommende Jahr
        </font>Die Hauptversammlung
        <p style="body">Running text in the body style.
        </p><p dropcap="3">“<i>Always</i> check the post,” said my grandmother.
        Back to the body text.

        """)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.paragraphStyle(of: "Das Geschäftsjahr").dropCap.lines, 2, "an empty line takes no initial")
        for text in ["Die Unternehmensleitung", "Leben", "Kranken", "In der", "Für das", "Die Hauptversammlung", "Running", "Back to"] {
            XCTAssertFalse(document.paragraphStyle(of: text).dropCap.isOn, text)
        }
        XCTAssertEqual(document.paragraphStyle(of: "Die Hauptversammlung").spaceAfter, 3, "the tag's other attributes last")
        XCTAssertEqual(document.paragraphStyle(of: "Always").dropCap.lines, 3, "a new tag, a new initial, after a quotation mark and a tag")
        // A sidebar written before the story's first paragraph does not take its initial.
        let sidebar = parse("<p dropcap=\"3\">\n<aside float=\"left\">\nIn numbers.\n</aside>\nThe story.\n<aside>\n<p dropcap=\"2\">Its own.\n</aside>\n")
        XCTAssertEqual(["In numbers", "The story", "Its own"].map { sidebar.paragraphStyle(of: $0).dropCap.lines }, [0, 3, 2])
        let styled = parse("<style name=\"opener\" dropcap=\"2\"/>\n<p style=\"opener\">One.\n</p><p style=\"opener\">Two.\n")
        XCTAssertEqual(["One", "Two"].map { styled.paragraphStyle(of: $0).dropCap.lines }, [2, 2], "each tag of a style that asks")
    }

    func testAnythingButTwoToSixLinesIsAnErrorAtTheValue() {
        for bad in ["1", "7", "0", "2.5", "-3", "three", "", "3pt"] {
            let document = parse("<p dropcap=\"\(bad)\">Words\n")
            XCTAssertEqual(document.diagnostics.map(\.severity), [.error], bad)
            XCTAssertEqual(document.diagnostics.first?.message,
                           "dropcap must be a whole number of lines from 2 to 6, or none, not \"\(bad)\"", bad)
            XCTAssertEqual(document.diagnostics.first?.location?.line, 1, bad)
            XCTAssertEqual(document.diagnostics.first?.location?.column, 13, "at the value: \(bad)")
        }
    }

    func testABadColourOrAnEmptyFaceIsAnErrorAtItsValue() {
        let colour = parse("<p dropcap=\"3\" dropcap-color=\"reddish\">Words\n")
        XCTAssertEqual(colour.diagnostics.map(\.severity), [.error])
        XCTAssertEqual(colour.diagnostics.first?.location?.column, 31)
        XCTAssertTrue(colour.diagnostics.first?.message.contains("reddish") ?? false, "\(colour.diagnostics)")
        let face = parse("<p dropcap=\"3\" dropcap-face=\" \">Words\n")
        XCTAssertEqual(face.diagnostics.map(\.message), ["empty dropcap-face (expected a family name such as TeX Gyre Bonum)"])
        XCTAssertEqual(face.diagnostics.first?.location?.column, 30)
    }

    func testTheInitialsFaceIsRequestedWhereItIsNamed() {
        let document = parse("Body\n<p dropcap=\"2\" dropcap-face=\"Some Display Face\">Words\n")
        let request = document.fontRequests.first { $0.family == "Some Display Face" }
        XCTAssertEqual(request?.descriptor, FontDescriptor(family: "Some Display Face"))
        XCTAssertEqual(request?.location?.line, 2)
        XCTAssertEqual(request?.location?.column, 30, "at the value, where a missing family is warned about")
        let styled = parse("<style name=\"opener\" dropcap=\"2\" dropcap-face=\"Other Face\"/>\n<p style=\"opener\">Words\n")
        XCTAssertEqual(styled.fontRequests.first { $0.family == "Other Face" }?.location?.line, 1, "in a named style, at its definition")
    }
}
