@testable import Layout
import Text
import XCTest

/// The vectorised scans must answer as a loop over each character does: at every length around
/// the vectors' widths, with a probe unit at every place, in a slice of a longer text.
final class UnitScanTests: XCTestCase {
    private let probes: [UInt16] = [0x00, 0x09, 0x20, 0x7F, 0x80, 0xFF, 0x100, 0x2028, 0xFFFF]

    /// Calls `body` with each slice and its description; `before` and `after` lie just outside it.
    private func forEachSlice(between before: UInt16, and after: UInt16, _ body: (TextUnitSlice, String) -> Void) {
        for length in 0 ... 40 {
            for place in 0 ..< max(length, 1) {
                for probe in probes {
                    var text = [UInt16](repeating: 0x61, count: length + 2)
                    text[0] = before
                    text[text.count - 1] = after
                    if length > 0 { text[1 + place] = probe }
                    body(TextUnitSlice(text)[1 ..< 1 + length], "length \(length), U+\(String(probe, radix: 16)) at \(place)")
                }
            }
        }
    }

    func testAsASCIIAsEachCharacterSays() {
        forEachSlice(between: 0x2028, and: 0xFFFF) { units, label in
            XCTAssertEqual(UnitScan.isASCII(units), units.allSatisfy { $0 < 0x80 }, label)
        }
    }

    func testContainsAsEachCharacterSays() {
        forEachSlice(between: 0x09, and: 0x2028) { units, label in
            XCTAssertEqual(UnitScan.contains(0x09, or: 0x2028, in: units), units.contains { $0 == 0x09 || $0 == 0x2028 }, label)
        }
        XCTAssertTrue(UnitScan.contains(0x09, or: 0x09, in: TextUnitSlice(Array("a\tb".utf16))))
        XCTAssertFalse(UnitScan.contains(0x09, or: 0x09, in: TextUnitSlice(Array("a b".utf16))))
    }
}
