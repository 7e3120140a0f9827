import Foundation
import Golden
import TypesetKit
import XCTest

/// `ComparisonMemory`: the pixels compared at once are bounded whatever `--jobs` is.
final class ComparisonMemoryTests: XCTestCase {
    /// Four one-page documents on four jobs, with a budget of one page: the jobs take turns,
    /// and no more than one page's comparison is ever held.
    func testJobsWaitForTheMemoryOfAComparison() throws {
        let directory = try makeTemporaryDirectory()
        let inputs = try (1 ... 4).map { number in
            let input = directory.appendingPathComponent("page\(number).txt")
            try write("Document \(number).\n", to: input)
            return input.path
        }
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.dpi = 20
        let onePage = ComparisonMemory.bytes(toCompare: PagePixels(pageSize: options.page.size, dpi: options.dpi))
        let memory = ComparisonMemory(limit: onePage)
        let batch = GoldenBatch(goldenRoot: directory.appendingPathComponent("goldens").path,
                                diffRoot: directory.appendingPathComponent("diffs").path, update: true,
                                options: options, jobs: 4, memory: memory)
        for outcome in batch.run(inputs) {
            guard case .updated(let report) = outcome else { return XCTFail("\(outcome)") }
            XCTAssertEqual(report.pageCount, 1)
        }
        XCTAssertEqual(memory.mostHeld, onePage)
    }
}
