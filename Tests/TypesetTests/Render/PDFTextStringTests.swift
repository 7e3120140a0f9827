@testable import Render
import XCTest

/// `PDFTextString`: a string of the draft's information dictionary read as its text, and
/// `Inflate`, the content streams the finishing step rewrites.
final class PDFTextStringTests: XCTestCase {
    func testLiteralStringsLoseTheirEscapes() {
        XCTAssertEqual(PDFTextString.text(of: Array("(cairo 1.16.0 (https://cairographics.org))".utf8)), "cairo 1.16.0 (https://cairographics.org)")
        XCTAssertEqual(PDFTextString.text(of: Array(#"(a\)b\\c\nd\101\0601)"#.utf8)), "a)b\\c\ndA01")
        XCTAssertEqual(PDFTextString.text(of: Array("(line\\\ncontinued)".utf8)), "linecontinued")
    }

    func testUTF16AndHexadecimalStringsAreRead() {
        XCTAssertEqual(PDFTextString.text(of: Array("<FEFF201C004E201D>".utf8)), "“N”")
        XCTAssertEqual(PDFTextString.text(of: Array("<48 69 2>".utf8)), "Hi ")
        XCTAssertNil(PDFTextString.text(of: Array("/Name".utf8)))
    }

    func testWhatIsDeflatedIsInflatedAgain() throws {
        let content = Array(String(repeating: "BT /F1 12 Tf (page one) Tj ET\n", count: 3000).utf8)
        let deflated = try Deflater().bytes(content, of: "a test stream")
        XCTAssertEqual(try Inflate.bytes(deflated, of: "a test stream"), content)
        XCTAssertThrowsError(try Inflate.bytes(Array(deflated.dropLast(20)), of: "a cut stream"))
        XCTAssertThrowsError(try Inflate.bytes([1, 2, 3, 4], of: "not a stream"))
    }
}
