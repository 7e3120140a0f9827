import Foundation
import Render
import TypesetKit
import XCTest

/// No output of a run takes the place of a file the document is made from (issue 40, item 4),
/// nor of another output of the run: every output (the PDF, a PNG page, `--layout-json`,
/// `--depfile`) against every file the document reads (an included file, a style sheet, a
/// picture, a font) and against every other output. Each case is refused before anything is
/// written, and every file is left as it was.
final class OutputOverwriteTests: XCTestCase {
    /// What a run writes, besides its output.
    private enum SideOutput { case none, layoutJSON, depfile }

    /// A folder with `doc.txt`, which imports `house.tss`, includes `chapter.txt` and places
    /// `pic.png`, `out-001.png` (named as the first PNG page of `-o out.png`) and `shot.pdf` (a
    /// PNG: a picture is told by its bytes, not its name), set in a copy of the fonts (`fonts/`).
    private func project() throws -> URL {
        let directory = try makeTemporaryDirectory()
        for name in ["pic.png", "out-001.png", "shot.pdf"] {
            try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent("rgb8.png"),
                                             to: directory.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(atPath: TestSupport.fontsDirectory, toPath: directory.appendingPathComponent("fonts").path)
        try write("<style name=\"body\" size=\"10\"/>\n", to: directory.appendingPathComponent("house.tss"))
        try write("The chapter included.\n", to: directory.appendingPathComponent("chapter.txt"))
        try write("<import src=\"house.tss\">\nA note with three pictures.\n<img src=\"pic.png\" alt=\"\" width=\"40\">\n"
                  + "<img src=\"out-001.png\" alt=\"\" width=\"40\">\n<img src=\"shot.pdf\" alt=\"\" width=\"40\">\n<include src=\"chapter.txt\">\n",
                  to: directory.appendingPathComponent("doc.txt"))
        return directory
    }

    /// Every file of the folder and its bytes.
    private func contents(of directory: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        for case let name as String in FileManager.default.enumerator(atPath: directory.path)! {
            let url = directory.appendingPathComponent(name)
            if let data = try? Data(contentsOf: url) { found[name] = data }
        }
        return found
    }

    /// Typesets `doc.txt` into `output` (a PNG page's base name for `.png`), with the side
    /// output at `side`; the error it throws, nil for none.
    private func refusal(in directory: URL, output: String, sideOutput: SideOutput = .none, at side: String = "",
                       depfile: String? = nil) -> String? {
        var options = TypesetOptions()
        options.fontsDirectory = directory.appendingPathComponent("fonts").path
        options.format = output.hasSuffix(".png") ? .png : .pdf
        if sideOutput == .layoutJSON { options.layoutJSONPath = directory.appendingPathComponent(side).path }
        if sideOutput == .depfile { options.dependencyFilePath = directory.appendingPathComponent(side).path }
        if let depfile { options.dependencyFilePath = directory.appendingPathComponent(depfile).path }
        do {
            _ = try Typesetter(options: options).typeset(inputPath: directory.appendingPathComponent("doc.txt").path,
                                                         outputPath: directory.appendingPathComponent(output).path)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testNoOutputOverwritesAFileTheDocumentIsMadeFrom() throws {
        let directory = try project()
        let before = try contents(of: directory)
        let read = [("chapter.txt", "the included file"), ("house.tss", "the style sheet"), ("pic.png", "this picture"),
                    ("fonts/texgyrepagella-regular.otf", "the font file")]
        for (file, what) in read {
            var runs: [(writer: String, error: String?)] = [
                ("--layout-json", refusal(in: directory, output: "doc.pdf", sideOutput: .layoutJSON, at: file)),
                ("--depfile", refusal(in: directory, output: "doc.pdf", sideOutput: .depfile, at: file)),
            ]
            if !file.hasSuffix(".png") { runs.append(("the output", refusal(in: directory, output: file))) }
            for (writer, error) in runs {
                let error = try XCTUnwrap(error, "\(writer) \(file) was written")
                XCTAssertTrue(error.contains("\(writer) ") && error.contains("would overwrite \(what)"), "\(writer) \(file): \(error)")
                XCTAssertEqual(try contents(of: directory), before, "\(writer) \(file)")
            }
        }
        // A PNG page's name, and a PDF named as a picture whatever its extension.
        for (output, file) in [("out.png", "out-001.png"), ("shot.pdf", "shot.pdf")] {
            let error = try XCTUnwrap(refusal(in: directory, output: output), "\(output) was written")
            XCTAssertTrue(error.contains("\(file)") && error.contains("would overwrite this picture"), "\(output): \(error)")
            XCTAssertEqual(try contents(of: directory), before, output)
        }
    }

    func testNoTwoOutputsAreOneFile() throws {
        let directory = try project()
        try FileManager.default.removeItem(at: directory.appendingPathComponent("out-001.png"))
        try write("A note.\n", to: directory.appendingPathComponent("doc.txt"))
        let before = try contents(of: directory)
        // A page of the PNG output and the layout JSON or the depfile lost one of them, exit 0.
        let cases: [(output: String, side: SideOutput, at: String, depfile: String?)] = [
            ("out.png", .layoutJSON, "out-001.png", nil),
            ("out.png", .depfile, "out-002.png", nil),
            ("doc.pdf", .layoutJSON, "doc.pdf", nil),
            ("doc.pdf", .depfile, "doc.pdf", nil),
            ("doc.pdf", .layoutJSON, "x.out", "x.out"),
        ]
        for (output, side, at, depfile) in cases {
            let error = try XCTUnwrap(refusal(in: directory, output: output, sideOutput: side, at: at, depfile: depfile),
                                      "\(output) with \(side) \(at) was written")
            XCTAssertTrue(error.contains("one file") || error.contains("would overwrite"), "\(output), \(side) \(at): \(error)")
            XCTAssertEqual(try contents(of: directory), before, "\(output), \(side) \(at)")
        }
    }

    /// On the command line: exit status 1, the error at the picture's `<img>`.
    func testTheCommandLineRefusesAtThePicture() throws {
        let directory = try project()
        let result = try typeset(["doc.txt", "-o", "out.png"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("doc.txt:4:") && result.stderr.contains("the page"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out-002.png").path), "nothing written")
    }

    func testTheLayoutJSONAndTheDepfileCannotBeOneFile() throws {
        let directory = try project()
        let result = try typeset(["doc.txt", "-o", "doc.pdf", "--layout-json", "x.out", "--depfile", "x.out"], in: directory)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--depfile x.out would overwrite --layout-json's file"), result.stderr)
    }
}
