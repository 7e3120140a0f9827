import Markup
import Text
import XCTest

/// Every length attribute of the markup takes the units `Length` reads (pt, mm, cm, in, pc),
/// and a value in another unit is an error at the value that names the accepted ones.
final class MarkupLengthTests: XCTestCase {
    private let mm = 72 / 25.4

    func testCharacterLengthsTakeUnits() throws {
        let document = TestSupport.parse(#"<font size="5mm">sized</font> <font baseline="1pc">raised</font> "#
            + #"<font size="20" tracking="1mm">spaced</font> <font shadow="1mm 0.5cm 0.1in">shaded</font>"#)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.attributes(of: "sized").fontSize, 5 * mm, accuracy: 1e-9)
        XCTAssertEqual(document.attributes(of: "raised").baselineOffset, 12, accuracy: 1e-9)
        XCTAssertEqual(document.attributes(of: "spaced").tracking, mm / 20, accuracy: 1e-12, "converted to ems at the size")
        let shadow = try XCTUnwrap(document.attributes(of: "shaded").shadow)
        XCTAssertEqual(shadow.offsetX, mm, accuracy: 1e-9)
        XCTAssertEqual(shadow.offsetY, 5 * mm, accuracy: 1e-9)
        XCTAssertEqual(shadow.blur, 7.2, accuracy: 1e-9)
    }

    func testParagraphLengthsTakeUnits() {
        let document = TestSupport.parse(#"<p indent="-0.5cm" head-indent="1cm" tail-indent="1in" space-before="1pc" space-after="3mm" "#
            + #"line-height="5mm" tabs="25mm right, 2in, 3pc decimal" tab-interval="1cm">Set in."#
            + "\n" + #"<p line-height="1.5">Multiple."# + "\n" + #"<p line-height-min="4mm" line-height-max="0.25in">Bounded."#)
        XCTAssertEqual(document.diagnostics, [])
        let style = document.paragraphStyle(of: "Set in.")
        XCTAssertEqual(style.firstLineIndent, -5 * mm, accuracy: 1e-9)
        XCTAssertEqual(style.headIndent, 10 * mm, accuracy: 1e-9)
        XCTAssertEqual(style.tailIndent, 72, accuracy: 1e-9)
        XCTAssertEqual(style.spaceBefore, 12, accuracy: 1e-9)
        XCTAssertEqual(style.spaceAfter, 3 * mm, accuracy: 1e-9)
        XCTAssertEqual(style.lineHeight, .fixed(5 * mm), "a length with a unit is a fixed line height; a bare number a multiple")
        XCTAssertEqual(style.tabStops.map(\.location), [36, 25 * mm, 144])
        XCTAssertEqual(style.tabStops.map(\.alignment), [.decimal, .right, .left])
        XCTAssertEqual(style.defaultTabInterval, 10 * mm, accuracy: 1e-9)
        XCTAssertEqual(document.paragraphStyle(of: "Multiple.").lineHeight, .multiple(1.5))
        XCTAssertEqual(document.paragraphStyle(of: "Bounded.").lineHeight, .range(minimum: 4 * mm, maximum: 18))
    }

    func testListSectionPictureAndExclusionLengthsTakeUnits() throws {
        let path = TestSupport.imagePath("rgb8.png")   // 240×160 pixels
        let document = TestSupport.parse("""
            <li indent="1cm">item
            <section gutter="5mm">in columns</section>
            <section shape="circle" height="10cm">in a circle</section>
            <img src="\(path)" width="2in"> <img src="\(path)" float="left" height="1in" margin="2mm">
            <exclusion shape="rect" x="1in" y="2cm" width="3pc" height="10mm" padding="1mm">
            <exclusion shape="polygon" points="10mm,10mm 50mm,10mm 1in,2in">
            """)
        XCTAssertEqual(document.diagnostics.filter { $0.severity == .error }, [])
        XCTAssertEqual(document.paragraphStyle(of: "item").headIndent, 10 * mm, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(document.sections.first?.style.gutter), 5 * mm, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(document.sections.last?.style.height), 100 * mm, accuracy: 1e-9)
        let pictures = document.text.attachments
        XCTAssertEqual(pictures.count, 2)
        XCTAssertEqual(pictures.first?.delegate, RunDelegate(ascent: 96, descent: 0, width: 144), "2 in wide, in the picture's proportions")
        let float = try XCTUnwrap(pictures.last?.image.float)
        XCTAssertEqual(float.height, 72, accuracy: 1e-9)
        XCTAssertEqual(float.margin, 2 * mm, accuracy: 1e-9)
        XCTAssertEqual(document.exclusions.count, 2)
        XCTAssertEqual(document.exclusions.first?.outline, .rect(x: 72, y: 2 * (720 / 25.4), width: 36, height: 10 * mm))
        XCTAssertEqual(try XCTUnwrap(document.exclusions.first?.padding), mm, accuracy: 1e-9)
        XCTAssertEqual(document.exclusions.last?.outline, .polygon([.init(x: 10 * mm, y: 10 * mm), .init(x: 50 * mm, y: 10 * mm), .init(x: 72, y: 144)]))
    }

    func testAnUnknownUnitIsAnErrorAtTheValueNamingTheUnits() {
        let cases: [(markup: String, value: String)] = [
            (#"<font size="12px">"#, "12px"), (#"<p space-after="3 px">"#, "3 px"), (#"<p indent="2em">"#, "2em"),
            (#"<section gutter="1ft">"#, "1ft"), (#"<font baseline="2ex">"#, "2ex"), (#"<p line-height="14dp">"#, "14dp"),
        ]
        for (markup, value) in cases {
            let document = TestSupport.parse("ab " + markup + "x")
            let errors = document.diagnostics.filter { $0.severity == .error }
            XCTAssertEqual(errors.count, 1, "\(markup): \(document.diagnostics)")
            let message = errors.first?.message ?? ""
            XCTAssertTrue(message.contains("\"\(value)\" has an unknown unit"), message)
            XCTAssertTrue(message.contains("pt, mm, cm, in or pc"), message)
            let valueColumn = markup.range(of: "=\"").map { markup.distance(from: markup.startIndex, to: $0.upperBound) + 4 }
            XCTAssertEqual(errors.first?.location?.column, valueColumn, markup)
        }
    }

    func testRangesAreCheckedInPointsAndSayBoth() {
        let path = TestSupport.imagePath("rgb8.png")
        let cases: [(String, String)] = [
            ("<img src=\"\(path)\" width=\"6000mm\">", "width 6000mm (17007.87 pt) is too large (at most 14400 pt)"),
            (#"<font size="40cm">"#, "size 40cm (1133.86 pt) is too large (at most 1000 pt)"),
            (#"<p space-before="-1mm">"#, "space-before must be at least 0 pt, not -1mm (-2.83 pt)"),
            (#"<font size="1e-3in">"#, "exponent"),
            (#"<p tabs="72, 3px">"#, "\"3px\" is not a position"),
            (#"<exclusion shape="polygon" points="0,0 1mm,1px 2,2">"#, "\"1mm,1px\" is not one"),
        ]
        for (markup, expected) in cases {
            let errors = TestSupport.parse(markup + "x").diagnostics.filter { $0.severity == .error }
            XCTAssertEqual(errors.count, 1, markup)
            XCTAssertTrue(errors.first?.message.contains(expected) == true, "\(markup): \(errors.first?.message ?? "")")
        }
    }
}
