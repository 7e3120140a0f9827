import Diagnostics
import Foundation
import TypesetKit
import XCTest

/// A box over a gutter that no place in its room keeps clear of an `<exclusion>` (or a
/// master's art) stays halfway down, over it, and is warned of at its tag (`BoxOverExclusionCheck`).
final class BoxOverExclusionCheckTests: XCTestCase {
    private func warnings(_ markup: String) throws -> [String] {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write(markup, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let report = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: directory.appendingPathComponent("doc.pdf").path)
        return report.diagnostics.filter { $0.severity == .warning }.map(\.message)
    }

    func testAQuoteOverAnExclusionDownTheWholeGutterIsWarnedOf() throws {
        let prose = String(repeating: "No stall may sell what the stall beside it sells. No music louder than a voice. ", count: 30)
        let quote = "<aside float=\"center\"><p align=\"center\">“No music louder than a voice.”</p></aside>"
        let document = "<section columns=\"2\">\n\(prose)\n\(quote)\n\(prose)\n</section>\n"
        XCTAssertEqual(try warnings(document), [])
        let gutter = "<exclusion shape=\"rect\" x=\"287.6\" y=\"0\" width=\"20\" height=\"842\">\n"
        XCTAssertEqual(try warnings(gutter + document), [
            "<aside> over the gutter is printed over page furniture or an <exclusion> on page 1: no place in its columns' room "
                + "is clear of them; move them or the box",
        ])
    }
}
