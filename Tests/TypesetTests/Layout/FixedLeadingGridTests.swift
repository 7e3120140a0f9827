import Layout
import Text
import XCTest

/// A fixed line height on a baseline grid as fine as the pitch (issue 33, bug 3): every line of
/// a paragraph lies exactly one pitch below the line before, whatever faces it holds. A line
/// with an italic run used to come a grid line lower ("the entry for each / (blank) / of those
/// years is…"): its baseline, centred in the pitch by the italic face's slightly other ascent
/// and descent, lay a few hundredths of a point below the grid line, and snapping took the next.
final class FixedLeadingGridTests: FramesetterTestCase {
    private static let pitch = 12.0
    private let rect = Rect(x: 20, y: 30, width: 240, height: 600)

    private static let sentences = [
        "The town's records were kept in a ledger, one page a year, and the entry for each ",
        "of those years is short: the harvest, the weather, who was born and who had died. ",
        "Nobody wrote down the market, though everyone went to it on Thursday nights. ",
    ]

    /// A paragraph on a fixed `pitch` at `size`, with `italic` (an opening and a closing tag)
    /// round a few words of every sentence.
    private static func paragraph(face: String, size: Int, italic: (String, String), leading: String) -> String {
        let body = (0 ..< 4).flatMap { _ in sentences }.enumerated().map { index, sentence in
            index % 2 == 0 ? sentence.replacingOccurrences(of: "of those years", with: "\(italic.0)of those years\(italic.1)") : sentence
        }.joined()
        return #"<p \#(leading) align="left"><font face="\#(face)" size="\#(size)">"# + body + "</font></p>"
    }

    private func assertEvenPitch(_ markup: String, grid: BaselineGrid?, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let frame = try framesetter(markup).frame(in: Container(rect: rect, baselineGrid: grid), from: 0)
        XCTAssertGreaterThan(frame.lines.count, 8, name, file: file, line: line)
        for (above, below) in zip(frame.lines, frame.lines.dropFirst()) {
            XCTAssertEqual(below.origin.y - above.origin.y, Self.pitch, accuracy: 0.001,
                           "\(name): the line from \(below.stringRange) is not one pitch below the line before", file: file, line: line)
        }
    }

    func testALineWithAnItalicRunIsOnePitchBelowTheLineBeforeOnTheGrid() throws {
        let grid = BaselineGrid(origin: rect.minY, step: Self.pitch)
        for face in ["TeX Gyre Pagella", "Liberation Serif"] {
            for size in 9 ... 12 {
                for italic in [("<i>", "</i>"), (#"<font face="\#(face)" style="italic">"#, "</font>"), ("<b>", "</b>")] {
                    // Bounds that hold every line to the pitch are a fixed pitch too.
                    for leading in [#"line-height="12pt""#, #"line-height-min="12" line-height-max="12""#] {
                        let markup = Self.paragraph(face: face, size: size, italic: italic, leading: leading)
                        for grid in [grid, nil] {
                            try assertEvenPitch(markup, grid: grid, "\(face) \(size) pt \(italic.0) \(leading)\(grid == nil ? "" : " on the grid")")
                        }
                    }
                }
            }
        }
    }

    /// The pitch holds the baseline where the paragraph's own face puts it: a line wholly in
    /// italic has its baseline as far below its top as a roman line.
    func testAFixedLineHeightPlacesEveryTextLinesBaselineWhereTheParagraphsFacePutsIt() throws {
        let markup = #"<p line-height="12pt" align="left"><font size="10">Roman words on the first line of it, then "#
            + #"<i>a whole line of italic words set in the paragraph here and more</i> and roman again to the end.</font></p>"#
        let frame = try framesetter(markup).frame(in: Container(rect: rect), from: 0)
        let tops = frame.lines.map { $0.origin.y - $0.leading / 2 - $0.ascent }
        for (line, top) in zip(frame.lines, tops) {
            XCTAssertEqual(line.origin.y - top, frame.lines[0].origin.y - tops[0], accuracy: 1e-6, "line \(line.stringRange)")
            XCTAssertEqual(line.height, Self.pitch, accuracy: 1e-9)
        }
    }
}
