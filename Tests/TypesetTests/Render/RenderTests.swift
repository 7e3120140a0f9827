import Diagnostics
import Foundation
import Layout
import Markup
import Pages
import Render
import TypesetKit
import XCTest

/// Output through the whole pipeline: PDF and PNG files, colours, text, determinism, atomicity.
final class RenderTests: XCTestCase {
    private func options(format: OutputFormat = .pdf, page: PageTemplate? = nil) -> TypesetOptions {
        var options = TypesetOptions()
        // The pictures are the repository's fixtures, outside the temporary document folders.
        options.imageRoot = "/"
        options.fontsDirectory = TestSupport.fontsDirectory
        options.format = format
        if let page { options.page = page }
        return options
    }

    private let smallPage = PageTemplate(size: Size(width: 300, height: 150), margins: Margins(all: 10), columns: 1, gutter: 0)

    private func typeset(_ markup: String, format: OutputFormat = .pdf, page: PageTemplate? = nil,
                         in directory: URL, name: String = "doc") throws -> RenderedOutput {
        let input = directory.appendingPathComponent("\(name).txt")
        try write(markup, to: input)
        let output = directory.appendingPathComponent("\(name).\(format == .pdf ? "pdf" : "png")").path
        return try Rendering.typeset(inputPath: input.path, outputPath: output, options: options(format: format, page: page))
    }

    private func run(_ tool: String, _ arguments: [String]) -> String? {
        TestSupport.runTool(tool, arguments)
    }

    func testTheMagazineBecomesAPDF() throws {
        let directory = try makeTemporaryDirectory()
        let output = directory.appendingPathComponent("mag.pdf").path
        let report = try Rendering.typeset(inputPath: TestSupport.zombiesFile.path, outputPath: output, options: options())
        XCTAssertEqual(report.outputPaths, [output])
        XCTAssertGreaterThanOrEqual(report.pageCount, 4)
        XCTAssertTrue(report.diagnostics.filter { $0.severity == .error }.isEmpty)
        let pdf = try Data(contentsOf: URL(fileURLWithPath: output))
        XCTAssertTrue(pdf.starts(with: Data("%PDF-".utf8)))
        XCTAssertTrue(pdf.suffix(16).containsASCII("%%EOF"))
        if let info = run("/usr/bin/pdfinfo", [output]) {
            let fields = Dictionary(info.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }, uniquingKeysWith: { first, _ in first })
            XCTAssertEqual(fields["Pages"], "\(report.pageCount)", info)
            XCTAssertEqual(fields["Page size"], "595.276 x 841.89 pts (A4)", info)
            XCTAssertEqual(fields["CreationDate"], "Sat Jan  1 00:00:00 2000 UTC", info)
        }
        XCTAssertEqual(try contentsOfDirectory(directory), ["mag.pdf"], "no temporary file is left behind")
    }

    func testTheSameInputGivesTheSameBytes() throws {
        let directory = try makeTemporaryDirectory()
        let first = directory.appendingPathComponent("a.pdf").path
        let second = directory.appendingPathComponent("b.pdf").path
        _ = try Rendering.typeset(inputPath: TestSupport.zombiesFile.path, outputPath: first, options: options())
        _ = try Rendering.typeset(inputPath: TestSupport.zombiesFile.path, outputPath: second, options: options())
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second)))
    }

    func testTheCreationDateIsFixedOrGiven() throws {
        let directory = try makeTemporaryDirectory()
        let fixed = try typeset("Hello.", in: directory, name: "fixed")
        XCTAssertTrue(try PDFObjectTree(pdfAt: fixed.outputPaths[0]).creationDate?.contains("20000101000000Z") == true)
        var given = options()
        given.metadata.creationDate = 1_000_000_000   // 2001-09-09T01:46:40Z
        let input = directory.appendingPathComponent("fixed.txt").path
        let output = directory.appendingPathComponent("given.pdf").path
        _ = try Rendering.typeset(inputPath: input, outputPath: output, options: given)
        XCTAssertTrue(try PDFObjectTree(pdfAt: output).creationDate?.contains("20010909014640Z") == true)
    }

    func testTextCanBeExtractedIncludingLigatures() throws {
        let directory = try makeTemporaryDirectory()
        let report = try typeset("The office staff find five fish.\n<font face=\"Arial\">Zombie Monthly</font>", in: directory)
        guard let text = run("/usr/bin/pdftotext", [report.outputPaths[0], "-"]) else {
            throw XCTSkip("pdftotext is not installed")
        }
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        XCTAssertEqual(words, ["The", "office", "staff", "find", "five", "fish.", "Zombie", "Monthly"], text)
    }

    func testPNGPagesAreNumberedAndSizedByTheResolution() throws {
        let directory = try makeTemporaryDirectory()
        var options = options(format: .png)
        options.dpi = 50
        let output = directory.appendingPathComponent("mag.png").path
        let report = try Rendering.typeset(inputPath: TestSupport.zombiesFile.path, outputPath: output, options: options)
        let expected = (1 ... report.pageCount).map { String(format: "mag-%03d.png", $0) }
        XCTAssertEqual(report.outputPaths.map { URL(fileURLWithPath: $0).lastPathComponent }, expected)
        XCTAssertEqual(try contentsOfDirectory(directory), expected)
        let first = try Pixels(pngAt: report.outputPaths[0])
        XCTAssertEqual(first.width, Int((595.2756 * 50 / 72).rounded()))
        XCTAssertEqual(first.height, Int((841.8898 * 50 / 72).rounded()))
        // A page of text: mostly white paper, some ink.
        let mean = first.meanLuminance(x: 0 ..< first.width, y: 0 ..< first.height)
        XCTAssertGreaterThan(mean, 0.6)
        XCTAssertLessThan(mean, 0.99)
    }

    func testColoursAndOutlines() throws {
        let directory = try makeTemporaryDirectory()
        func pixels(_ markup: String, _ name: String) throws -> Pixels {
            let report = try typeset(markup, format: .png, page: smallPage, in: directory, name: name)
            return try Pixels(pngAt: report.outputPaths[0])
        }
        let isRed = { (r: Double, g: Double, b: Double) in r > 0.8 && g < 0.25 && b < 0.25 }
        let isBlue = { (r: Double, g: Double, b: Double) in b > 0.8 && r < 0.25 && g < 0.25 }
        let isGreen = { (r: Double, g: Double, b: Double) in g > 0.8 && r < 0.25 && b < 0.25 }

        let red = try pixels(#"<font color="red" size="60">MM</font>"#, "red")
        XCTAssertGreaterThan(red.count(where: isRed), 300)
        XCTAssertEqual(red.count(where: isBlue), 0)

        let outlined = try pixels(#"<font color="white" strokeColor="blue" size="60">MM</font>"#, "outlined")
        XCTAssertGreaterThan(outlined.count(where: isBlue), 100)
        XCTAssertEqual(outlined.count(where: isRed), 0)

        let hex = try pixels(##"<font color="#00ff00" size="60">MM<font strokeColor="red" size="60" color="green">M<font strokeColor="none">M"##, "hex")
        XCTAssertGreaterThan(hex.count(where: isGreen), 300)
        XCTAssertGreaterThan(hex.count(where: isRed), 20, "the third M is outlined in red")
    }

    func testAFailedWriteLeavesNothingBehind() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("Hello.", to: input)
        let output = directory.appendingPathComponent("missing-folder/out.pdf").path
        XCTAssertThrowsError(try Typesetter(options: options()).typeset(inputPath: input.path, outputPath: output)) { error in
            XCTAssertTrue(error is DocumentFailure, "\(error)")
        }
        XCTAssertEqual(try contentsOfDirectory(directory), ["doc.txt"])
    }

    func testADocumentWithErrorsWritesNothingAndKeepsTheOldOutput() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("Fine.\n<font color=\"reddish\">Not fine.</font>", to: input)
        let output = directory.appendingPathComponent("doc.pdf")
        try write("old", to: output)
        XCTAssertThrowsError(try Typesetter(options: options()).typeset(inputPath: input.path, outputPath: output.path)) { error in
            let failure = error as? DocumentFailure
            XCTAssertEqual(failure?.diagnostics.count, 1)
            XCTAssertEqual(failure?.diagnostics.first?.location, SourceLocation(file: input.path, line: 2, column: 14))
        }
        XCTAssertEqual(try String(contentsOf: output, encoding: .utf8), "old")
        XCTAssertEqual(try contentsOfDirectory(directory), ["doc.pdf", "doc.txt"])
    }

    func testAMissingFaceIsAWarningAtItsTag() throws {
        let document = try Typesetter(options: options())
            .prepare(MarkupSource(fileName: "faces.txt", text: "Body.\n<font face=\"No Such Face\">x</font>"), baseDirectory: "/")
        let warning = document.diagnostics.first { $0.message.contains("No Such Face") }
        guard let warning else {
            return XCTFail("no warning for a face that does not exist (see FontLibraryTests.testAnUnknownFaceFallsBackToTheBodyFace)")
        }
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.location, SourceLocation(file: "faces.txt", line: 2, column: 13))
        XCTAssertTrue(document.fonts.font(for: "No Such Face") === document.fonts.fallback)
    }

    func testAPictureLargerThanTheColumnIsScaledDownWithAWarning() throws {
        let directory = try makeTemporaryDirectory()
        let markup = "<img src=\"\(TestSupport.imagePath("rgb8.png"))\" width=\"480\" height=\"320\">"
        let page = PageTemplate(size: Size(width: 260, height: 180), margins: Margins(all: 10), columns: 1, gutter: 0)
        let report = try typeset(markup, format: .png, page: page, in: directory)
        XCTAssertTrue(report.diagnostics.contains { $0.severity == .warning && $0.message.contains("scaled") }, "\(report.diagnostics)")
        let pixels = try Pixels(pngAt: report.outputPaths[0])
        XCTAssertEqual(pixels.meanLuminance(x: 10 ..< 250, y: 10 ..< 170), 0.5435, accuracy: 0.03)

        var options = options(format: .png, page: page)
        options.format = .png
        let document = try Typesetter(options: options).prepare(fileAt: directory.appendingPathComponent("doc.txt").path)
        let delegate = try XCTUnwrap(document.text.attachments.first?.delegate)
        XCTAssertEqual(delegate.width / delegate.ascent, 1.5, accuracy: 1e-9, "proportions are kept")
        if delegate.width > 240 + 1e-9 || delegate.ascent > 160 + 1e-9 {
            return XCTFail("""
                a picture scaled down to fit a 240×160 pt column comes out \(delegate.width)×\(delegate.ascent) pt: \
                Typesetter.fitPictures scales to the column plus its half point of slack, so it overhangs the column \
                (right margin luminance \(pixels.meanLuminance(x: 250 ..< 260, y: 0 ..< 180)) instead of 1)
                """)
        }
        XCTAssertEqual(pixels.meanLuminance(x: 250 ..< 260, y: 0 ..< 180), 1, accuracy: 0.001)
    }

    // MARK: Several documents in one process

    private static let childVariable = "TYPESET_TESTS_CHILD_OUTPUT"

    /// Batch builds typeset many documents in one process. Runs `Typesetter.typeset` four
    /// times in a child process (this test binary, filtered to this test), because the
    /// failure it guards against is a crash that would take the whole test run with it.
    func testSeveralDocumentsCanBeTypesetInOneProcess() throws {
        if let output = ProcessInfo.processInfo.environment[Self.childVariable] {
            // The child: typeset, dropping each document before the next one.
            for index in 1 ... 4 {
                _ = try Typesetter(options: options()).typeset(inputPath: TestSupport.zombiesFile.path,
                                                               outputPath: "\(output)/\(index).pdf")
            }
            return
        }
        let directory = try makeTemporaryDirectory()
        let binary = URL(fileURLWithPath: CommandLine.arguments[0])
        guard binary.lastPathComponent.hasSuffix(".xctest") || FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("cannot run the test binary as a child process")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["TypesetTests.RenderTests/testSeveralDocumentsCanBeTypesetInOneProcess"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = directory.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            return XCTFail("""
                typesetting a second document in the same process crashes (signal \(process.terminationStatus)) in \
                Cairo's PDF font subsetting (FT_Get_X11_Font_Format on a freed FT_Face): FontLibrary.deinit calls \
                FT_Done_FreeType, which frees every face the library opened while Cairo still holds them \
                (PageDrawer's cairo font faces retain the Font objects, but not the FT_Library)
                """)
        }
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(try contentsOfDirectory(directory), ["1.pdf", "2.pdf", "3.pdf", "4.pdf"])
        let first = try Data(contentsOf: directory.appendingPathComponent("1.pdf"))
        for index in 2 ... 4 {
            XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("\(index).pdf")), first, "document \(index)")
        }
    }
}
