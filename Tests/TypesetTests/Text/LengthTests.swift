import Text
import XCTest

/// `Length`: the one parser of lengths the markup and the command line share.
final class LengthTests: XCTestCase {
    private func points(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Double? {
        do {
            return try Length(parsing: text).points
        } catch {
            XCTFail("\"\(text)\": \(error.message)", file: file, line: line)
            return nil
        }
    }

    private func problem(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LengthSyntaxError.Reason? {
        do {
            let length = try Length(parsing: text)
            XCTFail("\"\(text)\" read as \(length)", file: file, line: line)
            return nil
        } catch {
            return error.reason
        }
    }

    func testEveryUnitConvertsExactly() throws {
        // An inch is 72 points and 25.4 millimetres; a pica is 12 points.
        let cases: [(String, Double)] = [
            ("12", 12), ("12pt", 12), ("25.4mm", 72), ("2.54cm", 72), ("1in", 72), ("1pc", 12),
            ("210mm", 210 * 72 / 25.4), ("21cm", 210 * 72 / 25.4), ("8.5in", 612), ("6pc", 72), ("0.5in", 36),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try XCTUnwrap(points(text)), expected, accuracy: 1e-9, text)
        }
        XCTAssertEqual(LengthUnit.mm.points, 72 / 25.4)
        XCTAssertEqual(LengthUnit.cm.points, 10 * LengthUnit.mm.points, accuracy: 1e-12)
        XCTAssertEqual(Set(LengthUnit.allCases.map(\.rawValue)), ["pt", "mm", "cm", "in", "pc"])
    }

    func testTheUnitIsKeptAsWrittenAndBareNumbersArePoints() throws {
        XCTAssertEqual(try Length(parsing: "4.2mm"), Length(value: 4.2, unit: .mm))
        XCTAssertEqual(try Length(parsing: "12"), Length(value: 12))
        XCTAssertNil(try Length(parsing: "12").unit)
        XCTAssertEqual(try Length(parsing: "12pt").unit, .pt)
    }

    func testSignsDecimalsSpacesAndCase() {
        let cases: [(String, Double)] = [
            ("-3.5", -3.5), ("+2", 2), (".5", 0.5), ("5.", 5), ("-.25in", -18), (" 12 pt ", 12), ("\t3\tmm", 3 * 72 / 25.4),
            ("1IN", 72), ("2Cm", 2 * 720 / 25.4), ("0", 0), ("007", 7),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(points(text) ?? .nan, expected, accuracy: 1e-9, text)
        }
    }

    func testExponentsAreRefused() {
        for text in ["1e3", "1E3", "1e-200", "2.5e+2mm", "1e3pt"] {
            XCTAssertEqual(problem(text), .exponent, text)
        }
    }

    func testGarbageIsRefusedWithItsReason() {
        for text in ["", " ", "pt", "mm", "-", "+", ".", "..5", "1.2.3", "nan", "inf", "infinity", "½in", "١٢", "twelve",
                     "1\u{301}mm"] {
            XCTAssertEqual(problem(text), .notANumber, "\"\(text)\"")
        }
        let units: [(String, String)] = [("12px", "px"), ("12em", "em"), ("0x10", "x10"), ("12 p t", "p t"), ("3mmm", "mmm"),
                                         ("1in2", "in2"), ("12%", "%"), ("12 pt;", "pt;"), ("5--", "--")]
        for (text, unit) in units {
            XCTAssertEqual(problem(text), .unknownUnit(unit), text)
        }
    }

    func testHugeValuesAreRefused() {
        XCTAssertEqual(problem(String(repeating: "9", count: 400)), .tooLarge)
        XCTAssertEqual(problem("-" + String(repeating: "9", count: 400) + "mm"), .tooLarge)
        // As large as a Double holds is still a number; the options and attributes bound it.
        XCTAssertEqual(points(String(repeating: "9", count: 300)) ?? 0, 1e300, accuracy: 1e286)
    }

    func testMessagesNameTheAcceptedUnits() {
        let unknown = LengthSyntaxError(.unknownUnit("px")).message
        XCTAssertTrue(unknown.contains("\"px\""), unknown)
        for message in [unknown, LengthSyntaxError(.notANumber).message] {
            XCTAssertTrue(message.contains("pt, mm, cm, in or pc"), message)
        }
        XCTAssertTrue(LengthSyntaxError(.exponent).message.contains("exponent"))
        // A long would-be unit is clipped: a value may be a whole line.
        XCTAssertLessThan(LengthSyntaxError(.unknownUnit(String(repeating: "x", count: 500))).message.count, 150)
    }
}
