import Foundation
import XCTest

/// Runs the built `typeset` executable as a user would.
final class CommandLineTests: XCTestCase {
    private func files(_ directory: URL) throws -> [String] {
        try contentsOfDirectory(directory).filter { !$0.hasPrefix(".std") }
    }

    func testSuccessExitsZeroAndWritesAPDF() throws {
        let directory = try makeTemporaryDirectory()
        let output = directory.appendingPathComponent("mag.pdf")
        let result = try typeset([TestSupport.zombiesFile.path, "-o", output.path], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("error:"), result.stderr)
        let pdf = try Data(contentsOf: output)
        XCTAssertTrue(pdf.starts(with: Data("%PDF".utf8)))
        XCTAssertTrue(try PDFObjectTree(pdfAt: output.path).creationDate?.contains("20010909014640Z") == true,
                      "SOURCE_DATE_EPOCH sets the creation date")
        XCTAssertEqual(try files(directory), ["mag.pdf"])
    }

    func testTheDefaultOutputIsBesideTheInput() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("note.txt")
        try write("A short <font color=\"blue\">note</font>.", to: input)
        let result = try typeset(["note.txt"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try files(directory), ["note.pdf", "note.txt"])
    }

    func testLayoutJSONHasOnePageEntryPerPage() throws {
        let directory = try makeTemporaryDirectory()
        let result = try typeset([TestSupport.zombiesFile.path, "-o", "mag.pdf", "--layout-json", "mag.json"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try files(directory), ["mag.json", "mag.pdf"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("mag.json")))
            as? [String: Any])
        let pages = try XCTUnwrap(json["pages"] as? [[String: Any]])
        // As many entries as the PDF has pages (pdfinfo counts them, when installed).
        if let info = TestSupport.runTool("/usr/bin/pdfinfo", [directory.appendingPathComponent("mag.pdf").path]) {
            let pdfPages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last!) }
            XCTAssertEqual(pages.count, pdfPages)
        }
        XCTAssertGreaterThan(pages.count, 1)
        XCTAssertEqual(json["version"] as? Int, 1)
    }

    func testAnUnknownColourExitsOneWithALocatedErrorAndNoPDF() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("bad.txt")
        try write("Good line.\nA <font color=\"reddish\">bad</font> line.\n", to: input)
        let output = directory.appendingPathComponent("bad.pdf")
        let result = try typeset([input.path, "-o", output.path], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("\(input.path):2:16: error: unknown color \"reddish\""), result.stderr)
        // The source line and a caret under the value.
        XCTAssertTrue(result.stderr.contains("\nA <font color=\"reddish\">bad</font> line.\n" + String(repeating: " ", count: 15) + "^"),
                      result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
        XCTAssertEqual(try files(directory), ["bad.txt"])
    }

    func testAFailedRunLeavesAnExistingOutputAlone() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("<font size=\"huge\">x</font>", to: input)
        let output = directory.appendingPathComponent("doc.pdf")
        try write("the previous, good PDF", to: output)
        let result = try typeset([input.path, "-o", output.path], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains(":1:13: error: size must be a number"), result.stderr)
        XCTAssertEqual(try String(contentsOf: output, encoding: .utf8), "the previous, good PDF")
        XCTAssertEqual(try files(directory), ["doc.pdf", "doc.txt"])
    }

    func testAMissingInputExitsOne() throws {
        let directory = try makeTemporaryDirectory()
        let result = try typeset(["nowhere.txt", "-o", "out.pdf"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("nowhere.txt"), result.stderr)
        XCTAssertTrue(result.stderr.contains("error:"), result.stderr)
        XCTAssertEqual(try files(directory), [])
    }

    func testUsageErrorsExitTwo() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("Hello.", to: input)
        let cases: [([String], String)] = [
            (["doc.txt", "--columns", "0"], "--columns"),
            (["doc.txt", "--bogus"], "--bogus"),
            (["doc.txt", "--dpi", "5"], "--dpi"),
            (["doc.txt", "--format", "gif"], "gif"),
            (["doc.txt", "--page-size", "tiny"], "tiny"),
            (["doc.txt", "--margin", "400"], "margins"),
            (["doc.txt", "--baseline-grid", "0"], "--baseline-grid"),
            ([], "input"),
        ]
        for (arguments, mention) in cases {
            let result = try typeset(arguments, in: directory)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(mention), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try files(directory), ["doc.txt"], "\(arguments)")
        }
    }

    func testHelpExitsZero() throws {
        let directory = try makeTemporaryDirectory()
        let overview = try typeset(["--help"], in: directory)
        XCTAssertEqual(overview.status, 0)
        XCTAssertTrue(overview.stdout.contains("render (default)"), overview.stdout)
        // Rendering is the default command: its help is reached with or without its name.
        for arguments in [["render", "--help"], ["help", "render"], ["doc.txt", "--help"]] {
            let result = try typeset(arguments, in: directory)
            XCTAssertEqual(result.status, 0, "\(arguments)")
            XCTAssertTrue(result.stdout.contains("--columns"), "\(arguments): \(result.stdout)")
            XCTAssertTrue(result.stdout.contains("--baseline-grid"), "\(arguments)")
            XCTAssertTrue(result.stdout.contains("(default: a4)"), "\(arguments)")
        }
    }

    /// The man page `make install` installs must document every option `--help` lists, so it
    /// cannot fall behind the CLI. Roff writes a hyphen as `\-`; compare with plain ones.
    func testMetaAndOptionsSetTheDocumentInformation() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfinfo") else { throw XCTSkip("pdfinfo is not installed") }
        let directory = try makeTemporaryDirectory()
        try write("<meta title=\"Zombie Monthly\" author=\"Maren Okafor\" subject=\"Lighthouses\">\nText.",
                  to: directory.appendingPathComponent("doc.txt"))
        /// pdfinfo's fields, by name.
        func info(_ arguments: [String]) throws -> [String: String] {
            let output = directory.appendingPathComponent("doc.pdf").path
            XCTAssertEqual(try typeset(["doc.txt", "-o", output] + arguments, in: directory).status, 0)
            let text = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdfinfo", [output]))
            var fields: [String: String] = [:]
            for line in text.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return fields
        }
        let fromMarkup = try info([])
        XCTAssertEqual(fromMarkup["Title"], "Zombie Monthly")
        XCTAssertEqual(fromMarkup["Author"], "Maren Okafor")
        XCTAssertEqual(fromMarkup["Subject"], "Lighthouses")
        // The command line wins, field by field; "" takes a field away.
        let overridden = try info(["--author", "Ed.", "--subject", ""])
        XCTAssertEqual(overridden["Author"], "Ed.")
        XCTAssertNil(overridden["Subject"])
        XCTAssertEqual(overridden["Title"], "Zombie Monthly")
    }

    func testTheManPageDocumentsEveryOption() throws {
        let directory = try makeTemporaryDirectory()
        let overview = try typeset(["--help"], in: directory)
        XCTAssertEqual(overview.status, 0)
        // Every command the overview lists, e.g. "  render (default)   Typeset …".
        let commandsSection = try XCTUnwrap(overview.stdout.components(separatedBy: "SUBCOMMANDS:").last)
        let commands = commandsSection.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first,
                  name.allSatisfy({ $0.isLetter }) else { return nil }
            return String(name)
        }
        XCTAssertTrue(commands.contains("render"), overview.stdout)
        var options: Set<String> = []
        let optionName = try Regex("--[a-z][a-z0-9-]*")
        for command in commands {
            let help = try typeset([command, "--help"], in: directory)
            XCTAssertEqual(help.status, 0, command)
            options.formUnion(help.stdout.matches(of: optionName).map { String(help.stdout[$0.range]) })
        }
        XCTAssertTrue(options.contains("--baseline-grid"))
        XCTAssertGreaterThan(options.count, 20)
        let manPage = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("docs/typeset.1"), encoding: .utf8)
            .replacingOccurrences(of: "\\-", with: "-")
        for option in options.sorted() {
            // Whole names only: --header must not pass on the strength of --header-on-first-page.
            let documented = manPage.ranges(of: option).contains { range in
                range.upperBound == manPage.endIndex || !(manPage[range.upperBound].isLetter || manPage[range.upperBound] == "-")
            }
            XCTAssertTrue(documented, "docs/typeset.1 does not document \(option)")
        }
    }

    /// `make install` writes the completion scripts from the built binary.
    func testCompletionScriptsAreGeneratedForEachShell() throws {
        let directory = try makeTemporaryDirectory()
        for shell in ["bash", "zsh", "fish"] {
            let result = try typeset(["--generate-completion-script", shell], in: directory)
            XCTAssertEqual(result.status, 0, "\(shell): \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("baseline-grid"), "\(shell): \(result.stdout.prefix(500))")
        }
    }

    func testPNGOutputWritesOneNumberedFilePerPage() throws {
        let directory = try makeTemporaryDirectory()
        let output = directory.appendingPathComponent("X.png")
        let result = try typeset([TestSupport.zombiesFile.path, "--format", "png", "--dpi", "50", "-o", output.path], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let written = try files(directory)
        XCTAssertGreaterThanOrEqual(written.count, 4)
        XCTAssertEqual(written, (1 ... written.count).map { String(format: "X-%03d.png", $0) })
        let first = try Pixels(pngAt: directory.appendingPathComponent("X-001.png").path)
        XCTAssertEqual(first.width, 413)
        XCTAssertEqual(first.height, 585)

        // A shorter document written over it leaves no pages of the longer one behind.
        try write("One short page.", to: directory.appendingPathComponent("short.txt"))
        let again = try typeset(["short.txt", "--format", "png", "--dpi", "50", "-o", output.path], in: directory)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try files(directory), ["X-001.png", "short.txt"])
    }

    func testAMissingFaceWarnsWithItsLocationAndStillSucceeds() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("faces.txt")
        try write("Body text.\nSome <font face=\"No Such Face\">odd</font> words.\n", to: input)
        let output = directory.appendingPathComponent("faces.pdf")
        let result = try typeset([input.path, "-o", output.path], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.path))
        let expected = "\(input.path):2:18: warning: font face \"No Such Face\" not found"
        if !result.stderr.contains(expected) {
            return XCTFail("no warning for a missing face (stderr: \"\(result.stderr)\"); see FontLibraryTests.testAnUnknownFaceFallsBackToTheBodyFace")
        }
    }

    func testSameInputSameBytes() throws {
        let directory = try makeTemporaryDirectory()
        let a = directory.appendingPathComponent("a.pdf"), b = directory.appendingPathComponent("b.pdf")
        XCTAssertEqual(try typeset([TestSupport.zombiesFile.path, "-o", a.path], in: directory).status, 0)
        XCTAssertEqual(try typeset([TestSupport.zombiesFile.path, "-o", b.path], in: directory).status, 0)
        XCTAssertEqual(try Data(contentsOf: a), try Data(contentsOf: b))
    }

    /// Fallback faces (international), floats, contour wrap, spanning pictures and running heads
    /// (magazine-feature): two processes give the same PDF and the same PNG pages.
    func testSameInputSameBytesWithFallbackFacesAndPictures() throws {
        let directory = try makeTemporaryDirectory()
        for fixture in ["international", "magazine-feature"] {
            let input = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/\(fixture)/\(fixture).txt").path
            for format in ["pdf", "png"] {
                var outputs: [[Data]] = []
                for run in ["a", "b"] {
                    let output = directory.appendingPathComponent("\(fixture)-\(run).\(format)")
                    XCTAssertEqual(try typeset([input, "-o", output.path, "--format", format], in: directory).status, 0)
                    let written = try contentsOfDirectory(directory).filter { $0.hasPrefix("\(fixture)-\(run)") && $0.hasSuffix(format) }
                    outputs.append(try written.map { try Data(contentsOf: directory.appendingPathComponent($0)) })
                }
                XCTAssertFalse(outputs[0].isEmpty)
                XCTAssertEqual(outputs[0], outputs[1], "\(fixture) as \(format)")
            }
        }
    }

    func testAnOutputInAMissingFolderIsAUsageError() throws {
        let directory = try makeTemporaryDirectory()
        try write("Hello.", to: directory.appendingPathComponent("doc.txt"))
        let result = try typeset(["doc.txt", "-o", "missing-folder/doc.pdf"], in: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("-o missing-folder/doc.pdf: cannot write into the folder missing-folder: No such file or directory"),
                      result.stderr)
        XCTAssertEqual(try files(directory), ["doc.txt"])
    }

    func testTheOutputCannotOverwriteTheInput() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        let markup = "Hello <font color=\"red\">world</font>."
        try write(markup, to: input)
        let result = try typeset(["doc.txt", "-o", "doc.txt"], in: directory)
        let after = try String(contentsOf: input, encoding: .isoLatin1)
        if after != markup {
            return XCTFail("""
                `typeset doc.txt -o doc.txt` replaces the markup source with the PDF and exits \(result.status); \
                the output path is never compared with the input path
                """)
        }
        XCTAssertNotEqual(result.status, 0)
    }

    // MARK: --strict, --root, --text-scale

    func testStrictTurnsWarningsIntoErrorsAndWritesNothing() throws {
        let directory = try makeTemporaryDirectory()
        try write("Text with <blink>an unknown tag</blink>.\n", to: directory.appendingPathComponent("doc.txt"))
        let lenient = try typeset(["doc.txt", "-o", "lenient.pdf"], in: directory)
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        XCTAssertTrue(lenient.stderr.contains("doc.txt:1:11: warning:"), lenient.stderr)
        let strict = try typeset(["doc.txt", "-o", "strict.pdf", "--strict"], in: directory)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("doc.txt:1:11: error:"), strict.stderr)
        XCTAssertEqual(try files(directory), ["doc.txt", "lenient.pdf"])
    }

    func testPicturesOutsideTheDocumentsFolderNeedRoot() throws {
        let directory = try makeTemporaryDirectory()
        let pictures = directory.appendingPathComponent("pictures")
        let articles = directory.appendingPathComponent("articles")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: articles, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestSupport.imagePath("rgb8.png"), toPath: pictures.appendingPathComponent("a.png").path)
        // A symbolic link inside the folder that points outside it is outside it.
        try FileManager.default.createSymbolicLink(atPath: articles.appendingPathComponent("link.png").path,
                                                   withDestinationPath: pictures.appendingPathComponent("a.png").path)
        try write("<img src=\"../pictures/a.png\" width=\"40\">\n", to: articles.appendingPathComponent("up.txt"))
        try write("<img src=\"link.png\" width=\"40\">\n", to: articles.appendingPathComponent("link.txt"))
        for name in ["up", "link"] {
            let refused = try typeset(["\(name).txt", "-o", "\(name).pdf"], in: articles)
            XCTAssertEqual(refused.status, 1, name)
            XCTAssertTrue(refused.stderr.contains("\(name).txt:1:11: error:"), refused.stderr)
            XCTAssertTrue(refused.stderr.contains("--root"), "the message says how to allow it: \(refused.stderr)")
            let allowed = try typeset(["\(name).txt", "-o", "\(name).pdf", "--root", directory.path], in: articles)
            XCTAssertEqual(allowed.status, 0, allowed.stderr)
        }
        XCTAssertEqual(try files(articles), ["link.pdf", "link.png", "link.txt", "up.pdf", "up.txt"])
        XCTAssertEqual(try typeset(["up.txt", "--root", "no-such-folder"], in: articles).status, 2)
    }

    func testTextScaleScalesNamedStyles() throws {
        let directory = try makeTemporaryDirectory()
        try write("<p style=\"body\">" + String(repeating: "Scaled words fill the page. ", count: 300) + "\n",
                  to: directory.appendingPathComponent("doc.txt"))
        func pages(_ scale: String) throws -> Int {
            let result = try typeset(["doc.txt", "-o", "out.png", "--format", "png", "--dpi", "10", "--text-scale", scale], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
            let count = try files(directory).filter { $0.hasPrefix("out-") }.count
            for file in try files(directory) where file.hasPrefix("out-") {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(file))
            }
            return count
        }
        XCTAssertGreaterThan(try pages("2"), try pages("1"), "twice the size takes more pages")
        XCTAssertEqual(try typeset(["doc.txt", "--text-scale", "0"], in: directory).status, 2)
        // Greater than 0 but too small for Cairo to scale a face by: a usage error, not "drawing failed".
        for option in ["--text-scale", "--font-size", "--baseline-grid"] {
            let tiny = try typeset(["doc.txt", option, option == "--text-scale" ? "1e-200" : "0.000001"], in: directory)
            XCTAssertEqual(tiny.status, 2, "\(option): \(tiny.stderr)")
            XCTAssertTrue(tiny.stderr.contains("\(option) must be 0.01 to"), tiny.stderr)
        }
    }

    func testAlignStartAndEndAreLeftAndRightInLeftToRightText() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else { throw XCTSkip("pdftotext is not installed") }
        let directory = try makeTemporaryDirectory()
        try write("Flush.\n", to: directory.appendingPathComponent("doc.txt"))
        /// Where the word starts on the page, set with `--align alignment`.
        func left(_ alignment: String) throws -> Double {
            let result = try typeset(["doc.txt", "-o", "\(alignment).pdf", "--align", alignment, "--columns", "1"], in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
            let boxes = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext",
                                                          ["-bbox", directory.appendingPathComponent("\(alignment).pdf").path, "-"]))
            let xMin = boxes.components(separatedBy: "<word xMin=\"").dropFirst().first?.prefix { $0 != "\"" }
            return try XCTUnwrap(xMin.flatMap { Double($0) }, boxes)
        }
        XCTAssertEqual(try left("start"), try left("left"), accuracy: 0.01)
        XCTAssertEqual(try left("end"), try left("right"), accuracy: 0.01)
        XCTAssertGreaterThan(try left("end"), try left("start") + 300, "end is the right-hand side of an A4 column")
        let wrong = try typeset(["doc.txt", "--align", "middle"], in: directory)
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("- start\n") && wrong.stderr.contains("- end\n"), wrong.stderr)
    }

    func testRunningHeadsAndFacingPages() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else { throw XCTSkip("pdftotext is not installed") }
        let directory = try makeTemporaryDirectory()
        try write(String(repeating: "Lanterns along Mill Lane, lit at dusk and counted at dawn.\n", count: 400),
                  to: directory.appendingPathComponent("doc.txt"))
        let result = try typeset(["doc.txt", "--title", "Night Watch", "--header", "{title}||Issue 3", "--footer", "|{page} of {pages}",
                                  "--facing", "--inner-margin", "40"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let pdf = directory.appendingPathComponent("doc.pdf").path
        let pages = Int(try XCTUnwrap(TestSupport.runTool("/usr/bin/pdfinfo", [pdf]))
            .components(separatedBy: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
        XCTAssertGreaterThanOrEqual(pages, 2)
        for page in 1 ... pages {
            let text = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", ["-f", "\(page)", "-l", "\(page)", pdf, "-"]))
            XCTAssertTrue(text.contains("\(page) of \(pages)"), "page \(page): \(text.prefix(200))")
            XCTAssertEqual(text.contains("Night Watch"), page > 1, "no header on the first page")
        }
    }

    func testBadRunningHeadOptionsAreUsageErrors() throws {
        let directory = try makeTemporaryDirectory()
        try write("Hello.", to: directory.appendingPathComponent("doc.txt"))
        let cases: [([String], String)] = [
            (["doc.txt", "--footer", "{pgae} / {pages}"], "--footer \"{pgae} / {pages}\": unknown placeholder {pgae} (did you mean {page}?)"),
            (["doc.txt", "--header", "a|b|c|d"], "at most three parts"),
            (["doc.txt", "--header", "{title"], "unterminated placeholder"),
            (["doc.txt", "--inner-margin", "30"], "add --facing"),
            (["doc.txt", "--facing", "--outer-margin=-3"], "--outer-margin must be 0 to 14400 pt, not -3"),
        ]
        for (arguments, mention) in cases {
            let result = try typeset(arguments, in: directory)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(mention), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try files(directory), ["doc.txt"], "\(arguments)")
        }
        try write("<meta footer=\"{page} of {pgaes}\">\nHello.\n", to: directory.appendingPathComponent("doc.txt"))
        let located = try typeset(["doc.txt"], in: directory)
        XCTAssertEqual(located.status, 1)
        XCTAssertTrue(located.stderr.contains("doc.txt:1:25: error: footer: unknown placeholder {pgaes} (did you mean {pages}?)"),
                      located.stderr)
        let tooSmall = try typeset(["doc.txt", "--footer", "{page}", "--margin", "4"], in: directory)
        XCTAssertEqual(tooSmall.status, 2, "the options' own footer does not fit their margin: found before the document is read")
        let fits = try typeset(["doc.txt", "--footer", "{page}"], in: directory)
        XCTAssertEqual(fits.status, 1, "the option overrides the bad <meta footer>, which is still an error")
        try write("Hello.", to: directory.appendingPathComponent("doc.txt"))
        let small = try typeset(["doc.txt", "--footer", "{page}", "--margin", "4"], in: directory)
        XCTAssertEqual(small.status, 2, "margins too small for the heads given on the command line are a problem with the options")
        XCTAssertTrue(small.stderr.contains("--footer: page layout: the bottom margin of 4 pt cannot hold the footer"), small.stderr)
        XCTAssertEqual(try files(directory), ["doc.txt"])
    }
}
