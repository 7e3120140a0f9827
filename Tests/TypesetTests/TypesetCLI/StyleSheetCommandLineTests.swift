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

    /// The house sheet and the two articles, which do not import it.
    private func makeProject() throws -> URL {
        let directory = try makeTemporaryDirectory()
        try write(Self.house, to: directory.appendingPathComponent("house.tss"))
        for (name, text) in Self.articles {
            try write(text, to: directory.appendingPathComponent(name))
        }
        return directory
    }

    /// Issue 38's done-when: "the batch of articles with `--style` gives the same pages as each
    /// alone". The fixture issue's three articles, each in its own folder with its own picture
    /// and importing the house sheet itself, typeset as one batch with the sheet given again by
    /// `--style`, and each typeset alone: the same pages, byte for byte.
    func testABatchOfArticlesWithAStyleSheetGivesThePagesOfEachArticleAlone() throws {
        let issue = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/issue")
        let output = try makeTemporaryDirectory()
        let articles = ["eels", "salt", "heron"]
        let common = ["--root", ".", "--facing", "--format", "png"]
        let batch = try TypesetProcess.run(["--style", "house.tss"] + articles.map { "articles/\($0)/\($0).txt" } + common
                                           + ["--out-dir", output.appendingPathComponent("batch").path], in: issue)
        XCTAssertEqual(batch.status, 0, batch.stderr)
        for article in articles {
            let alone = try TypesetProcess.run(["articles/\(article)/\(article).txt"] + common
                                               + ["--out-dir", output.appendingPathComponent("alone").path], in: issue)
            XCTAssertEqual(alone.status, 0, alone.stderr)
        }
        let alonePages = try contentsOfDirectory(output.appendingPathComponent("alone"))
        let batchPages = try contentsOfDirectory(output.appendingPathComponent("batch"))
        XCTAssertEqual(batchPages, alonePages)
        XCTAssertEqual(Set(batchPages.map { $0.components(separatedBy: "-").first! }), Set(articles), "\(batchPages)")
        for page in batchPages {
            let same = try Data(contentsOf: output.appendingPathComponent("batch/" + page))
                == Data(contentsOf: output.appendingPathComponent("alone/" + page))
            XCTAssertTrue(same, "\(page) is the same in the batch with --style as typeset alone")
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
