@testable import Breaking
import Foundation
import Text
import XCTest

/// The built tables a process stores and the next one reads instead of parsing a dictionary:
/// read back they hyphenate as the file does, and a table that is not the file's own, or is
/// damaged, is not used but written again.
final class HyphenationTableCacheTests: XCTestCase {
    private var folder: URL!
    private var storedDirectory: String?

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hyphenation-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        storedDirectory = HyphenationTableCache.directory
        HyphenationTableCache.directory = folder.appendingPathComponent("tables").path
    }

    override func tearDownWithError() throws {
        HyphenationTableCache.directory = storedDirectory
        try? FileManager.default.removeItem(at: folder)
    }

    private var tables: [URL] {
        let directory = URL(fileURLWithPath: HyphenationTableCache.directory!)
        return ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .sorted { $0.path < $1.path }
    }

    /// The dictionary in `bytes` loaded from a path no earlier load used (the process keeps
    /// each path's dictionary), so that it goes through the tables.
    private func loadCopy(_ bytes: Data) throws -> HyphenationDictionary {
        let path = folder.appendingPathComponent("hyph_\(UUID().uuidString).dic")
        try bytes.write(to: path)
        return try XCTUnwrap(HyphenationDictionary.load(path.path))
    }

    private func inode(_ url: URL) throws -> Int {
        try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int)
    }

    private func referenceWords(_ name: String) throws -> [String] {
        let reference = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/hyphenation/\(name).txt")
        return try String(contentsOf: reference, encoding: .utf8).split(separator: "\n")
            .map { $0.replacingOccurrences(of: "=", with: "") }
    }

    /// English (UTF-8, no compound level), German (ISO 8859-1, two levels) and Russian
    /// (KOI8-R): the table written by the first load and read by the second gives every word
    /// of the references the breaks the file itself gives.
    func testATableReadBackHyphenatesAsTheFile() throws {
        for name in ["hyph_en_US", "hyph_de_DE", "hyph_ru_RU"] {
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: "\(Hyphenator.dictionaryDirectory)/\(name).dic"), name)
            let parsed = HyphenationDictionary(bytes: Array(bytes))
            let before = Set(tables)
            _ = try loadCopy(bytes)
            let table = try XCTUnwrap(tables.first { !before.contains($0) }, name)
            let written = try inode(table)
            let read = try loadCopy(bytes)
            // Read, not parsed and written again: the file is the one the first load renamed into place.
            XCTAssertEqual(try inode(table), written, name)
            XCTAssertEqual(read.isUTF8, parsed.isUTF8, name)
            let words = try referenceWords(name)
            XCTAssertGreaterThan(words.count, 1000, name)
            for word in words { XCTAssertEqual(read.breaks(in: word), parsed.breaks(in: word), "\(name): \(word)") }
        }
        XCTAssertEqual(tables.count, 3)
    }

    /// A file's hash read in pieces (`hashOfFile`, which finds a table without holding the
    /// file) is the hash of its bytes taken whole (which names the table stored from them),
    /// across the pieces' edges and with a tail short of a word.
    func testAFilesHashReadInPiecesIsTheHashOfItsBytes() throws {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 5, 8, 65_536, 65_536 + 13, 200_003] {
            let bytes = (0 ..< length).map { _ in UInt8.random(in: 0 ... 255, using: &generator) }
            let path = folder.appendingPathComponent("source-\(length)").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let before = Set(tables)
            _ = bytes.withUnsafeBytes { HyphenationTableCache.dictionaryFile(for: $0) }
            let table = try XCTUnwrap(tables.first { !before.contains($0) }, "\(length)")
            let descriptor = open(path, O_RDONLY)
            defer { close(descriptor) }
            let hash = try XCTUnwrap(HyphenationTableCache.hashOfFile(descriptor, length: length), "\(length)")
            XCTAssertEqual(table.lastPathComponent, "\(String(hash, radix: 16))-\(length).table")
            XCTAssertNotNil(HyphenationTableCache.storedDictionaryFile(sourceHash: hash, sourceLength: length), "\(length)")
        }
    }

    /// A file that is not as long as it was said to be has no hash: no table is looked up by it.
    func testAFileShorterThanItsLengthHasNoHash() throws {
        let path = folder.appendingPathComponent("short").path
        try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        XCTAssertNil(HyphenationTableCache.hashOfFile(descriptor, length: 101))
    }

    /// A table cut short, with a byte changed, of another format version or of other source
    /// bytes under this file's name is not used: the file is parsed, and its table written again.
    func testADamagedTableIsWrittenAgain() throws {
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: "\(Hyphenator.dictionaryDirectory)/hyph_fr.dic"))
        let parsed = HyphenationDictionary(bytes: Array(bytes))
        _ = try loadCopy(bytes)
        let table = try XCTUnwrap(tables.first)
        let good = try Data(contentsOf: table)
        let magicLength = "typeset hyphenation table".utf8.count
        var damaged: [String: Data] = [
            "cut": good.prefix(good.count - 5),
            "empty": Data(),
            "longer": good + Data([0]),
        ]
        for (name, offset) in [("version", magicLength), ("source length", magicLength + 4),
                               ("source hash", magicLength + 12), ("body", good.count / 2), ("last byte", good.count - 1)] {
            var changed = good
            changed[offset] ^= 0x01
            damaged[name] = changed
        }
        for (name, data) in damaged {
            try data.write(to: table)
            let loaded = try loadCopy(bytes)
            XCTAssertEqual(try Data(contentsOf: table), good, name)
            for word in ["césure", "équipement", "typographie", "anticonstitutionnellement"] {
                XCTAssertEqual(loaded.breaks(in: word), parsed.breaks(in: word), "\(name): \(word)")
            }
        }
    }

    /// Two dictionaries of the same length get a table each.
    func testADictionaryThatChangedGetsItsOwnTable() throws {
        let first = Data("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\na1b\n".utf8)
        let second = Data("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\nb1c\n".utf8)
        XCTAssertEqual(try loadCopy(first).breaks(in: "abc"), [1])
        XCTAssertEqual(try loadCopy(second).breaks(in: "abc"), [2])
        XCTAssertEqual(tables.count, 2)
        XCTAssertEqual(try loadCopy(first).breaks(in: "abc"), [1])
        XCTAssertEqual(try loadCopy(second).breaks(in: "abc"), [2])
    }

    /// A link planted where a table is written beside its name (the old `NAME.PID.tmp`) is not
    /// written through: the temporary is a new file of a unique name, and none is left.
    func testATableIsNotWrittenThroughAPlantedLink() throws {
        let source = Data("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\nx1y\n".utf8)
        let hash = source.withUnsafeBytes { ContentHash.of($0) }
        let tables = folder.appendingPathComponent("tables")
        try FileManager.default.createDirectory(at: tables, withIntermediateDirectories: true)
        let victim = folder.appendingPathComponent("victim")
        try Data("keep me".utf8).write(to: victim)
        let tablePath = tables.appendingPathComponent("\(String(hash, radix: 16))-\(source.count).table").path
        try FileManager.default.createSymbolicLink(atPath: "\(tablePath).\(getpid()).tmp", withDestinationPath: victim.path)
        XCTAssertEqual(try loadCopy(source).breaks(in: "xy"), [1])
        XCTAssertEqual(try Data(contentsOf: victim), Data("keep me".utf8))
        XCTAssertNotNil(HyphenationTableCache.storedDictionaryFile(sourceHash: hash, sourceLength: source.count))
        let left = try FileManager.default.contentsOfDirectory(atPath: tables.path).filter { !$0.hasSuffix(".table") && !$0.hasSuffix(".tmp") }
        XCTAssertEqual(left, [], "a temporary left behind")
    }

    /// No folder, no tables: the file is parsed each time.
    func testWithoutAFolderNothingIsWritten() throws {
        HyphenationTableCache.directory = nil
        XCTAssertEqual(try loadCopy(Data("UTF-8\nLEFTHYPHENMIN 1\nRIGHTHYPHENMIN 1\na1b\n".utf8)).breaks(in: "ab"), [1])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("tables").path))
    }

    /// Stored arrays whose indices point outside what they index are refused, so that no
    /// stored bytes can make a look-up read out of bounds.
    func testArraysThatDoNotFitTogetherAreRefused() throws {
        var table = HyphenationPatternTable()
        for pattern in ["a1b", ".ex3am", "2bc"] {
            Array(pattern.utf8).withUnsafeBufferPointer { table.append(line: $0) }
        }
        table.finish()
        let good = table.storedForm
        XCTAssertNotNil(HyphenationPatternTable(storedForm: good))
        var broken: [String: HyphenationPatternTable.StoredForm] = [:]
        broken["a letter start past the letters"] = { var form = good; form.letterStarts[1] = 1000; return form }()
        broken["letters one short"] = { var form = good; form.letters.removeLast(); return form }()
        broken["letter starts falling"] = { var form = good; form.letterStarts.swapAt(1, 2); return form }()
        broken["a digit start past the digits"] = { var form = good; form.digitStarts[form.digitStarts.count - 1] += 1; return form }()
        broken["digit starts for fewer patterns"] = { var form = good; form.digitStarts.removeLast(); return form }()
        broken["a sorted pattern that is not there"] = { var form = good; form.sorted[0] = 3; return form }()
        broken["more sorted patterns than patterns"] = { var form = good; form.sorted.append(0); return form }()
        broken["a first letter's range past the sorted"] = { var form = good; form.firstLetterStarts[256] = 4; return form }()
        broken["a first letter's range not from 0"] = { var form = good; form.firstLetterStarts[0] = 1; return form }()
        broken["no first-letter index"] = { var form = good; form.firstLetterStarts = []; return form }()
        broken["a second letter's row that is not there"] = { var form = good; form.secondLetterRows[Int(UInt8(ascii: "a"))] = 99; return form }()
        broken["a second letter's range past the sorted"] = { var form = good; form.secondLetterStarts[0] = 4; return form }()
        broken["second-letter rows cut short"] = { var form = good; form.secondLetterStarts.removeLast(); return form }()
        broken["no second-letter rows"] = { var form = good; form.secondLetterRows = []; return form }()
        broken["no letter starts"] = { var form = good; form.letterStarts = []; form.digitStarts = []; return form }()
        for (name, form) in broken { XCTAssertNil(HyphenationPatternTable(storedForm: form), name) }
    }
}
