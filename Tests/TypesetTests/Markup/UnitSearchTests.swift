@testable import Markup
import XCTest

/// The searches eight units at a time against a loop over single units: every length up to
/// a few blocks, the unit sought at every place in a block, and units that only look like it
/// to the vector test (from U+D800 on).
final class UnitSearchTests: XCTestCase {
    /// Units the scanner stops at or passes over, the hard ones among them.
    private let alphabet: [UInt16] = [0x61, 0x20, 0x2C, 0x0A, 0x26, 0x3C, 0x00, 0xE9, 0xD83D, 0xDE00, 0xFDD0, 0xFFFE, 0xFFFF, 0xE000]

    private func endsStretch(_ unit: UInt16) -> Bool {
        unit == 0x00 || unit == 0x0A || unit == 0x26 || unit == 0x3C || Noncharacters.mayStart(unit)
    }

    func testFirstLineFeedAgreesWithALoopOverUnits() {
        var generator = SystemRandomNumberGenerator()
        for round in 0 ..< 2000 {
            let length = round % 40
            // Mostly letters, so that whole blocks without a line feed are common.
            var units = (0 ..< length).map { _ in Bool.random(using: &generator) ? 0x61 : alphabet.randomElement(using: &generator)! }
            if round % 4 == 0 { units = units.map { $0 == 0x0A ? 0x61 : $0 } }
            let start = length == 0 ? 0 : Int.random(in: 0 ... length, using: &generator)
            let expected = units[start...].firstIndex(of: 0x0A)
            XCTAssertEqual(UnitSearch.firstLineFeed(in: units[start...]), expected, "\(units) from \(start)")
        }
    }

    func testALineFeedIsFoundAtEveryPlaceOfABlock() {
        for length in 1 ... 33 {
            for place in 0 ..< length {
                var units = [UInt16](repeating: 0x61, count: length)
                units[place] = 0x0A
                XCTAssertEqual(UnitSearch.firstLineFeed(in: units[...]), place)
                XCTAssertEqual(UnitSearch.firstLineFeed(in: units[1...]), place >= 1 ? place : nil)
            }
        }
    }

    func testStretchEndAgreesWithALoopOverUnits() {
        var generator = SystemRandomNumberGenerator()
        for round in 0 ..< 2000 {
            let length = round % 40
            let units = (0 ..< length).map { _ in Int.random(in: 0 ..< 4, using: &generator) > 0 ? 0x61 : alphabet.randomElement(using: &generator)! }
            let start = length == 0 ? 0 : Int.random(in: 0 ... length, using: &generator)
            let expected = units[start...].firstIndex(where: endsStretch) ?? length
            let found = units.withUnsafeBufferPointer { UnitSearch.stretchEnd(in: $0, from: start, endsStretch: endsStretch) }
            XCTAssertEqual(found, expected, "\(units) from \(start)")
        }
    }

    /// The same over units kept a byte each (a Latin source, `SourceUnits.narrow`), sixteen a
    /// block: lengths up to a few blocks, every unit below U+0100 that ends a stretch or not.
    func testStretchEndOverBytesAgreesWithALoopOverUnits() {
        var generator = SystemRandomNumberGenerator()
        let bytes = alphabet.filter { $0 <= 0xFF }.map(UInt8.init) + [0x0D, 0x3E, 0xFF]
        for round in 0 ..< 2000 {
            let length = round % 70
            let units = (0 ..< length).map { _ in Int.random(in: 0 ..< 4, using: &generator) > 0 ? 0x61 : bytes.randomElement(using: &generator)! }
            let start = length == 0 ? 0 : Int.random(in: 0 ... length, using: &generator)
            let expected = units[start...].firstIndex { endsStretch(UInt16($0)) } ?? length
            let found = units.withUnsafeBufferPointer { UnitSearch.stretchEnd(in: $0, from: start) }
            XCTAssertEqual(found, expected, "\(units) from \(start)")
        }
    }

    func testStretchEndPassesUnitsFromD800OnThatEndNothing() {
        // A private-use character and a lone trail surrogate stop the vector test, not the stretch.
        let units: [UInt16] = Array(repeating: 0x61, count: 5) + [0xE000] + Array(repeating: 0x61, count: 12) + [0xDE00]
            + Array(repeating: 0x62, count: 20) + [0x3C, 0x61]
        let found = units.withUnsafeBufferPointer { UnitSearch.stretchEnd(in: $0, from: 0, endsStretch: endsStretch) }
        XCTAssertEqual(found, 39)   // the `<`
    }
}
