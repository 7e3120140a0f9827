import Foundation
import XCTest

/// Style sheets from the command line (`--style`) on a batch, and in the depfile, run through
/// the built executable.
final class StyleSheetCommandLineTests: XCTestCase {
    private static let house = """
        <style name="body" size="10" indent="12"/>
        <style name="kicker" clean="on" face="Liberation Sans" size="9" weight="bold"/>
        <rule pattern="\\b[A-Z]{3,}\\b" color="darkred"/>
        <meta footer="|{page}" lang="en-GB">

        """

    private static let articles = [
        "ice.txt": "<p style=\"kicker\">Science</p>\nThe ICE shelf broke in the night, and by morning the bay was open water.\n",
        "rain.txt": "<p style=\"kicker\">Weather</p>\nRAIN fell for forty days. " + String(repeating: "The river rose. ", count: 40) + "\n",
    ]

    /// The house sheet and the two articles, without the sheet and with it written inline.
    private func makeProject() throws -> URL {
        let directory = try makeTemporaryDirectory()
        try write(Self.house, to: directory.appendingPathComponent("house.tss"))
        for (name, text) in Self.articles {
            try write(text, to: directory.appendingPathComponent(name))
            try write(Self.house + text, to: directory.appendingPathComponent("inline-" + name))
        }
        return directory
    }

    func testABatchWithAStyleSheetGivesTheSamePagesAsItsDeclarationsWrittenInEachDocument() throws {
        let directory = try makeProject()
        let styled = try TypesetProcess.run(["--style", "house.tss", "ice.txt", "rain.txt", "--out-dir", "styled", "--format", "png"],
                                            in: directory)
        XCTAssertEqual(styled.status, 0, styled.stderr)
        let inline = try TypesetProcess.run(["inline-ice.txt", "inline-rain.txt", "--out-dir", "inline", "--format", "png"], in: directory)
        XCTAssertEqual(inline.status, 0, inline.stderr)
        let styledPages = try contentsOfDirectory(directory.appendingPathComponent("styled"))
        XCTAssertEqual(styledPages.count, try contentsOfDirectory(directory.appendingPathComponent("inline")).count)
        XCTAssertEqual(styledPages.count, 2, "each article a page: \(styledPages)")
        for page in styledPages {
            let same = try Data(contentsOf: directory.appendingPathComponent("styled/" + page))
                == Data(contentsOf: directory.appendingPathComponent("inline/inline-" + page))
            XCTAssertTrue(same, "\(page) is the same with --style as with the sheet written in the document")
        }
    }

    func testAnErrorInAStyleSheetIsLocatedInTheSheetAndAMissingSheetIsRefused() throws {
        let directory = try makeProject()
        try write("<style name=\"x\" size=\"9\"/>\n<p>\n", to: directory.appendingPathComponent("bad.tss"))
        let bad = try TypesetProcess.run(["--style", "bad.tss", "ice.txt", "-o", "ice.pdf"], in: directory)
        XCTAssertEqual(bad.status, 1, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("bad.tss:2:1: error: <p> is not a declaration"), bad.stderr)
        let missing = try TypesetProcess.run(["--style", "nowhere.tss", "ice.txt", "-o", "ice.pdf"], in: directory)
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains("--style nowhere.tss"), missing.stderr)
    }

    func testTheDepfileListsEveryStyleSheetRead() throws {
        let directory = try makeProject()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("styles"), withIntermediateDirectories: true)
        try write("<style name=\"deck\" size=\"12\"/>\n", to: directory.appendingPathComponent("styles/deck.tss"))
        try write("<import src=\"deck.tss\">\n", to: directory.appendingPathComponent("styles/issue.tss"))
        try write("<import src=\"styles/issue.tss\">\n<p style=\"deck\">Deck</p>\n" + Self.articles["ice.txt"]!,
                  to: directory.appendingPathComponent("issue.txt"))
        let result = try TypesetProcess.run(["--style", "house.tss", "issue.txt", "-o", "issue.pdf", "--depfile", "issue.d"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let depfile = try String(contentsOf: directory.appendingPathComponent("issue.d"), encoding: .utf8)
        XCTAssertTrue(depfile.hasPrefix("issue.pdf: \\\n  issue.txt \\\n  house.tss \\\n  styles/issue.tss \\\n  styles/deck.tss \\\n"), depfile)
        XCTAssertTrue(depfile.contains("\nstyles/deck.tss:\n"), "an empty rule for each sheet: \(depfile)")
    }

    /// An issue's depfile lists the files it includes, and what they import and place.
    func testTheDepfileListsEveryIncludedFile() throws {
        let directory = try makeProject()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("articles/ice"), withIntermediateDirectories: true)
        try write("<style name=\"deck\" size=\"12\"/>\n", to: directory.appendingPathComponent("articles/ice/ice.tss"))
        try write("<import src=\"ice.tss\">\n<p style=\"deck\">Deck</p>\n" + Self.articles["ice.txt"]!,
                  to: directory.appendingPathComponent("articles/ice/ice.txt"))
        try write("<include src=\"articles/ice/ice.txt\">\n<pagebreak>\n<include src=\"rain.txt\">\n",
                  to: directory.appendingPathComponent("issue.txt"))
        let result = try TypesetProcess.run(["--style", "house.tss", "issue.txt", "-o", "issue.pdf", "--depfile", "issue.d"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let depfile = try String(contentsOf: directory.appendingPathComponent("issue.d"), encoding: .utf8)
        XCTAssertTrue(depfile.hasPrefix("issue.pdf: \\\n  issue.txt \\\n  articles/ice/ice.txt \\\n  rain.txt \\\n  house.tss \\\n  articles/ice/ice.tss \\\n"),
                      depfile)
        XCTAssertTrue(depfile.contains("\narticles/ice/ice.txt:\n"), "an empty rule for each included file: \(depfile)")
    }
}
