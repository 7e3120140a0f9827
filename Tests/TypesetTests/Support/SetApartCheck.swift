import Layout
import Pages
import Text
import XCTest

/// The words of set lines kept apart: every line ends inside its column (or box), no glyph
/// steps back over the one before it ("Winthdeclockwork"), and each tab followed by text on
/// its line leaves at least a word space, a quarter em ("UnitMembers"; TabLayout).
enum SetApartCheck {
    /// Every line of `pages` that sets text, in its frame: the columns' and the boxes'.
    static func lines(of pages: [Page]) -> [(line: Line, frame: Frame)] {
        var lines: [(Line, Frame)] = []
        for page in pages {
            for frame in page.frames + page.boxes.flatMap(\.frames) {
                for line in frame.lines where line.box == nil { lines.append((line, frame)) }
            }
        }
        return lines
    }

    static func check(_ lines: [(line: Line, frame: Frame)], text: AttributedText, _ context: String,
                      file: StaticString = #filePath, line: UInt = #line) {
        let units = Array(text.string.utf16)
        for (setLine, frame) in lines {
            let shown = String(decoding: units[setLine.stringRange.clamped(to: 0 ..< units.count)], as: UTF16.self).debugDescription
            XCTAssertLessThanOrEqual(setLine.origin.x + setLine.width, frame.container.rect.maxX + 0.5, "\(context): \(shown) ends past its column",
                                     file: file, line: line)
            XCTAssertGreaterThanOrEqual(setLine.origin.x, frame.container.rect.minX - 0.5, "\(context): \(shown) starts before its column",
                                        file: file, line: line)
            for run in setLine.runs {
                for (index, step) in run.advances.enumerated() {
                    XCTAssertGreaterThanOrEqual(step, -1e-9, "\(context): a glyph of \(shown) steps back over the one before it", file: file, line: line)
                    let cluster = run.clusters[index]
                    guard cluster >= 0, cluster < units.count, units[cluster] == 0x09, index + 1 < run.advances.count else { continue }
                    XCTAssertGreaterThanOrEqual(step, 0.25 * run.attributes.fontSize - 1e-6, "\(context): the cells of \(shown) touch",
                                                file: file, line: line)
                }
            }
        }
    }
}
