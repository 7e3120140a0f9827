import Breaking
import Text
import Foundation
import XCTest

/// HyphenationDictionary against libhyphen: every installed pattern file hyphenates the words
/// of `Fixtures/hyphenation/` exactly as libhyphen did when it wrote them (make-reference.py),
/// and damaged files load without a crash or a hang.
final class HyphenationDictionaryTests: XCTestCase {
    private var referenceDirectory: URL { TestSupport.repositoryRoot.appendingPathComponent("Fixtures/hyphenation") }

    private func references() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: referenceDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "txt" }.sorted { $0.path < $1.path }
    }

    /// `word` with a `=` after each break.
    private func marked(_ word: String, _ breaks: [Int]) -> String {
        var result = ""
        for (index, scalar) in word.unicodeScalars.enumerated() {
            result.unicodeScalars.append(scalar)
            if breaks.contains(index + 1) { result += "=" }
        }
        return result
    }

    func testEveryInstalledDictionaryBreaksWordsAsLibhyphen() throws {
        let files = try references()
        XCTAssertEqual(files.map { $0.deletingPathExtension().lastPathComponent },
                       ["hyph_de_DE", "hyph_en_GB", "hyph_en_US", "hyph_es_ES", "hyph_fr", "hyph_it_IT", "hyph_nl_NL", "hyph_pt_PT", "hyph_ru_RU"])
        for reference in files {
            let name = reference.deletingPathExtension().lastPathComponent
            let path = "\(Hyphenator.dictionaryDirectory)/\(name).dic"
            let dictionary = try XCTUnwrap(HyphenationDictionary.load(path), "\(path) is not installed")
            let expected = try String(contentsOf: reference, encoding: .utf8).split(separator: "\n").map(String.init)
            XCTAssertGreaterThan(expected.count, 1000, name)
            var differences: [String] = []
            for line in expected {
                let word = line.replacingOccurrences(of: "=", with: "")
                let found = marked(word, try XCTUnwrap(dictionary.breaks(in: word), word))
                if found != line { differences.append("\(found) (libhyphen: \(line))") }
            }
            XCTAssertEqual(differences.count, 0, "\(name): \(differences.prefix(10).joined(separator: ", "))")
            XCTAssertTrue(expected.contains { $0.contains("=") }, name)
        }
    }

    /// The documents of a batch run on several threads: each file is loaded once, and the one
    /// dictionary answers every thread alike.
    func testThreadsShareOneDictionary() throws {
        // A copy no other test has loaded: the threads race to load it first.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hyph_nl_\(UUID().uuidString).dic").path
        try FileManager.default.copyItem(atPath: "\(Hyphenator.dictionaryDirectory)/hyph_nl_NL.dic", toPath: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let words = try String(contentsOf: referenceDirectory.appendingPathComponent("hyph_nl_NL.txt"), encoding: .utf8)
            .split(separator: "\n").map { $0.replacingOccurrences(of: "=", with: "") }
        let lock = NSLock()
        var loaded: [ObjectIdentifier] = []
        var answers: [[[Int]?]] = []
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            guard let dictionary = HyphenationDictionary.load(path) else { return }
            let found = words.map { dictionary.breaks(in: $0) }
            lock.lock()
            loaded.append(ObjectIdentifier(dictionary))
            answers.append(found)
            lock.unlock()
        }
        XCTAssertEqual(loaded.count, 8)
        XCTAssertEqual(Set(loaded).count, 1)
        XCTAssertTrue(answers.allSatisfy { $0 == answers[0] })
        XCTAssertTrue(answers[0].contains { !($0 ?? []).isEmpty })
    }

    /// libhyphen's automaton applies, after each letter, only the longest run ending there that
    /// begins some pattern: in "xab", "xab" begins "xab2c", so "a1b" is not applied.
    func testOnlyTheLongestRunEndingAtALetterCounts() {
        let dictionary = HyphenationDictionary(bytes: Array("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\na1b\nxab2c\n".utf8))
        XCTAssertEqual(dictionary.breaks(in: "ab"), [1])
        XCTAssertEqual(dictionary.breaks(in: "yab"), [2])
        XCTAssertEqual(dictionary.breaks(in: "xab"), [])
        XCTAssertEqual(dictionary.breaks(in: "xabc"), [])
    }

    func testALaterPatternWithTheSameLettersReplacesTheEarlier() {
        let dictionary = HyphenationDictionary(bytes: Array("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\na1b\na2b\nc1d\n".utf8))
        XCTAssertEqual(dictionary.breaks(in: "ab"), [])
        XCTAssertEqual(dictionary.breaks(in: "cd"), [1])
    }

    func testAnEightBitDictionaryCannotSpellEveryWord() {
        let dictionary = HyphenationDictionary(bytes: Array("ISO8859-1\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\nb1c\n".utf8))
        XCTAssertFalse(dictionary.isUTF8)
        XCTAssertEqual(dictionary.breaks(in: "äbc"), [2])
        XCTAssertNil(dictionary.breaks(in: "žbc"))
    }

    /// Truncated, garbled, empty or absurd files load as some dictionary, quickly, and a
    /// Hyphenator over them answers within the word; a file that cannot be read is none.
    func testDamagedFilesLoadWithoutCrashingOrHanging() throws {
        try withTemporaryDictionaryDirectory { directory, installed in
            let german = try XCTUnwrap(FileManager.default.contents(atPath: "\(installed)/hyph_de_DE.dic"))
            var generator = SystemRandomNumberGenerator()
            var files: [String: Data] = [
                "aa": german.prefix(german.count / 2),                       // cut inside the compound level
                "ab": german.prefix(german.count - 1000),                    // cut inside the word level
                "ac": Data(),
                "ad": Data("UTF-8".utf8),
                "ae": Data(("UTF-8\n" + String(repeating: "a1b2c", count: 5000) + "\n").utf8),
                "af": Data("UTF-8\nNEXTLEVEL\nNEXTLEVEL\nNEXTLEVEL\n1\n.\n9.9\nNOHYPHEN\nNOHYPHEN ,,,\n".utf8),
                "ag": Data("UTF-8\nLEFTHYPHENMIN 300\nRIGHTHYPHENMIN -7\nCOMPOUNDLEFTHYPHENMIN 99999999999\na1b\n".utf8),
                "ah": Data("UTF-8\n\u{0}a1b\na\u{0}1b\n\u{FF}\u{FE}1\n".utf8),
            ]
            files["ai"] = Data((0 ..< 200_000).map { _ in UInt8.random(in: 0 ... 255, using: &generator) })
            files["aj"] = Data("UTF-8\n".utf8) + Data((0 ..< 200_000).map { _ in [UInt8(ascii: "a"), UInt8(ascii: "1"), 0xC3, 0xA9, 10, 9][Int.random(in: 0 ..< 6, using: &generator)] })
            for (code, data) in files {
                try data.write(to: directory.appendingPathComponent("hyph_\(code).dic"))
                let hyphenator = try XCTUnwrap(Hyphenator(language: code), code)
                for word in ["Silbentrennung", "ab", "abcabcabcabc", "éléphant", "rock'n'roll", String(repeating: "ab", count: 32)] {
                    let count = word.utf16.count
                    let points = hyphenator.hyphenationPoints(in: Array(word.utf16), rules: HyphenationRules(minimumWord: 1, minimumBefore: 1, minimumAfter: 1))
                    XCTAssertTrue(points.allSatisfy { $0 > 0 && $0 < count }, "\(code) \(word): \(points)")
                }
            }
            // A folder where a file should be cannot be read.
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("hyph_ak.dic"), withIntermediateDirectories: false)
            XCTAssertNil(Hyphenator(language: "ak"))
        }
    }
}
