import Foundation
import Golden
import TypesetKit
import XCTest

/// `GoldenCheck`, the library side of `typeset compare`: one document against its goldens.
final class GoldenCheckTests: XCTestCase {
    private struct Setup {
        var input: String
        var check: GoldenCheck
        var options: TypesetOptions
        var goldens: URL
        var diffs: URL
    }

    private func makeDocument(markup: String = "One page of <b>text</b>.\n<pagebreak>\nAnd a second.\n") throws -> Setup {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("article.txt")
        try write(markup, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let goldens = directory.appendingPathComponent("goldens/article")
        let diffs = directory.appendingPathComponent("diffs/article")
        let check = GoldenCheck(name: GoldenCheck.name(ofInput: input.path), goldenDirectory: goldens.path,
                                diffDirectory: diffs.path, tolerance: .exact)
        return Setup(input: input.path, check: check, options: options, goldens: goldens, diffs: diffs)
    }

    func testTheNameIsTheFileNameWithoutItsExtension() {
        XCTAssertEqual(GoldenCheck.name(ofInput: "articles/zombies.txt"), "zombies")
        XCTAssertEqual(GoldenCheck.name(ofInput: "notes"), "notes")
        XCTAssertEqual(GoldenCheck.name(ofInput: "a.b.txt"), "a.b")
    }

    func testUpdateWritesGoldensThatTheCheckThenMatches() throws {
        let setup = try makeDocument()
        let update = try setup.check.update(inputPath: setup.input, options: setup.options)
        XCTAssertEqual(update.pageCount, 2)
        XCTAssertEqual(update.changes.map(\.kind), [.added, .added])
        XCTAssertEqual(try contentsOfDirectory(setup.goldens), ["article-001.png", "article-002.png"])

        let report = try setup.check.check(inputPath: setup.input, options: setup.options)
        XCTAssertTrue(report.passed, report.failures.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(report.pages.map(\.page), [1, 2])
        XCTAssertFalse(FileManager.default.fileExists(atPath: setup.diffs.path), "nothing to show, no diff folder")
    }

    func testEachKindOfFailureIsReportedPageByPage() throws {
        var setup = try makeDocument()
        _ = try setup.check.update(inputPath: setup.input, options: setup.options)
        let first = setup.goldens.appendingPathComponent("article-001.png").path
        let second = setup.goldens.appendingPathComponent("article-002.png").path
        var golden = try RasterImage.readPNG(first)
        golden.rgba[(7 * golden.width + 5) * 4 + 1] = 200
        try golden.writePNG(first)
        try FileManager.default.removeItem(atPath: second)
        try FileManager.default.copyItem(atPath: first, toPath: setup.goldens.appendingPathComponent("article-004.png").path)
        try write("not a picture", to: setup.goldens.appendingPathComponent("article-003.png"))
        try write("other files in the folder are not goldens", to: setup.goldens.appendingPathComponent("article-notes.png"))

        var report = try setup.check.check(inputPath: setup.input, options: setup.options)
        XCTAssertEqual(report.pageCount, 2)
        XCTAssertEqual(report.pages.map(\.page), [1, 2, 3, 4])
        guard case .differs(let comparison, let diffPath, let actualPath) = report.pages[0].outcome else {
            return XCTFail("page 1: \(report.pages[0])")
        }
        XCTAssertEqual(comparison.differingPixels, 1)
        XCTAssertEqual(comparison.largestChannelDelta, 55)
        XCTAssertEqual(comparison.changedRegion, PixelRect(x: 5, y: 7))
        XCTAssertEqual(diffPath, setup.diffs.appendingPathComponent("article-001-diff.png").path)
        let diff = try RasterImage.readPNG(diffPath)
        XCTAssertEqual(Array(diff.rgba[(7 * diff.width + 5) * 4 ..< (7 * diff.width + 5) * 4 + 3]), [255, 0, 0])
        XCTAssertEqual(try RasterImage.readPNG(actualPath).width, golden.width)
        guard case .missingGolden = report.pages[1].outcome else { return XCTFail("page 2: \(report.pages[1])") }
        guard case .extraGolden = report.pages[2].outcome else { return XCTFail("page 3: \(report.pages[2])") }
        guard case .extraGolden = report.pages[3].outcome else { return XCTFail("page 4: \(report.pages[3])") }
        XCTAssertTrue(report.pages[0].description.hasPrefix("page 1 differs from \(first): 1 of "), report.pages[0].description)
        XCTAssertTrue(report.pages[0].description.contains("; diff: \(diffPath); actual: \(actualPath); its text begins at \(setup.input):"),
                      report.pages[0].description)
        XCTAssertNil(report.pages[2].textStart, "a golden of a page the document no longer has has no text")

        // The page rendered at another resolution is not the golden's size.
        setup.options.dpi = 36
        report = try setup.check.check(inputPath: setup.input, options: setup.options)
        guard case .sizeMismatch(let actual, let expected, _) = report.pages[0].outcome else {
            return XCTFail("page 1: \(report.pages[0])")
        }
        XCTAssertEqual(actual.width, Int((Double(expected.width) / 2).rounded()))
        XCTAssertEqual(actual.height, Int((Double(expected.height) / 2).rounded()))
        XCTAssertFalse(FileManager.default.fileExists(atPath: diffPath), "a diff of an earlier check is removed")
        setup.options.dpi = 72

        // A golden that is not a PNG is a failure of its page, not of the whole run.
        try FileManager.default.removeItem(atPath: setup.goldens.appendingPathComponent("article-004.png").path)
        try FileManager.default.moveItem(atPath: setup.goldens.appendingPathComponent("article-003.png").path, toPath: second)
        report = try setup.check.check(inputPath: setup.input, options: setup.options)
        guard case .unreadableGolden = report.pages[1].outcome else { return XCTFail("page 2: \(report.pages[1])") }
        XCTAssertEqual(report.pages.count, 2)

        let update = try setup.check.update(inputPath: setup.input, options: setup.options)
        XCTAssertEqual(update.changes.map(\.kind), [.replaced, .replaced])
        XCTAssertTrue(try setup.check.check(inputPath: setup.input, options: setup.options).passed)
        XCTAssertEqual(try contentsOfDirectory(setup.goldens), ["article-001.png", "article-002.png", "article-notes.png"])
    }

    func testADocumentThatCannotBeSetThrowsItsDiagnosticsAndTouchesNoGolden() throws {
        let setup = try makeDocument(markup: "<font size=\"huge\">x</font>")
        XCTAssertThrowsError(try setup.check.update(inputPath: setup.input, options: setup.options)) { error in
            let failure = error as? DocumentFailure
            XCTAssertTrue(failure?.diagnostics.contains { $0.description.contains(":1:13: error: size must be a number") } ?? false,
                          "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: setup.goldens.path))
    }

    func testUpdateRefusesALinkInTheGoldenFolderAndLeavesItsTargetAlone() throws {
        let setup = try makeDocument()
        try FileManager.default.createDirectory(at: setup.goldens, withIntermediateDirectories: true)
        // A file outside the golden folder, and a link to it planted under a page's golden name.
        let outside = setup.goldens.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("outside.txt")
        try write("not a golden", to: outside)
        let link = setup.goldens.appendingPathComponent("article-001.png")
        XCTAssertEqual(symlink(outside.path, link.path), 0)
        XCTAssertThrowsError(try setup.check.update(inputPath: setup.input, options: setup.options)) { error in
            XCTAssertTrue("\(error)".contains("cannot write \(link.path): it is a symbolic link"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "not a golden")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), outside.path)
    }
}
