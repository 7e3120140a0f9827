@testable import Render
import XCTest

/// The document's dates in the information dictionary's form and in XMP's, in universal time,
/// for instants around the edges of the calendar's fields.
final class PDFDateTests: XCTestCase {
    private let instants: [(seconds: Int, pdf: String, iso: String)] = [
        (0, "D:19700101000000Z00'00'", "1970-01-01T00:00:00Z"),
        (946_684_800, "D:20000101000000Z00'00'", "2000-01-01T00:00:00Z"),
        // Before 1970, a leap day, the last second of a year with four digits.
        (-86_400, "D:19691231000000Z00'00'", "1969-12-31T00:00:00Z"),
        (1_709_210_096, "D:20240229123456Z00'00'", "2024-02-29T12:34:56Z"),
        (253_402_300_799, "D:99991231235959Z00'00'", "9999-12-31T23:59:59Z"),
    ]

    func testEachInstantInBothForms() {
        for instant in instants {
            XCTAssertEqual(PDFDate.string(secondsSince1970: instant.seconds), instant.pdf)
            XCTAssertEqual(PDFDate.iso8601(secondsSince1970: instant.seconds), instant.iso)
        }
    }

    func testAYearPastFourDigitsIsWrittenWhole() {
        XCTAssertEqual(PDFDate.string(secondsSince1970: 253_402_300_800), "D:100000101000000Z00'00'")
    }
}
