import Foundation
@testable import Fonts
import TypesetKit
import XCTest

/// A font file is read once, whole, and every face of the run is made from those bytes
/// (`FontFileBytes`). FreeType and HarfBuzz each mapped the file by its name: truncated in place
/// while the run used it (`cp` of an update over it does that), the next glyph read ended the
/// process with SIGBUS, and a file renamed over between layout and drawing was drawn from the
/// other file. The body font is truncated here when page 2 is laid out, while page 1 is drawn.
final class FontFileReplacedTests: XCTestCase {
    func testAFontTruncatedInPlaceMidRunIsNotReadAgain() throws {
        let directory = try makeTemporaryDirectory()
        let fonts = directory.appendingPathComponent("fonts")
        try FileManager.default.copyItem(atPath: TestSupport.fontsDirectory, toPath: fonts.path)
        let body = fonts.appendingPathComponent("texgyrepagella-regular.otf").path
        let input = directory.appendingPathComponent("doc.txt")
        let paragraph = "The keepers climb the stairs at dusk and light the lamp, then sit and watch the quiet sea. "
        try write(String(repeating: String(repeating: paragraph, count: 12) + "\n", count: 14), to: input)

        var options = TypesetOptions()
        options.fontsDirectory = fonts.path
        options.pageReached = { page in
            if page == 2 { XCTAssertEqual(truncate(body, 0), 0) }
        }
        let pdf = directory.appendingPathComponent("doc.pdf").path
        let report = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: pdf)
        XCTAssertGreaterThan(report.pageCount, 2)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: body)[.size] as? Int, 0, "the font was not truncated")
        PDFCheck.assertClean(pdfAt: pdf)
        let lastPage = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", ["-f", "\(report.pageCount)", pdf, "-"]), "pdftotext")
        XCTAssertTrue(lastPage.contains("keepers climb the stairs"), lastPage)
    }

    /// A fallback candidate's design (serif or sans) was read by FreeType opening the file by
    /// its name: a named pipe put where fontconfig had found a font held the run forever, and a
    /// file truncated while it was read was SIGBUS. It is read as every face is now
    /// (`FontFileBytes`): a pipe is no font, at once. The probe runs on a thread of its own so
    /// that the old code's wait is a failure here (`assertNoWait`).
    func testAFallbackCandidateThatIsANamedPipeIsNotWaitedFor() throws {
        let pipe = try makeTemporaryDirectory().appendingPathComponent("candidate.otf").path
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        let fonts = try FontLibrary(fontsDirectory: TestSupport.fontsDirectory, bodyFamily: TypesetOptions.defaultFontFamily)
        let design = LockedBox<FontDesign??>(nil)
        assertNoWait(onPipe: pipe) { design.value = .some(fonts.fallbackCache.design(of: (pipe, 0), library: fonts.library)) }
        XCTAssertEqual(design.value, .some(nil), "a pipe has no design")
        let pagella = TestSupport.fontsDirectory + "/texgyrepagella-regular.otf"
        XCTAssertEqual(fonts.fallbackCache.design(of: (pagella, 0), library: fonts.library), .serif, "a font file is still read")
    }
}
