import Foundation
import TypesetKit
import XCTest

/// The library's batch entry point: outcomes in input order, each reported once as it finishes.
final class BatchTypesetterTests: XCTestCase {
    func testOutcomesComeBackInInputOrderAndEachIsReportedOnce() throws {
        let directory = try makeTemporaryDirectory()
        var documents: [BatchDocument] = []
        for number in 1 ... 6 {
            let input = directory.appendingPathComponent("doc\(number).txt")
            try write(number == 4 ? "<font size=\"huge\">x</font>" : String(repeating: "Text \(number). ", count: number * 200),
                      to: input)
            documents.append(BatchDocument(source: .file(path: input.path),
                                           outputPath: directory.appendingPathComponent("doc\(number).pdf").path))
        }
        documents.append(BatchDocument(source: .markup(name: "<memory>", bytes: Array("From memory.".utf8), baseDirectory: directory.path),
                                       outputPath: directory.appendingPathComponent("memory.pdf").path))
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        var reported: [String] = []
        var counts: [Int] = []
        let outcomes = BatchTypesetter(options: options, jobs: 3).typeset(documents) { outcome, finished in
            reported.append(outcome.document.name)
            counts.append(finished)
        }
        XCTAssertEqual(outcomes.map(\.document.name), documents.map(\.name))
        XCTAssertEqual(Set(reported), Set(documents.map(\.name)))
        XCTAssertEqual(counts, Array(1 ... documents.count))
        XCTAssertEqual(outcomes.map(\.succeeded), [true, true, true, false, true, true, true])
        XCTAssertEqual(outcomes[3].pageCount, 0)
        XCTAssertTrue(outcomes[3].diagnostics.contains { $0.severity == .error && $0.location?.line == 1 })
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("doc4.pdf").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("memory.pdf").path))
        XCTAssertEqual(BatchTypesetter(options: options, jobs: 2).typeset([]).count, 0)
    }
}
