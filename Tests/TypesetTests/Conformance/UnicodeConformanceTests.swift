import Breaking
import Shaping
import Text
import XCTest

/// Unicode's own conformance files run through the APIs layout uses (BreakOpportunities and
/// BidiParagraph), not through ICU directly, so that a mistake in how typeset calls ICU shows.
/// Every difference must be one of the documented ones (UnicodeConformanceExpectedFailures.swift,
/// docs/conformance.md).
final class UnicodeConformanceTests: XCTestCase {
    func testLineBreakTestFile() throws {
        let file = try UnicodeTestFile(path: UnicodeTestFiles.lineBreakTest)
        let header = "\(file.name) (Unicode \(file.version), ICU \(BreakOpportunities.icuVersion))"
        var total = 0, passed = 0
        var explained = [String: Int]()
        var problems: [String] = []
        file.forEachCaseLine { number, line in
            guard let testCase = LineBreakCase(lineNumber: number, line: line) else {
                problems.append("line \(number): unreadable")
                return
            }
            total += 1
            let (units, offsets) = utf16(testCase.scalars)
            let found = BreakOpportunities.find(in: units, locale: "en")
            let describe = "line \(number) \(testCase.marked)"
            // The API's own promises: increasing offsets, one flag each, the end of text last.
            guard found.offsets.count == found.mandatory.count, found.offsets.last == units.count,
                  zip(found.offsets, found.offsets.dropFirst()).allSatisfy({ $0 < $1 }) else {
                problems.append("\(describe): malformed result \(found)")
                return
            }
            let breakAt = Dictionary(uniqueKeysWithValues: zip(found.offsets, found.mandatory))
            var agrees = true
            if let stray = found.offsets.first(where: { !offsets.contains($0) }) {
                problems.append("\(describe): a break at UTF-16 offset \(stray), inside a code point")
                agrees = false
            }
            for position in testCase.breaks.indices {
                let place = LineBreakPlace(testCase: testCase, position: position)
                let icuBreaks = breakAt[offsets[position]] != nil
                let reasons = lineBreakDifferences.filter { $0.explains(place) }
                if icuBreaks == testCase.breaks[position] {
                    // A documented difference that no longer differs: the list must shrink.
                    if let reason = reasons.first {
                        problems.append("\(describe): ICU now agrees at position \(position) (\(reason.name))")
                    }
                    continue
                }
                agrees = false
                if reasons.count == 1 {
                    explained[reasons[0].name, default: 0] += 1
                } else {
                    problems.append("\(describe): ICU \(icuBreaks ? "breaks" : "does not break") at position "
                        + "\(position) (rule \(testCase.rules[position]), classes \(testCase.classes)); "
                        + "\(reasons.isEmpty ? "no documented reason" : "several reasons")")
                }
            }
            // A break is mandatory exactly after BK, CR, LF and NL (LB4, LB5).
            for (position, offset) in offsets.enumerated().dropFirst() {
                guard let mandatory = breakAt[offset] else { continue }
                let after = testCase.classes[position - 1]
                if mandatory != ["BK", "CR", "LF", "NL"].contains(after) {
                    problems.append("\(describe): mandatory is \(mandatory) at position \(position) after \(after)")
                    agrees = false
                }
            }
            if agrees { passed += 1 }
        }
        print("\(header): \(passed) of \(total) cases pass")
        for difference in lineBreakDifferences {
            print("  \(explained[difference.name, default: 0]) boundaries differ by \(difference.name)")
        }
        XCTAssertGreaterThan(total, 7000, "\(UnicodeTestFiles.lineBreakTest) was not read in full")
        assertNone(problems, header)
        for difference in lineBreakDifferences {
            XCTAssertEqual(explained[difference.name, default: 0], difference.count,
                           "\(header): \(difference.name) (\(difference.reason)) — ICU's behaviour changed: "
                               + "update the expected count and docs/conformance.md")
        }
    }

    func testBidiCharacterTestFile() throws {
        let file = try UnicodeTestFile(path: UnicodeTestFiles.bidiCharacterTest)
        let header = "\(file.name) (Unicode \(file.version), ICU \(BreakOpportunities.icuVersion))"
        let directions: [WritingDirection] = [.ltr, .rtl, .auto]   // the file's 0, 1 and 2
        var total = 0, passed = 0
        var explained = [String: Int]()
        var problems: [String] = []
        file.forEachCaseLine { number, line in
            guard let testCase = BidiCharacterCase(lineNumber: number, line: line) else {
                problems.append("line \(number): unreadable")
                return
            }
            total += 1
            let (units, offsets) = utf16(testCase.scalars)
            let paragraph = BidiParagraph(units, direction: directions[testCase.direction])
            guard paragraph.levels.count == units.count, paragraph.baseLevel == testCase.paragraphLevel else {
                problems.append("line \(number) \(testCase.codePoints): paragraph level \(paragraph.baseLevel), "
                    + "not \(testCase.paragraphLevel), or \(paragraph.levels.count) levels for \(units.count) units")
                return
            }
            // A code point's level is its first unit's; rule X9's removals (`x`) have no level
            // and are left out of the order, which is of the whole paragraph as one line.
            let levels = testCase.scalars.indices.map { paragraph.levels[offsets[$0]] }
            let kept = testCase.levels.indices.filter { testCase.levels[$0] != nil }
            let order = BidiParagraph.visualOrder(levels: kept.map { levels[$0] }).map { kept[$0] }
            let outcome = BidiOutcome(testCase: testCase, levels: levels,
                                      wrongLevels: kept.filter { levels[$0] != testCase.levels[$0] },
                                      orderMatches: order == testCase.visualOrder)
            if outcome.wrongLevels.isEmpty, outcome.orderMatches {
                passed += 1
                return
            }
            let reasons = bidiDifferences.filter { $0.explains(outcome) }
            if reasons.count == 1 {
                explained[reasons[0].name, default: 0] += 1
            } else {
                problems.append("line \(number) \(testCase.codePoints): levels \(levels), order \(order); "
                    + "\(reasons.isEmpty ? "no documented reason" : "several reasons")")
            }
        }
        print("\(header): \(passed) of \(total) cases pass")
        for difference in bidiDifferences {
            print("  \(explained[difference.name, default: 0]) cases differ by \(difference.name)")
        }
        XCTAssertGreaterThan(total, 90000, "\(UnicodeTestFiles.bidiCharacterTest) was not read in full")
        assertNone(problems, header)
        for difference in bidiDifferences {
            XCTAssertEqual(explained[difference.name, default: 0], difference.count,
                           "\(header): \(difference.name) (\(difference.reason)) — ICU's behaviour changed: "
                               + "update the expected count and docs/conformance.md")
        }
    }

    /// Fails with the first problems (a broken wrapper would otherwise print thousands).
    private func assertNone(_ problems: [String], _ header: String, file: StaticString = #filePath, line: UInt = #line) {
        guard !problems.isEmpty else { return }
        XCTFail("\(header): \(problems.count) unexplained differences:\n"
            + problems.prefix(20).joined(separator: "\n"), file: file, line: line)
    }

    /// The UTF-16 units of `scalars` and the offset at which each code point starts, plus the end.
    private func utf16(_ scalars: [Unicode.Scalar]) -> (units: [UInt16], offsets: [Int]) {
        var units: [UInt16] = []
        var offsets: [Int] = []
        units.reserveCapacity(scalars.count * 2)
        offsets.reserveCapacity(scalars.count + 1)
        for scalar in scalars {
            offsets.append(units.count)
            if scalar.value < 0x10000 {
                units.append(UInt16(scalar.value))
            } else {
                let value = scalar.value - 0x10000
                units.append(0xD800 | UInt16(value >> 10))
                units.append(0xDC00 | UInt16(value & 0x3FF))
            }
        }
        offsets.append(units.count)
        return (units, offsets)
    }
}
