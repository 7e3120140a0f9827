import Foundation
import XCTest

/// `--diagnostic-format human|short|json`, `--color auto|always|never` and `NO_COLOR`
/// (issue 34, item 11).
final class DiagnosticFormatTests: XCTestCase {
    /// A document with an error at line 2, column 14, whose file cannot be written beside it.
    private func documentWithAnError() throws -> URL {
        let directory = try makeTemporaryDirectory()
        try write("A line.\n<font color=\"reddish\">Run!</font>\n", to: directory.appendingPathComponent("doc.txt"))
        return directory
    }

    private let located = "doc.txt:2:14: error: unknown color \"reddish\""

    func testHumanIsTheDefaultWithTheSourceLineAndACaret() throws {
        let result = try typeset(["doc.txt", "--diagnostic-format", "human"], in: try documentWithAnError())
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix(located), result.stderr)
        XCTAssertEqual(lines[1], "<font color=\"reddish\">Run!</font>")
        XCTAssertEqual(lines[2], String(repeating: " ", count: 13) + "^")
        XCTAssertEqual(try typeset(["doc.txt"], in: try documentWithAnError()).stderr, result.stderr)
    }

    /// The parse shows a thousand warnings and counts the rest; a tester's 5,000 pictures moved
    /// to later pages printed all 4,971 warnings the passes after it gave (14,913 lines).
    func testAThousandWarningsAreShownWhicheverPassGaveThemAndTheRestCounted() throws {
        let directory = try makeTemporaryDirectory()
        // A warning a paragraph, each paragraph its own run (the check reads runs).
        let paragraphs = (1 ... 1_100).map { "<p line-height=\"6pt\"><font color=\"\($0 % 2 == 0 ? "red" : "blue")\">Paragraph \($0).</font></p>\n" }.joined()
        try write(paragraphs, to: directory.appendingPathComponent("doc.txt"))
        let result = try typeset(["doc.txt", "--diagnostic-format", "short"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains(": warning: line-height 6pt is less than") }.count, 1_000, result.stderr.suffix(500).description)
        XCTAssertTrue(lines.contains { $0.hasPrefix("doc.txt:1001:") && $0.contains("note: 100 more warnings not shown") },
                      result.stderr.suffix(500).description)
    }

    func testShortIsOneLineADiagnostic() throws {
        let result = try typeset(["doc.txt", "--diagnostic-format", "short"], in: try documentWithAnError())
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertTrue(lines[0].hasPrefix(located), result.stderr)
    }

    func testJSONIsOneObjectALineWithFileLineColumnSeverityAndMessage() throws {
        let directory = try documentWithAnError()
        let result = try typeset(["doc.txt", "missing.txt", "--diagnostic-format", "json", "--quiet"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        let objects = try result.stderr.split(separator: "\n").map { line in
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }
        XCTAssertEqual(objects.count, 2, result.stderr)
        XCTAssertEqual(objects[0]["file"] as? String, "doc.txt")
        XCTAssertEqual(objects[0]["line"] as? Int, 2)
        XCTAssertEqual(objects[0]["column"] as? Int, 14)
        XCTAssertEqual(objects[0]["severity"] as? String, "error")
        XCTAssertTrue((objects[0]["message"] as? String)?.hasPrefix("unknown color \"reddish\"") == true, result.stderr)
        // A problem with the whole document has its file, and no line or column.
        XCTAssertEqual(objects[1]["file"] as? String, "missing.txt")
        XCTAssertTrue(objects[1]["line"] is NSNull, result.stderr)
        XCTAssertTrue(objects[1]["column"] is NSNull, result.stderr)
    }

    /// A message in an included file carries where it was included: a note line in the human
    /// and short formats, a `notes` array of objects of the same fields in JSON (every object
    /// has one, empty when there is nothing to note).
    func testAnIncludedFilesMessageNotesWhereItWasIncluded() throws {
        let directory = try makeTemporaryDirectory()
        try write("Issue.\n<include src=\"ice.txt\">\n", to: directory.appendingPathComponent("issue.txt"))
        try write("Ice.\n<font color=\"reddish\">Run!</font>\n", to: directory.appendingPathComponent("ice.txt"))
        let human = try typeset(["issue.txt", "--diagnostic-format", "human"], in: directory)
        XCTAssertEqual(human.status, 1, human.stderr)
        let lines = human.stderr.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("ice.txt:2:14: error: unknown color"), human.stderr)
        XCTAssertEqual(lines.dropFirst(3).first, "note: included from issue.txt:2:1", human.stderr)
        let short = try typeset(["issue.txt", "--diagnostic-format", "short"], in: directory)
        XCTAssertEqual(short.stderr.split(separator: "\n").last, "note: included from issue.txt:2:1", short.stderr)
        let json = try typeset(["issue.txt", "--diagnostic-format", "json"], in: directory)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [String: Any], json.stderr)
        XCTAssertEqual(object["file"] as? String, "ice.txt")
        let notes = try XCTUnwrap(object["notes"] as? [[String: Any]], json.stderr)
        XCTAssertEqual(notes.count, 1, json.stderr)
        XCTAssertEqual(notes[0]["file"] as? String, "issue.txt")
        XCTAssertEqual(notes[0]["line"] as? Int, 2)
        XCTAssertEqual(notes[0]["column"] as? Int, 1)
        XCTAssertEqual(notes[0]["severity"] as? String, "note")
        XCTAssertEqual(notes[0]["message"] as? String, "included from issue.txt:2:1")
    }

    func testColourOnlyWhereAskedOrOnATerminalWithoutNoColor() throws {
        let escape = "\u{1B}["
        let directory = try documentWithAnError()
        let piped = try typeset(["doc.txt"], in: directory)
        XCTAssertFalse(piped.stderr.contains(escape), piped.stderr)
        let always = try typeset(["doc.txt", "--color", "always"], in: directory)
        XCTAssertTrue(always.stderr.contains("\(escape)1;31merror:"), always.stderr)
        let alwaysOverNoColor = try TypesetProcess.run(["doc.txt", "--color", "always"], in: directory, environment: ["NO_COLOR": "1"])
        XCTAssertTrue(alwaysOverNoColor.stderr.contains(escape), alwaysOverNoColor.stderr)
        let never = try TypesetProcess.run(["doc.txt", "--color", "never"], in: directory, throughTerminal: true)
        XCTAssertFalse(String(decoding: never.stdout, as: UTF8.self).contains(escape) || never.stderr.contains(escape))
        let terminal = try TypesetProcess.run(["doc.txt"], in: directory, throughTerminal: true, environment: ["NO_COLOR": ""])
        XCTAssertTrue(String(decoding: terminal.stdout, as: UTF8.self).contains("\(escape)1;31merror:"), terminal.stderr)
        let noColor = try TypesetProcess.run(["doc.txt"], in: directory, throughTerminal: true, environment: ["NO_COLOR": "1"])
        XCTAssertFalse(String(decoding: noColor.stdout, as: UTF8.self).contains(escape), String(decoding: noColor.stdout, as: UTF8.self))
        let json = try typeset(["doc.txt", "--color", "always", "--diagnostic-format", "json"], in: directory)
        XCTAssertFalse(json.stderr.contains(escape), json.stderr)
    }

    /// An editor reading JSON lines gets a usage error as one too, with no place in a file.
    func testAUsageErrorIsAJSONLineUnderJSON() throws {
        let directory = try documentWithAnError()
        for arguments in [["doc.txt", "--diagnostic-format", "json", "--colr", "never"],
                          ["doc.txt", "--diagnostic-format=json", "--columns", "0"]] {
            let result = try typeset(arguments, in: directory)
            XCTAssertEqual(result.status, 2, result.stderr)
            let lines = result.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, result.stderr)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any], result.stderr)
            XCTAssertEqual(object["severity"] as? String, "error")
            XCTAssertTrue(object["file"] is NSNull && object["line"] is NSNull, result.stderr)
            XCTAssertFalse((object["message"] as? String ?? "").isEmpty, result.stderr)
        }
        // A warning about the run, not a document (--dpi does nothing to a PDF): a JSON line too.
        try write("Fine.\n", to: directory.appendingPathComponent("fine.txt"))
        let run = try typeset(["fine.txt", "--dpi", "144", "--diagnostic-format", "json"], in: directory)
        XCTAssertEqual(run.status, 0, run.stderr)
        let warning = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stderr.utf8)) as? [String: Any], run.stderr)
        XCTAssertEqual(warning["severity"] as? String, "warning")
        XCTAssertTrue(warning["file"] is NSNull, run.stderr)
        XCTAssertTrue((warning["message"] as? String)?.hasPrefix("--dpi sets the resolution") == true, run.stderr)
        let human = try typeset(["doc.txt", "--colr", "never"], in: directory)
        XCTAssertTrue(human.stderr.hasPrefix("Error: "), human.stderr)
    }

    func testAnUnknownFormatOrColourIsAUsageError() throws {
        let directory = try documentWithAnError()
        XCTAssertEqual(try typeset(["doc.txt", "--diagnostic-format", "xml"], in: directory).status, 2)
        XCTAssertEqual(try typeset(["doc.txt", "--color", "sometimes"], in: directory).status, 2)
    }

    /// A name holding a line break (`src="a&#10;b.png"`) printed it raw inside the short
    /// format's one-line message (errors12, item 9): control characters in a message are escaped.
    func testAControlCharacterInANameIsEscapedInTheMessage() throws {
        let directory = try makeTemporaryDirectory()
        try write("<img src=\"a&#10;b&#27;.png\">\n", to: directory.appendingPathComponent("doc.txt"))
        let result = try typeset(["doc.txt", "--diagnostic-format", "short"], in: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertTrue(lines[0].hasPrefix("doc.txt:1:11: error: image \"a\\nb\\u{1B}.png\" not found"), result.stderr)
    }
}
