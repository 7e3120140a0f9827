@testable import Markup
import Text
import XCTest

/// The builder styles a paragraph as the one before without making its style again, and
/// extends the text's runs without comparing values, until something the style or the
/// characters' attributes are made from changes: these check each such change.
final class DocumentBuilderTests: XCTestCase {
    func testParagraphsStyledAlikeShareOneRunOfEach() {
        let document = TestSupport.parse(String(repeating: "A verse of plain text.\n", count: 1000))
        XCTAssertEqual(document.text.length, 23_000)
        XCTAssertEqual(document.text.attributeRuns.runCount, 1)
        XCTAssertEqual(document.text.paragraphStyleRuns.runCount, 1)
    }

    func testAListItemsStyleAndNumberEndWithItsParagraph() {
        let document = TestSupport.parse("<li type=\"number\">one\ntwo\n<li type=\"number\">three\n<li type=\"number\">four\nfive")
        XCTAssertNotNil(document.paragraphStyle(of: "one").listMarkerLength)
        XCTAssertNil(document.paragraphStyle(of: "two").listMarkerLength)
        XCTAssertNil(document.paragraphStyle(of: "five").listMarkerLength)
        XCTAssertEqual(document.paragraphStyle(of: "two"), document.paragraphStyle(of: "five"))
        // A paragraph that is no item ends the numbering: three starts again at 1.
        XCTAssertEqual(document.text.string, "1.\tone\ntwo\n1.\tthree\n2.\tfour\nfive")
    }

    func testABreakComesBeforeOneParagraphOnly() {
        let document = TestSupport.parse("a\n<columnbreak>\nb\nc\n<pagebreak>\nd\ne")
        XCTAssertNil(document.paragraphStyle(of: "a").breakBefore)
        XCTAssertEqual(document.paragraphStyle(of: "b").breakBefore, .column)
        XCTAssertNil(document.paragraphStyle(of: "c").breakBefore)
        XCTAssertEqual(document.paragraphStyle(of: "d").breakBefore, .page)
        XCTAssertNil(document.paragraphStyle(of: "e").breakBefore)
    }

    func testSectionsKeepsAndParagraphTagsReachTheNextParagraph() {
        let document = TestSupport.parse("""
            a
            <section columns="1">
            b
            c
            </section>
            <keep>
            d
            </keep>
            <p align="center">e
            f</p>
            g
            """)
        XCTAssertNil(document.paragraphStyle(of: "a").section)
        XCTAssertNotNil(document.paragraphStyle(of: "b").section)
        XCTAssertNotNil(document.paragraphStyle(of: "c").section)
        XCTAssertNil(document.paragraphStyle(of: "d").section)
        XCTAssertNotNil(document.paragraphStyle(of: "d").keepBlock)
        XCTAssertNil(document.paragraphStyle(of: "e").keepBlock)
        XCTAssertEqual(document.paragraphStyle(of: "e").alignment, .center)
        XCTAssertEqual(document.paragraphStyle(of: "f").alignment, .center)
        XCTAssertEqual(document.paragraphStyle(of: "g").alignment, .justify)
        XCTAssertEqual(document.paragraphStyle(of: "g"), document.paragraphStyle(of: "a"))
    }

    func testCharacterChangesMakeRunsAsComparingEveryValueWould() {
        // An empty <b></b> and a restored style give the same attributes: no run of their own.
        let document = TestSupport.parse("a <b>b</b> c\nd <b></b>e <i>f</i>\ng")
        let runs = document.text.attributeRuns(in: 0 ..< document.text.length)
        XCTAssertEqual(runs.map { document.text.substring($0.range) }, ["a ", "b", " c\nd e ", "f", "\ng"])
        XCTAssertEqual(runs.map(\.attributes.fontWeight), [400, 700, 400, 400, 400])
        XCTAssertEqual(runs.map(\.attributes.italic), [false, false, false, true, false])
    }

    func testTextAfterALineBreakCarriesTheCharactersAttributes() {
        let document = TestSupport.parse("a<br>b<font color=\"red\">c<br>d</font>e")
        let runs = document.text.attributeRuns(in: 0 ..< document.text.length)
        XCTAssertEqual(runs.map { document.text.substring($0.range) }, ["a\u{2028}b", "c\u{2028}d", "e"])
    }
}
