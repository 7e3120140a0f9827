import Diagnostics
import Foundation
import Markup
import Text
import TypesetKit
import XCTest

/// Where the page checker runs: every page a debug build writes (an error beginning with
/// `page check:`, located at the markup, and the document fails), by `TYPESET_CHECK_PAGES` in
/// any build; and the warning of a column that ends early, in every build.
final class PageCheckRunTests: XCTestCase {
    /// Letters tracked half an em tighter in 24 pt type, as the author asked: each word prints
    /// over the one before, whatever the layout does. (Lines set 4 pt apart no longer do: a
    /// line moves down clear of the ink above it, LineSkip in Layout.)
    private let overprinted = """
        <p>A first paragraph as anyone writes it.</p>
        <p align="right"><font size="24" tracking="-0.5em">Letters tracked far tighter than their type print over each other, word over word.</font></p>
        """

    func testTheSwitchFollowsTheEnvironmentAndTheBuild() {
        XCTAssertTrue(PageChecking.isOn(environment: ["TYPESET_CHECK_PAGES": "1"]))
        XCTAssertFalse(PageChecking.isOn(environment: ["TYPESET_CHECK_PAGES": "0"]))
        #if DEBUG
        XCTAssertTrue(PageChecking.isOn(environment: [:]), "debug builds check their pages")
        #else
        XCTAssertFalse(PageChecking.isOn(environment: [:]), "release builds do not")
        #endif
    }

    func testAnOverprintedPageFailsTheDocumentWithALocatedError() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write(overprinted, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.checksPages = true
        let output = directory.appendingPathComponent("doc.pdf").path
        XCTAssertThrowsError(try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output)) { error in
            let diagnostics = (error as? DocumentFailure)?.diagnostics ?? []
            let checks = diagnostics.filter { $0.severity == .error && $0.message.hasPrefix("page check: page 1: ink over ink:") }
            XCTAssertFalse(checks.isEmpty, "\(diagnostics.map(\.message))")
            XCTAssertEqual(checks.first?.location?.line, 2, "located at the overprinted paragraph's text")
            XCTAssertEqual(checks.first?.sourceLine, overprinted.components(separatedBy: "\n")[1], "its line quoted")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing is written")
        options.checksPages = false
        XCTAssertNoThrow(try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output))
    }

    /// The checks locate what they find without the markup's text held through layout, where
    /// the run's memory peaks (a book's source is 8.5 MB as UTF-16): it waits in a file.
    func testAPreparedDocumentDoesNotHoldItsSourcesText() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let prepared = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: overprinted), baseDirectory: "/")
        let map = try XCTUnwrap(prepared.sourceMap)
        XCTAssertTrue(map.source.units.isEmpty)
        XCTAssertEqual(map.sourceLine(ofTextOffset: prepared.text.length - 2), overprinted.components(separatedBy: "\n")[1])
    }

    /// The checks that read the text let it go when the pages end: `DrawPass` has let the
    /// document go by then, and the finishing step after it, where a run's memory peaks, must
    /// not hold the text (the book on small pages peaked 1.14 × the book's with it).
    func testTheRunLetsTheTextGoWhenThePagesEnd() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let prepared = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: overprinted), baseDirectory: "/")
        let checks = PageCheckRun(of: prepared, checksPages: false)
        for page in prepared.pages() { _ = checks.laidOut(page) }
        checks.finish()
        var text = prepared.text
        _ = consume prepared
        let units = text.storage.withUnits(narrow: { UnsafeRawPointer($0.baseAddress) }, wide: { UnsafeRawPointer($0.baseAddress) })
        text.replaceUnit(at: 0, with: 0x61)
        withExtendedLifetime(checks) {
            XCTAssertEqual(text.storage.withUnits(narrow: { UnsafeRawPointer($0.baseAddress) }, wide: { UnsafeRawPointer($0.baseAddress) }), units, "the units were shared with the checks, and copied")
        }
    }

    func testTheDebugExecutableChecksItsPagesUnlessTold() throws {
        let directory = try makeTemporaryDirectory()
        try write(overprinted, to: directory.appendingPathComponent("doc.txt"))
        let checked = try TypesetProcess.run(["doc.txt", "-o", "doc.pdf"], in: directory)
        #if DEBUG
        XCTAssertEqual(checked.status, 1, checked.stderr)
        XCTAssertTrue(checked.stderr.contains("doc.txt:2:"), checked.stderr)
        XCTAssertTrue(checked.stderr.contains("error: page check: page 1: ink over ink: glyph"), checked.stderr)
        #endif
        let unchecked = try TypesetProcess.run(["doc.txt", "-o", "doc.pdf"], in: directory, environment: ["TYPESET_CHECK_PAGES": "0"])
        XCTAssertEqual(unchecked.status, 0, unchecked.stderr)
        XCTAssertFalse(unchecked.stderr.contains("page check:"), unchecked.stderr)
    }

    /// A kept block too tall for the room left in the first column goes on whole, and the
    /// column is left many lines short: a warning at the block, in every build.
    func testAColumnEndingEarlyIsWarnedOfAtItsCause() throws {
        let filler = String(repeating: "The market has rules, though none of them are written down, and everyone keeps them. ", count: 22)
        let kept = (1 ... 14).map { "<p>Schedule line \($0) of the kept table.</p>" }.joined(separator: "\n")
        let markup = "<p>\(filler)</p>\n<keep>\n\(kept)\n</keep>\n<p>\(filler)</p>\n"
        let (report, _) = try typesetToPDF(markup)
        let early = report.diagnostics.filter { $0.message.contains("lines early") }
        XCTAssertEqual(early.count, 1, "\(report.diagnostics.map(\.message))")
        let warning = try XCTUnwrap(early.first)
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertTrue(warning.message.hasPrefix("column 1 of page 1 ends "), warning.message)
        XCTAssertTrue(warning.message.hasSuffix(" lines early: a kept block that did not fit went on to the next column"), warning.message)
        XCTAssertEqual(warning.location?.line, 3, "at the kept block's first paragraph")
    }

    /// 11 on 12 pt (layout fuzz seed 8389): the line whose 'Ü' would print on the tail of the
    /// 'y' above moves down clear of it, and a warning at it says by how much and what keeps the
    /// pitch, once a paragraph; lines on their pitch are not warned of.
    func testALineMovedOffAFixedPitchIsWarnedOfAtItOnceAParagraph() throws {
        func markup(lineHeight: Int) -> String {
            "<p>Opening.</p>\n<p line-height=\"\(lineHeight)pt\" align=\"justify\"> drawer in. Quietly typewriter wound; &mdash; Über "
                + "Leuchtturmwärter and at whispered? Quietly and the lamp went out over the marsh at dusk.</p>\n"
        }
        func moved(lineHeight: Int) throws -> [Diagnostic] {
            let (report, _) = try typesetToPDF(markup(lineHeight: lineHeight)) { options in
                options.page = PageTemplate(size: Size(width: 176.75, height: 400), margins: Margins(all: 28), columns: 1, gutter: 12)
            }
            return report.diagnostics.filter { $0.message.hasPrefix("line moves ") }
        }
        let warnings = try moved(lineHeight: 12)
        XCTAssertEqual(warnings.count, 1, "\(warnings.map(\.message))")
        let warning = try XCTUnwrap(warnings.first)
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.location?.line, 2, "at the moved line")
        XCTAssertTrue(warning.message.contains(" pt down, off its 12 pt pitch, so that its letters do not print on the line above's; "
                                               + "line-height=\"12."), warning.message)
        XCTAssertEqual(try moved(lineHeight: 14), [], "lines on their pitch")
    }

    /// A row taller than a column is split inside its cells at the column's foot, where it
    /// falls (the column before is not left short for it), with a warning at the row; the
    /// pages pass the page checker (debug builds check them).
    func testATableRowTallerThanItsColumnIsSplitAndWarnedOfAtTheRow() throws {
        let filler = String(repeating: "The market has rules, though none of them are written down, and everyone keeps them. ", count: 12)
        let cell = String(repeating: "A very long cell of a schedule that goes on and on. ", count: 400)
        let markup = "<p>\(filler)</p>\n<table header-rows=\"1\" rules=\"all\">\n<tr><th>Day</th><th>Notes</th></tr>\n"
            + "<tr><td>Short</td><td>Row</td></tr>\n<tr><td>Long</td><td>\(cell)</td></tr>\n</table>\n<p>\(filler)</p>\n"
        let (report, _) = try typesetToPDF(markup)
        let tall = report.diagnostics.filter { $0.message.hasPrefix("table row is ") }
        XCTAssertEqual(tall.count, 1, "\(report.diagnostics.map(\.message))")
        XCTAssertEqual(tall.first?.severity, .warning)
        XCTAssertEqual(tall.first?.location?.line, 5, "at the tall row")
        XCTAssertTrue(tall.first?.message.hasSuffix("it is split inside its cells and goes on in the next column") ?? false,
                      tall.first?.message ?? "")
        XCTAssertFalse(report.diagnostics.contains { $0.message.contains("lines early") }, "\(report.diagnostics.map(\.message))")
        let (short, _) = try typesetToPDF("<table>\n<tr><td>Short</td></tr>\n</table>\n")
        XCTAssertFalse(short.diagnostics.contains { $0.message.hasPrefix("table row is ") })
    }
}
