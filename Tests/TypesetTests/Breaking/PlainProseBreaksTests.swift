@testable import Breaking
import Foundation
import Text
import XCTest

/// The shortcut for plain English prose must give exactly ICU's opportunities wherever it
/// answers: checked on every verse of the King James Bible (the bench's book), on every line of
/// the fixtures, and on random strings of the characters it reads.
final class PlainProseBreaksTests: XCTestCase {
    /// Debian's `bible-kjv` (`make deps` installs it), as bench/lib.sh sets the book.
    private static let biblePackage = "bible-kjv"
    private static let bibleCommand = "/usr/bin/bible"

    /// Asserts that the shortcut agrees with ICU on `text`; whether it answered at all.
    @discardableResult
    private func checkAgainstICU(_ text: [UInt16], _ label: @autoclosure () -> String,
                                 file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard let plain = text.withUnsafeBufferPointer({ PlainProseBreaks.find(in: $0) }) else { return false }
        let icu = BreakOpportunities.findWithICU(in: TextUnitSlice(text), locale: "en")
        // Asserted only when they differ: an assertion a line was most of the test's time.
        if plain != icu { XCTAssertEqual(plain, icu, label(), file: file, line: line) }
        return true
    }

    private func lines(of data: Data) -> [[UInt16]] {
        String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf16) }
    }

    func testEveryVerseOfTheKingJamesBible() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.bibleCommand) else {
            return XCTFail("\(Self.bibleCommand) is missing: install Debian's \(Self.biblePackage) package (make deps does)")
        }
        let bible = Process()
        bible.executableURL = URL(fileURLWithPath: Self.bibleCommand)
        bible.arguments = ["-l100000", "Gen1:1-Rev22:21"]
        let output = Pipe()
        bible.standardOutput = output
        try bible.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        bible.waitUntilExit()
        let verses = lines(of: data).map { Array($0.drop { $0 == 0x20 }) }
        XCTAssertGreaterThan(verses.count, 31_000)
        var answered = 0
        for (number, verse) in verses.enumerated() where checkAgainstICU(verse, "line \(number + 1)") { answered += 1 }
        // Most verses are plain prose: the shortcut is what the book's layout takes.
        XCTAssertGreaterThan(answered, verses.count * 3 / 4)
    }

    func testEveryLineOfTheFixtures() throws {
        let fixtures = TestSupport.repositoryRoot.appendingPathComponent("Fixtures")
        let files = FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "txt" }
        XCTAssertFalse(files.isEmpty)
        var answered = 0
        for file in files {
            for (number, line) in lines(of: try Data(contentsOf: file)).enumerated()
            where checkAgainstICU(line, "\(file.lastPathComponent):\(number + 1)") {
                answered += 1
            }
        }
        XCTAssertGreaterThan(answered, 100)
    }

    func testRandomStringsOfItsCharacters() {
        // Its letters, digits, apostrophes, spaces, marks and hyphens, in every arrangement, and
        // a few characters it leaves to ICU (a parenthesis, a tab, a no-break space, é, ’).
        let alphabet = Array("aZ09'  ,.:;?!-".utf16) + Array(")\t\u{A0}é\u{2019}".utf16)
        var random = SplitMix(seed: 17)
        var answered = 0, joined = 0
        for _ in 0 ..< 20_000 {
            let length = Int(random.next() % 12)
            let choices = random.next() % 2 == 0 ? alphabet.count - 5 : alphabet.count
            let text = (0 ..< length).map { _ in alphabet[Int(random.next() % UInt64(choices))] }
            guard checkAgainstICU(text, String(decoding: text, as: UTF16.self).debugDescription) else { continue }
            answered += 1
            if Self.holdsAJoint(text) { joined += 1 }
        }
        XCTAssertGreaterThan(answered, 1_000)
        // Words joined by a mark or a hyphen are answered too, not only left to ICU.
        XCTAssertGreaterThan(joined, 200)
    }

    /// Whether a mark or a hyphen stands between two units of a word (`1:1`, `A-1`).
    private static func holdsAJoint(_ text: [UInt16]) -> Bool {
        let joints = Set(",.:;-".utf16)
        return text.indices.dropFirst().dropLast().contains { joints.contains(text[$0]) && text[$0 - 1] != 0x20 && text[$0 + 1] != 0x20 }
    }

    /// The catalogue's lines (bench/catalogue.py: part number, kind, quality, price) and the
    /// book's references (`Ge1:1`), made here as those scripts make them.
    func testPartNumbersPricesAndReferences() {
        var random = SplitMix(seed: 39)
        func digits(_ count: Int) -> String { String((0 ..< count).map { _ in Character(String(random.next() % 10)) }) }
        var lines: [String] = []
        for _ in 0 ..< 2_000 {
            let letters = String((0 ..< 3).map { _ in Character(UnicodeScalar(UInt8(65 + random.next() % 26))) })
            lines.append("\(letters)-\(digits(5))-\(digits(4)) bolt hex \(digits(1 + Int(random.next() % 4))).\(digits(2))")
            lines.append("Ge\(1 + random.next() % 50):\(1 + random.next() % 40) And God said, Let there be light: and it was so.")
        }
        for line in lines {
            XCTAssertTrue(checkAgainstICU(Array(line.utf16), line), "left to ICU: \(line)")
        }
    }

    func testWhatItAnswers() {
        func offsets(_ string: String) -> [Int]? {
            Array(string.utf16).withUnsafeBufferPointer { PlainProseBreaks.find(in: $0) }?.offsets
        }
        XCTAssertEqual(offsets("In the beginning God created the heaven and the earth."), [3, 7, 17, 21, 29, 33, 40, 44, 48, 54])
        XCTAssertEqual(offsets("  two  spaces  "), [2, 7, 15])
        XCTAssertEqual(offsets("   "), [3])
        XCTAssertEqual(offsets("Why? Because: 12, 13; and so!"), [5, 14, 18, 22, 26, 29])
        XCTAssertEqual(offsets("the LORD's house, 'twas Moses' rod."), [4, 11, 18, 24, 31, 35])
        // A mark after a space or another mark, or a word right after a mark: ICU's to answer.
        XCTAssertNil(offsets("word ."))
        XCTAssertNil(offsets("what?!"))
        XCTAssertEqual(offsets("Ge3:16 the 2,000.50 KXB-30417-5521, pin."), [7, 11, 20, 36, 40])
        XCTAssertNil(offsets("3:-16"))
        XCTAssertNil(offsets("well-known"))
        XCTAssertNil(offsets("A--1"))
        XCTAssertNil(offsets(", word"))
        XCTAssertNil(offsets("state-of-the-art"))
        XCTAssertNil(offsets(""))
    }

    func testOnlyEnglishTakesTheShortcut() {
        XCTAssertTrue(PlainProseBreaks.applies(to: "en"))
        XCTAssertTrue(PlainProseBreaks.applies(to: "en-GB"))
        XCTAssertTrue(PlainProseBreaks.applies(to: "en_US"))
        XCTAssertFalse(PlainProseBreaks.applies(to: "eng"))
        XCTAssertFalse(PlainProseBreaks.applies(to: "de"))
        XCTAssertFalse(PlainProseBreaks.applies(to: ""))
        // Another language's answer is ICU's, whatever the text.
        let text = Array("Ein Satz, und noch einer.".utf16)
        XCTAssertEqual(BreakOpportunities.find(in: TextUnitSlice(text), locale: "de"), BreakOpportunities.findWithICU(in: TextUnitSlice(text), locale: "de"))
    }
}
