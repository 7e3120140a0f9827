import Foundation
import TypesetKit
import XCTest

/// A run's temporaries beside its output — Cairo's draft and the text layer's streams — are
/// read back through the descriptors that wrote them (`FileSink.closeForReading`), never
/// opened by their names again. Whoever can write the output's folder can see those names and
/// rename a link over them while the pages are drawn; opened by name, the finishing step read
/// the link's file — here a file standing for one the user can read and they cannot — and
/// copied its bytes into the PDF as the text layer's streams.
final class TemporaryReplacedTests: XCTestCase {
    func testATemporaryRenamedOverWhileThePagesAreDrawnIsNotWhatIsRead() throws {
        let directory = try makeTemporaryDirectory()
        let secret = directory.appendingPathComponent("secret.txt")
        let marker = "SECRET-KEY-MATERIAL "
        try write(String(repeating: marker, count: 4_000), to: secret)
        let input = directory.appendingPathComponent("doc.txt")
        let paragraph = "The keepers climb the stairs at dusk and light the lamp, then sit and watch the sea. "
        try write(String(repeating: String(repeating: paragraph, count: 12) + "\n", count: 12), to: input)
        let output = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: false)

        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let replaced = Replaced()
        options.pageReached = { page in
            // Page 2 is laid out while page 1 is drawn: the draft and the streams are open.
            guard page == 2 else { return }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
            for name in names where name.hasSuffix(".draft") || name.hasSuffix(".draft.text") {
                let link = output.appendingPathComponent(".planted-\(name)").path
                if symlink(secret.path, link) == 0, rename(link, output.appendingPathComponent(name).path) == 0 { replaced.add(name) }
            }
        }
        let pdf = output.appendingPathComponent("doc.pdf").path
        let report = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: pdf)
        XCTAssertGreaterThan(report.pageCount, 2)
        XCTAssertEqual(replaced.count, 2, "the draft and the text layer's streams were not both found to replace")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: pdf))
        XCTAssertNil(bytes.range(of: Data(marker.utf8)), "the file the link pointed to went into the PDF")
        PDFCheck.assertClean(pdfAt: pdf)
        let text = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", ["-l", "1", pdf, "-"]), "pdftotext")
        XCTAssertTrue(text.contains("keepers climb the stairs"), text)
    }

    /// The names replaced, from the layout thread.
    private final class Replaced: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []
        func add(_ name: String) { lock.withLock { names.append(name) } }
        var count: Int { lock.withLock { names.count } }
    }
}
