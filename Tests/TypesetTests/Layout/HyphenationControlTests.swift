@testable import Layout
import Foundation
import Text
import XCTest

/// The hyphenation controls on real paragraphs (Pagella, the English patterns): the shortest
/// word, the letters either side of a hyphen, hyphenated lines in a row, capitalised words,
/// and no hyphen on a column's last line.
final class HyphenationControlTests: FramesetterTestCase {
    /// Long words in a narrow measure: a paragraph that cannot be set without many hyphens.
    static let prose = """
        Unquestionably, the administration's extraordinary reorganisation of municipal responsibilities \
        transformed neighbourhood communications, notwithstanding considerable misunderstandings, \
        uncharacteristically enthusiastic volunteers, interdepartmental disagreements and unprecedented \
        bureaucratic complications; nevertheless, the overwhelming determination of the inhabitants \
        accomplished remarkable improvements everywhere, particularly concerning transportation, \
        electricity distribution, environmental sustainability and unconventional architectural experimentation.
        """

    /// The paragraph's lines in one column `width` wide, and for each line whether it ends
    /// inside a word (a hyphen the typesetter added: the text has none of its own).
    private func lines(_ markup: String, width: Double) throws -> (text: [UInt16], lines: [Line], hyphenated: [Bool]) {
        let framesetter = try framesetter(markup)
        let frame = framesetter.frame(in: Container(rect: Rect(x: 0, y: 0, width: width, height: 20_000)), from: 0)
        let units = Array(framesetter.text.string.utf16)
        XCTAssertEqual(frame.visibleRange.upperBound, units.count, "the whole text is set")
        return (units, frame.lines, frame.lines.map { Self.endsInsideWord($0, units) })
    }

    static func isLetter(_ unit: UInt16) -> Bool {
        Unicode.Scalar(unit).map { $0.properties.isAlphabetic } ?? false
    }

    static func isUppercase(_ unit: UInt16) -> Bool {
        Unicode.Scalar(unit).map { $0.properties.isUppercase } ?? false
    }

    static func endsInsideWord(_ line: Line, _ units: [UInt16]) -> Bool {
        let end = line.stringRange.upperBound
        return !line.endsParagraph && end > 0 && end < units.count && isLetter(units[end - 1]) && isLetter(units[end])
    }

    /// The letters of the word broken at the end of `line` before and after the break.
    static func brokenWord(at line: Line, _ units: [UInt16]) -> (before: Int, after: Int) {
        let end = line.stringRange.upperBound
        var start = end, stop = end
        while start > 0, isLetter(units[start - 1]) { start -= 1 }
        while stop < units.count, isLetter(units[stop]) { stop += 1 }
        return (end - start, stop - end)
    }

    static func longestRun(_ flags: [Bool]) -> Int {
        var longest = 0, run = 0
        for flag in flags {
            run = flag ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// The words broken at line ends, with the letters each keeps before and after its hyphen.
    private func brokenWords(_ set: (text: [UInt16], lines: [Line], hyphenated: [Bool])) -> [(word: String, before: Int, after: Int)] {
        zip(set.lines, set.hyphenated).filter(\.1).map { line, _ in
            let (before, after) = Self.brokenWord(at: line, set.text)
            let end = line.stringRange.upperBound
            return (String(decoding: set.text[end - before ..< end + after], as: UTF16.self), before, after)
        }
    }

    func testTheLimitHoldsOnANarrowMeasureAndTheDefaultIsThree() throws {
        let unlimited = try lines("<p hyphenate-limit=\"0\">\(Self.prose)\n", width: 90)
        XCTAssertGreaterThanOrEqual(Self.longestRun(unlimited.hyphenated), 3, "the narrow measure hyphenates lines in a row")
        for limit in 1 ... 2 {
            let limited = try lines("<p hyphenate-limit=\"\(limit)\">\(Self.prose)\n", width: 90)
            XCTAssertLessThanOrEqual(Self.longestRun(limited.hyphenated), limit, "limit \(limit): \(limited.hyphenated)")
        }
        for width in stride(from: 70.0, through: 160, by: 10) {
            XCTAssertLessThanOrEqual(Self.longestRun(try lines(Self.prose + "\n", width: width).hyphenated), 3, "width \(width)")
        }
    }

    func testNoWordShorterThanTheMinimumIsHyphenated() throws {
        let plain = brokenWords(try lines(Self.prose + "\n", width: 90))
        XCTAssertTrue(plain.contains { $0.word.count < 16 }, "\(plain.map(\.word))")
        XCTAssertTrue(plain.allSatisfy { $0.word.count >= 5 })
        let set = try lines("<p hyphenate-min-word=\"16\">\(Self.prose)\n", width: 90)
        let broken = brokenWords(set)
        XCTAssertFalse(broken.isEmpty)
        XCTAssertTrue(broken.allSatisfy { $0.word.count >= 16 }, "\(broken.map(\.word))")
    }

    func testTheLettersKeptBeforeAndAfterAHyphen() throws {
        let plain = brokenWords(try lines(Self.prose + "\n", width: 90))
        XCTAssertTrue(plain.allSatisfy { $0.before >= 2 && $0.after >= 3 })
        XCTAssertTrue(plain.contains { $0.before < 4 || $0.after < 5 }, "\(plain)")
        let set = try lines("<p hyphenate-min-before=\"4\" hyphenate-min-after=\"5\">\(Self.prose)\n", width: 90)
        let broken = brokenWords(set)
        XCTAssertFalse(broken.isEmpty)
        XCTAssertTrue(broken.allSatisfy { $0.before >= 4 && $0.after >= 5 }, "\(broken)")
    }

    /// Place names, long and capitalised, among long common words.
    private static let places = """
        At the conference, representatives from Massachusetts, Pennsylvania, Constantinople, Philadelphia and Johannesburg \
        negotiated transportation agreements; Mediterranean, Scandinavian and Luxembourgish delegations \
        acknowledged Massachusetts and Pennsylvania as indispensable intermediaries, while Philadelphia \
        reconsidered its Constantinople arrangements.
        """

    func testCapitalisedWordsAreHyphenatedOnlyWhenAsked() throws {
        let plain = brokenWords(try lines(Self.places + "\n", width: 80))
        XCTAssertFalse(plain.isEmpty)
        XCTAssertFalse(plain.contains { $0.word.first?.isUppercase ?? false }, "\(plain.map(\.word))")
        let asked = brokenWords(try lines("<p hyphenate-capitalized=\"true\">\(Self.places)\n", width: 80))
        XCTAssertTrue(asked.contains { $0.word.first?.isUppercase ?? false }, "\(asked.map(\.word))")
    }

    func testASentencesFirstWordIsHyphenatedAsAnyWord() throws {
        let text = "Home is where the heart is. Unfortunately, you are no longer entirely sure where yours is. Unquestionably extraordinary.\n"
        let broken = (60 ... 120).flatMap { width in (try? brokenWords(lines(text, width: Double(width)))) ?? [] }.map(\.word)
        XCTAssertTrue(broken.contains { $0.hasPrefix("Unfortunately") || $0.hasPrefix("Unquestionably") }, "\(broken)")
    }

    /// A word with a footnote's mark after it, "Konzernjahresüberschusses.³" in a designer's
    /// annual report, was taken for a token with digits and never hyphenated: its line was set
    /// loose, or, narrower than the word, the word cut with no hyphen.
    func testAWordFollowedByAFootnotesMarkIsHyphenated() throws {
        for markup in ["The neighbourhood<footnote>A note.</footnote> is quiet.\n", "The neighbourhood is quiet.\n"] {
            let set = try lines(markup, width: 60)
            let broken = zip(set.lines, set.hyphenated).filter(\.1).map(\.0)
            XCTAssertEqual(broken.count, 1, markup)
            XCTAssertEqual(broken.first?.runs.last?.clusters.last, GlyphRun.generatedHyphen, "a hyphen ends the line: \(markup)")
        }
    }

    /// A `www.` address holds no '/', ':', '@' or digit, and its words were hyphenated
    /// ("neigh-" | "bourhood" at 100 pt): a hyphen added inside an address reads as part of it.
    /// It breaks where an address breaks, with no hyphen added.
    func testNoHyphenIsAddedInsideAnAddress() throws {
        for width in stride(from: 80.0, through: 160, by: 10) {
            let set = try lines("Letters about the new timetable go to www.neighbourhood-communications.example by Friday.\n", width: width)
            let added = set.lines.filter { $0.runs.contains { $0.clusters.contains(GlyphRun.generatedHyphen) } }
            XCTAssertEqual(added.map { String(decoding: set.text[$0.stringRange], as: UTF16.self) }, [], "at \(width) pt")
        }
    }

    /// The documented example typeset to PDF: one page, and its text read back whole.
    func testTheDocumentedExampleTypesets() throws {
        let (report, pdf) = try typesetToPDF(MarkupExample.named("hyphenation").markup)
        XCTAssertEqual(report.diagnostics, [])
        XCTAssertEqual(report.pageCount, 1)
        guard let text = TestSupport.runTool("/usr/bin/pdftotext", [pdf, "-"]) else { throw XCTSkip("pdftotext is not installed") }
        for words in ["Unquestionably,", "Massachusetts,", "Washington,", "as names should."] {
            XCTAssertTrue(text.contains(words), "\(words) in \(text)")
        }
    }

    /// The documented example: each paragraph keeps its rules in its columns.
    func testTheDocumentedExampleKeepsItsRules() throws {
        let (document, pages) = try SectionTesting.layOut(MarkupExample.named("hyphenation").markup)
        XCTAssertTrue(document.diagnostics.isEmpty, "\(document.diagnostics)")
        XCTAssertEqual(pages.count, 1)
        let units = Array(document.text.string.utf16)
        let lines = pages[0].frames.flatMap(\.lines).sorted { $0.stringRange.lowerBound < $1.stringRange.lowerBound }
        let hyphenated = lines.map { Self.endsInsideWord($0, units) }
        let broken = zip(lines, hyphenated).filter(\.1).map { line, _ -> String in
            let (before, after) = Self.brokenWord(at: line, units)
            return String(decoding: units[line.stringRange.upperBound - before ..< line.stringRange.upperBound + after], as: UTF16.self)
        }
        let text = document.text.string
        let second = text.utf16.distance(from: text.utf16.startIndex, to: text.range(of: "Massachusetts")!.lowerBound)
        let third = text.utf16.distance(from: text.utf16.startIndex, to: text.range(of: "Washington")!.lowerBound)
        let firstLines = zip(lines, hyphenated).filter { $0.0.stringRange.lowerBound < second }.map(\.1)
        XCTAssertLessThanOrEqual(Self.longestRun(firstLines), 1, "hyphenate-limit=\"1\"")
        for (line, flag) in zip(lines, hyphenated) where flag && line.stringRange.upperBound < second {
            let (before, after) = Self.brokenWord(at: line, units)
            XCTAssertGreaterThanOrEqual(before + after, 7)
            XCTAssertGreaterThanOrEqual(after, 4)
        }
        XCTAssertFalse(broken.isEmpty, "the narrow columns hyphenate")
        XCTAssertEqual(document.text.paragraphStyle(at: second).hyphenation.capitalized, true)
        for (line, flag) in zip(lines, hyphenated) where flag && line.stringRange.upperBound > third {
            let before = Self.brokenWord(at: line, units).before
            XCTAssertFalse(Self.isUppercase(units[line.stringRange.upperBound - before]), "the body text's names stay whole")
        }
    }
}
