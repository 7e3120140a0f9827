import CCairo
import Layout
@testable import Render
import Text
import XCTest

/// The text each glyph run hands Cairo: read back from the UTF-8 and the clusters, it is the
/// run's own characters, in every script and plane, with soft hyphens left out and a soft
/// hyphen where a hyphen was added at a break; and the clusters cover every glyph and every
/// byte once.
final class RunTextClustersTests: FramesetterTestCase {
    /// The runs of `markup` set in a column `width` points wide.
    private func runs(of markup: String, width: Double) throws -> (runs: [GlyphRun], text: AttributedText) {
        let setter = try framesetter(markup)
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: width, height: 2000)), from: 0)
        return (frame.lines.flatMap(\.runs).filter { !$0.glyphIDs.isEmpty }, setter.text)
    }

    /// Every cluster holds a glyph or more, and together they hold every glyph and byte once.
    private func assertClustersTile(_ clusters: RunTextClusters, glyphs: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(clusters.clusters.allSatisfy { $0.num_glyphs > 0 && $0.num_bytes >= 0 }, file: file, line: line)
        XCTAssertEqual(clusters.clusters.reduce(0) { $0 + Int($1.num_glyphs) }, glyphs, file: file, line: line)
        XCTAssertEqual(clusters.clusters.reduce(0) { $0 + Int($1.num_bytes) }, clusters.utf8.count, file: file, line: line)
    }

    func testLeftToRightRunsGiveTheirCharacters() throws {
        // Accents (two UTF-8 bytes), dashes and ligatures (three), a letter outside the Basic
        // Multilingual Plane (a surrogate pair), soft hyphens and breaks inside words.
        let markup = "Affine office fjords — café naïve ﬁnal 𝐀lpha incompre\u{AD}hensibilities " +
            String(repeating: "extraordinarily unconstitutional ", count: 6)
        let (runs, text) = try runs(of: markup, width: 90)
        XCTAssertTrue(runs.contains { $0.clusters.last == GlyphRun.generatedHyphen }, "the column breaks inside a word")
        var clusters = RunTextClusters()
        for run in runs {
            XCTAssertFalse(run.isRightToLeft)
            clusters.fill(for: run, text: text, initial: nil)
            var expected = String(decoding: text.storage[run.stringRange].filter { $0 != 0xAD }, as: UTF16.self)
            if run.clusters.last == GlyphRun.generatedHyphen { expected += "\u{AD}" }
            XCTAssertEqual(String(decoding: clusters.utf8, as: UTF8.self), expected)
            assertClustersTile(clusters, glyphs: run.glyphIDs.count)
        }
    }

    /// A hyphen added at a line break reads as a soft hyphen (the break the source's word had
    /// there, which readers join across: not a "-" the word never had), and its text is not its
    /// glyph's own, so the hyphen glyph's ToUnicode entry stays "-" for the source's hyphens.
    func testAnAddedHyphenReadsAsASoftHyphenThatIsNotItsGlyphsText() throws {
        let (runs, text) = try runs(of: String(repeating: "extraordinarily unconstitutional well-known ", count: 6), width: 90)
        var clusters = RunTextClusters()
        var added = 0
        for run in runs {
            clusters.fill(for: run, text: text, initial: nil)
            var byte = 0
            for (index, cluster) in clusters.clusters.enumerated() {
                let bytes = Array(clusters.utf8.dropFirst(byte).prefix(Int(cluster.num_bytes)))
                byte += Int(cluster.num_bytes)
                let isAdded = run.clusters.last == GlyphRun.generatedHyphen && index == clusters.clusters.count - 1
                XCTAssertEqual(clusters.isGlyphsOwnText(cluster: index), !isAdded)
                if isAdded {
                    XCTAssertEqual(bytes, [0xC2, 0xAD], "U+00AD")
                    added += 1
                } else {
                    XCTAssertFalse(bytes == [0xC2, 0xAD])
                }
            }
        }
        XCTAssertGreaterThan(added, 0, "the column breaks inside a word")
    }

    /// A word broken at its own hyphen ("well-" | "known") reads as the hyphen and a soft
    /// hyphen after it, which readers join across as they join a word broken at an added
    /// hyphen; the hyphen is not its glyph's own text then, and a hyphen inside a line, or one
    /// before a space, reads as "-" alone.
    func testAWordBrokenAtItsOwnHyphenReadsAsTheHyphenAndASoftHyphen() throws {
        let setter = try framesetter("The well-known keeper, a self-taught man - of sorts - stays. " +
            String(repeating: "The well-known keeper stays on. ", count: 8))
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 62, height: 2000)), from: 0)
        var clusters = RunTextClusters()
        var broken = 0, inside = 0
        for line in frame.lines {
            let brokenHyphen = line.wordBrokenAfter(in: setter.text)
            for run in line.runs where !run.glyphIDs.isEmpty {
                clusters.fill(for: run, text: setter.text, initial: nil, wordBreak: brokenHyphen)
                let text = String(decoding: clusters.utf8, as: UTF8.self)
                if let brokenHyphen, run.stringRange.upperBound == brokenHyphen + 1 {
                    XCTAssertTrue(text.hasSuffix("-\u{AD}"), text)
                    XCTAssertFalse(clusters.isGlyphsOwnText(cluster: clusters.clusters.count - 1))
                    broken += 1
                } else {
                    XCTAssertFalse(text.contains("-\u{AD}"), text)
                    if text.dropLast().contains("-") { inside += 1 }
                }
                assertClustersTile(clusters, glyphs: run.glyphIDs.count)
            }
        }
        XCTAssertGreaterThan(broken, 0, "a line breaks after the hyphen of well-known or self-taught")
        XCTAssertGreaterThan(inside, 0, "a hyphen inside a line")
        // The paragraph's end, and a hyphen before a space, are no break inside a word.
        let last = try XCTUnwrap(frame.lines.last)
        XCTAssertNil(last.wordBrokenAfter(in: setter.text))
    }

    /// A line broken inside an address, where no hyphen is added ("redaction@" | "zombie",
    /// "example." | "fr/lettres"), reads as its last character and a soft hyphen, which readers
    /// join the lines at; a line ending with an added hyphen reads that one soft hyphen only,
    /// and a line ending at a space none.
    func testALineBrokenInsideAnAddressReadsWithASoftHyphenAfterItsLastCharacter() throws {
        let setter = try framesetter("Write to redaction@zombie-typographe.example.fr or read " +
            "https://zombie-typographe.example.fr/lettres/chroniques?numero=12&page=3 for the unconventionally " +
            "extraordinary chronicles of the undead typographer.")
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 70, height: 2000)), from: 0)
        var clusters = RunTextClusters()
        var insideAddress = 0
        for line in frame.lines {
            let wordBreak = line.wordBrokenAfter(in: setter.text)
            let lineText = String(decoding: setter.text.storage[line.stringRange], as: UTF16.self)
            var read = ""
            for run in line.runs where !run.glyphIDs.isEmpty {
                clusters.fill(for: run, text: setter.text, initial: nil, wordBreak: wordBreak)
                read += String(decoding: clusters.utf8, as: UTF8.self)
                assertClustersTile(clusters, glyphs: run.glyphIDs.count)
            }
            XCTAssertFalse(read.contains("\u{AD}\u{AD}"), read)
            if let wordBreak {
                let last = try XCTUnwrap(lineText.unicodeScalars.last)
                XCTAssertEqual(wordBreak, line.stringRange.upperBound - 1)
                XCTAssertTrue(read.hasSuffix(String(last) + "\u{AD}"), read)
                if "/.@".unicodeScalars.contains(last) { insideAddress += 1 }
            } else if !line.endsParagraph, lineText.last?.isWhitespace == true {
                XCTAssertFalse(read.contains("\u{AD}"), read)
            }
        }
        XCTAssertGreaterThan(insideAddress, 1, "the addresses break after / . or @")
    }

    /// Chinese breaks between any two characters with nothing to join: no soft hyphen there.
    func testABreakBetweenIdeographsIsNoWordBroken() throws {
        let setter = try framesetter("能就需要借助于或者深入研究一下排版引擎的工作原理能就需要借助于或者深入研究一下")
        let frame = setter.frame(in: Container(rect: Rect(x: 0, y: 0, width: 60, height: 2000)), from: 0)
        XCTAssertGreaterThan(frame.lines.count, 1)
        XCTAssertTrue(frame.lines.allSatisfy { $0.wordBrokenAfter(in: setter.text) == nil })
    }

    func testRightToLeftRunsGiveTheirCharacters() throws {
        // Hebrew with its points (marks after their base) and Arabic with a lam-alef ligature.
        let (runs, text) = try runs(of: "שָׁלוֹם עֲלֵיכֶם السلام عليكم لا", width: 400)
        XCTAssertTrue(runs.contains(where: \.isRightToLeft))
        var clusters = RunTextClusters()
        for run in runs where run.isRightToLeft {
            clusters.fill(for: run, text: text, initial: nil)
            // Clusters go in visual order, each one's characters backwards: the same characters.
            let given = String(decoding: clusters.utf8, as: UTF8.self).unicodeScalars.map(\.value).sorted()
            let own = String(decoding: text.storage[run.stringRange], as: UTF16.self).unicodeScalars.map(\.value).sorted()
            XCTAssertEqual(given, own)
            assertClustersTile(clusters, glyphs: run.glyphIDs.count)
        }
    }

    func testRefillingKeepsNothingOfTheRunBefore() throws {
        let (runs, text) = try runs(of: "A first line of words, then a second line of other words.", width: 120)
        XCTAssertGreaterThan(runs.count, 1)
        var reused = RunTextClusters()
        for run in runs {
            reused.fill(for: run, text: text, initial: nil)
            var fresh = RunTextClusters()
            fresh.fill(for: run, text: text, initial: nil)
            XCTAssertEqual(reused.utf8, fresh.utf8)
            XCTAssertEqual(reused.clusters.map(\.num_bytes), fresh.clusters.map(\.num_bytes))
            XCTAssertEqual(reused.clusters.map(\.num_glyphs), fresh.clusters.map(\.num_glyphs))
        }
    }
}
