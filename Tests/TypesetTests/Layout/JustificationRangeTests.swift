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

    func testALineOfOneWordIsNotSpacedOutPastItsLimits() throws {
        let text = "Notwithstanding considerable misunderstandings, interdepartmental disagreements persisted.\n"
        let container = Container(rect: Rect(x: 0, y: 0, width: 110, height: 500))
        let frame = try framesetter(text).frame(in: container, from: 0)
        let held = try framesetter("<p letter-spacing=\"0 0 0\" glyph-scaling=\"100 100 100\">" + text).frame(in: container, from: 0)
        let alone = frame.lines.filter { line in
            !line.endsParagraph && !frame.text.substring(line.stringRange).trimmingCharacters(in: .whitespaces).contains(" ")
        }
        XCTAssertFalse(alone.isEmpty, "a word alone on a justified line")
        for line in alone {
            // The same word set with letters and glyphs held: its natural width.
            let natural = try XCTUnwrap(held.lines.first { $0.stringRange == line.stringRange })
            let letters = Double(line.runs.reduce(0) { $0 + $1.glyphIDs.count })
            let size = try XCTUnwrap(line.runs.first).fontSize
            XCTAssertLessThanOrEqual(line.width, natural.width * 1.02 + letters * 0.015 * size + 1e-6,
                                     "at most 102 % and 1.5 % of the em a letter: \(frame.text.substring(line.stringRange))")
            XCTAssertLessThan(line.width, 110 - 1, "left short of the measure")
        }
    }

    func testBesideAnExclusionALineThatWouldBeSpacedOutIsSetFlush() throws {
        let strip = 80.0
        let text = JustificationText.prose + "\n"
        let bar = Exclusion(.rectangle(Rect(x: strip, y: 0, width: 240 - strip, height: 150)))
        let frame = try framesetter(text).frame(in: Container(rect: Rect(x: 0, y: 0, width: 240, height: 600), exclusions: [bar]),
                                                from: 0)
        let plain = try framesetter(text, alignment: .left).frame(in: Container(rect: Rect(x: 0, y: 0, width: 240, height: 600)),
                                                                  from: 0)
        let run = try XCTUnwrap(plain.lines.first?.runs.first)
        let space = run.advances[try XCTUnwrap(run.clusters.firstIndex { plain.text.storage[$0] == 0x20 })]
        let beside = frame.lines.filter { $0.origin.y < 150 && !$0.endsParagraph }
        XCTAssertGreaterThan(beside.count, 3)
        for line in beside {
            for run in line.runs {
                for (index, cluster) in run.clusters.enumerated() where cluster >= 0 && frame.text.storage[cluster] == 0x20 {
                    XCTAssertLessThanOrEqual(run.advances[index], space * 2.33 + 1e-6,
                                             "no space past the word-spacing maximum by more than its own width: \(frame.text.substring(line.stringRange))")
                }
            }
        }
        XCTAssertTrue(beside.contains { $0.width < strip - 1 }, "some line of the strip is set flush")
        XCTAssertTrue(beside.contains { abs($0.width - strip) < 0.01 }, "and the others justified")
    }
}
