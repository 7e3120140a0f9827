@testable import Layout
import Text
import XCTest

/// Justification ranges in a narrow column: letters and glyphs that give let the breaker set
/// the word spaces more evenly than spaces alone can; every justified line still fills its
/// measure, and no give leaves its range except word spaces on a line that cannot be filled.
final class JustificationRangeTests: FramesetterTestCase {
    /// The word spaces (in em) of the justified lines of `prose` set at 160 pt with
    /// `attributes`, and the lines themselves.
    private func spaces(_ attributes: String) throws -> (gaps: [Double], lines: [Line]) {
        let markup = "<p \(attributes)>" + Array(repeating: JustificationText.prose, count: 4).joined(separator: "\n") + "\n"
        let frame = try framesetter(markup).frame(in: Container(rect: Rect(x: 0, y: 0, width: 160, height: 10_000)), from: 0)
        let justified = frame.lines.filter { !$0.endsParagraph }
        var gaps: [Double] = []
        for line in justified {
            for run in line.runs {
                for (index, cluster) in run.clusters.enumerated() where cluster >= 0 && frame.text.storage[cluster] == 0x20 {
                    gaps.append(run.advances[index] / run.fontSize)
                }
            }
        }
        return (gaps.sorted(), justified)
    }

    private func percentile(_ sorted: [Double], _ share: Double) -> Double {
        sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * share))]
    }

    func testLettersAndGlyphsThatGiveSetTheSpacesOfANarrowColumnMoreEvenly() throws {
        let spacesAlone = try spaces("word-spacing=\"66.7 100 150\" letter-spacing=\"0 0 0\" glyph-scaling=\"100 100 100\"")
        let standard = try spaces("")
        XCTAssertGreaterThan(standard.gaps.count, 100)
        // The widest spaces are narrower, and the spread of spaces smaller.
        XCTAssertLessThan(percentile(standard.gaps, 0.95), percentile(spacesAlone.gaps, 0.95))
        XCTAssertLessThan(percentile(standard.gaps, 0.95) - percentile(standard.gaps, 0.05),
                          percentile(spacesAlone.gaps, 0.95) - percentile(spacesAlone.gaps, 0.05))
        for line in standard.lines where line.runs.contains(where: { $0.horizontalScale != 1 }) {
            XCTAssertEqual(line.width, 160, accuracy: 0.01, "a justified line fills its measure")
            for run in line.runs {
                XCTAssertGreaterThanOrEqual(run.horizontalScale, 0.98 - 1e-9)
                XCTAssertLessThanOrEqual(run.horizontalScale, 1.02 + 1e-9)
            }
        }
        XCTAssertTrue(standard.lines.contains { $0.runs.contains { $0.horizontalScale > 1 } }, "some lines are expanded")
        XCTAssertTrue(standard.lines.contains { $0.runs.contains { $0.horizontalScale < 1 } }, "and some condensed")
    }

    func testGlyphsAreNotScaledInAScriptThatJoinsItsLettersNorInRaggedLines() throws {
        let arabic = try framesetter("<p lang=\"ar\" dir=\"rtl\">" + String(repeating: "مرحبا بكم في المكتبة الكبيرة للمدينة القديمة ", count: 12) + "\n")
            .frame(in: Container(rect: Rect(x: 0, y: 0, width: 160, height: 2_000)), from: 0)
        XCTAssertGreaterThan(arabic.lines.count, 3)
        XCTAssertTrue(arabic.lines.allSatisfy { $0.runs.allSatisfy { $0.horizontalScale == 1 } })
        let ragged = try framesetter(JustificationText.prose + "\n", alignment: .left)
            .frame(in: Container(rect: Rect(x: 0, y: 0, width: 160, height: 2_000)), from: 0)
        XCTAssertTrue(ragged.lines.allSatisfy { $0.runs.allSatisfy { $0.horizontalScale == 1 } })
    }
}
