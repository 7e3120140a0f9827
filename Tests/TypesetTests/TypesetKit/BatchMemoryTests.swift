import Foundation
import TypesetKit
import XCTest

/// A batch set in one process gives back what each document took: what a document leaves in
/// Cairo's caches (the faces it drew with) is reused by the next, not kept once per document.
final class BatchMemoryTests: XCTestCase {
    /// Chinese text falls back on Noto CJK, whose faces Cairo reads whole when it subsets them:
    /// about 90 MB a document used never to be given back. Resident memory once eight
    /// documents are set is within 4 MB a document of what it was after two (the first ones
    /// load what the process keeps: faces, fontconfig's caches, Cairo's).
    func testResidentMemoryDoesNotGrowWithTheDocumentsOfABatch() throws {
        try Sanitizers.skipIfActive("AddressSanitizer's quarantine holds freed memory")
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc"),
                          "Noto CJK is not installed")
        let fixture = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/fuzz/regressions/cjk-headline-timeout.txt")
        let bytes = Array(try Data(contentsOf: fixture))
        let directory = try makeTemporaryDirectory()
        let documents = (1 ... 8).map { number in
            BatchDocument(source: .markup(name: "chinese\(number).txt", bytes: bytes, baseDirectory: directory.path),
                          outputPath: directory.appendingPathComponent("chinese\(number).pdf").path)
        }
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        // One batch, so one worker thread: a batch's new thread brings its own stack and
        // malloc arena, which would be counted as growth.
        var megabytes: [Int: Double] = [:]
        let outcomes = BatchTypesetter(options: options, jobs: 1).typeset(documents) { _, finished in
            megabytes[finished] = ResidentMemory.megabytes()
        }
        XCTAssertTrue(outcomes.allSatisfy(\.succeeded), "\(outcomes.flatMap(\.diagnostics))")
        let afterTwo = try XCTUnwrap(megabytes[2]), afterEight = try XCTUnwrap(megabytes[8])
        // 4 MB a document: the leak was 90. Alone the growth is within a megabyte; after the rest
        // of the suite, whose threads and caches share the process, up to 11 MB was seen.
        XCTAssertLessThan(afterEight - afterTwo, 6 * 4, "resident memory after 2 documents \(afterTwo) MB, after 8 \(afterEight) MB")
    }
}

/// This process's resident memory, from /proc/self/statm (its second field, in pages), once
/// malloc has given back the free memory it holds: memory freed but kept is not growth.
enum ResidentMemory {
    static func megabytes() -> Double {
        _ = releaseFreeHeap(0)
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

/// glibc's malloc_trim, which Swift's Glibc module does not import.
@_silgen_name("malloc_trim") private func releaseFreeHeap(_ pad: Int) -> Int32
