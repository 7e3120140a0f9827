@testable import Render
import XCTest

/// `PDFValueParser` and `PDFValue`'s text: objects as Cairo writes them (line breaks,
/// indentation, comments, indirect lengths) read and written back, and faults refused.
final class PDFValueParserTests: XCTestCase {
    private func parse(_ text: String) throws -> PDFValue {
        var parser = PDFValueParser(Array(text.utf8))
        return try parser.value()
    }

    private func written(_ value: PDFValue) -> String {
        var text = PDFObjectText()
        text.value(value)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    func testAPageAsCairoWritesItIsReadWithItsEntriesInOrder() throws {
        let page = try parse("""
        << /Type /Page % 1
           /Parent 1 0 R
           /MediaBox [ 0 0 595.2756 841.8898 ]
           /Contents 10 0 R
           /Group <<
              /Type /Group
              /I true
           >>
        >>
        """)
        let dictionary = try XCTUnwrap(page.dictionary)
        XCTAssertEqual(dictionary.entries.map(\.key), ["/Type", "/Parent", "/MediaBox", "/Contents", "/Group"])
        XCTAssertEqual(dictionary["/Parent"], .reference(number: 1, generation: 0))
        XCTAssertEqual(dictionary["/MediaBox"], .array([.integer(0), .integer(0), .real(Array("595.2756".utf8)), .real(Array("841.8898".utf8))]))
        XCTAssertEqual(dictionary["/Group"]?.dictionary?["/I"], .boolean(true))
        XCTAssertEqual(written(page), "<</Type /Page /Parent 1 0 R /MediaBox [0 0 595.2756 841.8898] /Contents 10 0 R /Group <</Type /Group /I true >> >>")
    }

    func testStringsAreKeptAsWrittenWithNestedParenthesesAndEscapes() throws {
        let text = #"[(a (nested) \) string) <FEFF 0041> (\\) null -3 +4 -.5 /A#20B]"#
        let value = try parse(text)
        XCTAssertEqual(value.array?.count, 8)
        XCTAssertEqual(value.array?[0], .string(Array(#"(a (nested) \) string)"#.utf8)))
        XCTAssertEqual(value.array?[1], .string(Array("<FEFF 0041>".utf8)))
        XCTAssertEqual(value.array?[2], .string(Array(#"(\\)"#.utf8)))
        XCTAssertEqual(value.array?[4], .integer(-3))
        XCTAssertEqual(value.array?[5], .integer(4))
        XCTAssertEqual(value.array?[6], .real(Array("-.5".utf8)))
        XCTAssertEqual(value.array?[7], .name("/A#20B"))
        // Written back, it reads as the same value.
        XCTAssertEqual(try parse(written(value)), value)
    }

    func testTwoIntegersWithoutRAreNotAReference() throws {
        XCTAssertEqual(try parse("[1 0 2 0 R 3]"), .array([.integer(1), .integer(0), .reference(2), .integer(3)]))
    }

    func testAKeyKeepsItsPlaceWhenSetAndGoesWhenNil() {
        var dictionary = PDFDictionary([("/A", .integer(1)), ("/B", .integer(2))])
        dictionary["/A"] = .integer(3)
        dictionary["/C"] = .null
        dictionary["/B"] = nil
        XCTAssertEqual(dictionary.entries.map(\.key), ["/A", "/C"])
        XCTAssertEqual(dictionary["/A"], .integer(3))
    }

    func testMalformedObjectsAreRefused() {
        for text in ["<< /A 1", "(unclosed", "[1 2", "<12 zz>", "<< 1 2 >>", "", "obj", ">>"] {
            XCTAssertThrowsError(try parse(text), text)
        }
    }
}
