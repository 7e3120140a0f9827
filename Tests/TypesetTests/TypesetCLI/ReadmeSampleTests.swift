import Foundation
import XCTest

/// The README's sample of a document's error is what the program prints for that line
/// (issue 34, item 8): the block after "reported like a compiler's:", run on a document whose
/// line 12 is the block's source line.
final class ReadmeSampleTests: XCTestCase {
    func testTheReadmeSampleErrorIsWhatTheProgramPrints() throws {
        let readme = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let after = try XCTUnwrap(readme.range(of: "reported like a\ncompiler's:\n\n```\n"), "the README's sample block")
        let block = String(readme[after.upperBound...].prefix { $0 != "`" })
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertGreaterThanOrEqual(lines.count, 3, block)
        let directory = try makeTemporaryDirectory()
        let document = Array(repeating: "A line of the article.", count: 11) + [lines[1]]
        try write(document.joined(separator: "\n") + "\n", to: directory.appendingPathComponent("zombies.txt"))
        let result = try typeset(["zombies.txt"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix(block), "the program printed:\n\(result.stderr)\nthe README shows:\n\(block)")
    }
}
