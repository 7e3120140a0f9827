import Foundation
import XCTest

/// Floated pictures on consecutive lines stack one below another, and the stacking always ends:
/// a picture that would touch a float above it moves to exactly where that float's clear space
/// ends, whatever the rounding of its width, height and margin. Each document is typeset by the
/// `typeset` executable under a time limit, so that a hang fails the test instead of stopping
/// the suite.
final class FloatStackingTests: XCTestCase {
    /// Runs `typeset doc.txt --layout-json` on `markup` with a picture `pic.png` beside it, and
    /// returns the floats of every frame as (side, rect), checking that it finished in time.
    private func floatsPerFrame(_ markup: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> [[(side: String, rect: [String: Double])]] {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"),
                                         to: directory.appendingPathComponent("pic.png"))
        try write(markup, to: directory.appendingPathComponent("doc.txt"))
        let result = try TypesetProcess.run(["doc.txt", "-o", "doc.pdf", "--layout-json", "layout.json"], in: directory,
                                            timeout: 60)
        XCTAssertFalse(result.timedOut, "typeset did not finish within a minute", file: file, line: line)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        guard !result.timedOut, result.status == 0 else { return [] }
        let layout = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("layout.json")))
        let pages = (layout as? [String: Any])?["pages"] as? [[String: Any]] ?? []
        return pages.flatMap { $0["frames"] as? [[String: Any]] ?? [] }.map { frame in
            (frame["floats"] as? [[String: Any]] ?? []).map { float in
                (float["side"] as? String ?? "", float["rect"] as? [String: Double] ?? [:])
            }
        }
    }

    /// Floats on one side of a frame do not overlap (to the layout's rounding to hundredths).
    private func assertStacked(_ frames: [[(side: String, rect: [String: Double])]], _ context: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        for floats in frames {
            for (i, a) in floats.enumerated() {
                for b in floats[(i + 1)...] where a.side == b.side {
                    let aTop = a.rect["y"] ?? 0, aBottom = aTop + (a.rect["height"] ?? 0)
                    let bTop = b.rect["y"] ?? 0, bBottom = bTop + (b.rect["height"] ?? 0)
                    XCTAssertTrue(aBottom <= bTop + 0.02 || bBottom <= aTop + 0.02,
                                  "\(context): floats \(a.rect) and \(b.rect) overlap", file: file, line: line)
                }
            }
        }
    }

    func testTwoPicturesTwentyPointsWideOnConsecutiveLinesAreStacked() throws {
        // The reported hang: moved to the float's bottom plus its margin, the second picture was
        // a rounding error short of the bottom of the first one's clear space, and touched it again.
        let markup = """
            <img src="pic.png" float="left" width="20">x
            <img src="pic.png" float="left" width="20">x

            """
        let frames = try floatsPerFrame(markup)
        XCTAssertEqual(frames.flatMap { $0 }.count, 2)
        assertStacked(frames, "width 20")
    }

    func testStacksOfFloatsOfManyWidthsMarginsAndLineHeightsAllComeToRest() throws {
        // Widths in steps that are not binary fractions, margins likewise, and line heights
        // that put the second anchor's line at fractional offsets: every pair in one document.
        var markup = ""
        var pairs = 0
        for (index, width) in stride(from: 10.0, through: 40.0, by: 0.7).enumerated() {
            let margin = [0, 0.1, 3, 7.3, 8, 12.45][index % 6]
            let lineHeight = ["normal", "1.1", "13.7pt", "0.8"][index % 4]
            let side = index % 2 == 0 ? "left" : "right"
            let picture = "<img src=\"pic.png\" float=\"\(side)\" width=\"\(width)\" margin=\"\(margin)\">"
            markup += "<p line-height=\"\(lineHeight)\">\(picture)x\n\(picture)x\n\(picture)x</p>\n"
            pairs += 1
        }
        let frames = try floatsPerFrame(markup)
        XCTAssertEqual(frames.flatMap { $0 }.count, 3 * pairs)
        assertStacked(frames, "sweep")
    }
}
