import Foundation
import Markup
@testable import TypesetKit
import XCTest

/// The reader matrix (issue 35): every fixture document, and the mixed-script documents of
/// `Fixtures/reader-matrix/`, typeset into PDFs and read back by five independent readers in
/// their own content order — poppler, MuPDF, pdfium, pypdf and pdfminer.six — through
/// `Tests/reader-matrix/reader_matrix.py`, which says each one's share of the source's words
/// found in order (its header defines "word" and "in order"). Each share must be 99.5 % or
/// more; a (document, reader) pair still short of it is listed with the share it had and its
/// cause in `Fixtures/reader-matrix/awaiting-fixes.txt`, and must not fall below that share nor
/// stay listed once it reaches 99.5 %. Every file is `qpdf --check` clean.
///
/// The PyPI readers are test-only tools, installed by `make deps` into `.build/reader-tools`
/// (Debian's Python); without one, or without poppler's or MuPDF's tools, the test skips and
/// says which is missing.
final class ReaderMatrixTests: XCTestCase {
    private static let python = "/usr/bin/python3"
    private static let root = TestSupport.repositoryRoot
    private static let script = root.appendingPathComponent("Tests/reader-matrix/reader_matrix.py").path
    /// Where `make deps` installs the PyPI readers (`--target`), put on the script's PYTHONPATH.
    private static let readerTools = root.appendingPathComponent(".build/reader-tools").path
    private static let matrixFolder = root.appendingPathComponent("Fixtures/reader-matrix")
    /// What each reader must find.
    private static let goal = 0.995
    /// Folders of `Fixtures/` that hold no document to typeset: fuzzers' inputs, hyphenation
    /// word lists, pictures.
    /// (`designer-pages-2`: an included article, a page set with options of its own; kept out for CI's time.
    /// `designer-pages-3`, `designer-pages-10`, `designer-pages-12`, `designer-pages-floats`, `designer-pages-notes-rows`: shrunk pages set beside the zombie
    /// fixture's pictures, as the layout fuzzer's are.)
    private static let foldersWithoutDocuments: Set = ["designer-pages-2", "designer-pages-3", "designer-pages-10", "designer-pages-12", "designer-pages-floats", "designer-pages-notes-rows",
                                                       "fuzz", "hyphenation", "images", "layout-fuzz"]

    func testEveryReaderFindsTheSourcesWordsInOrder() throws {
        let awaited = try AwaitedShares(file: Self.matrixFolder.appendingPathComponent("awaiting-fixes.txt"))
        // READER_MATRIX_KEEP=FOLDER keeps the PDFs and source texts there, to read by hand.
        let folder = try ProcessInfo.processInfo.environment["READER_MATRIX_KEEP"].map { path in
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return URL(fileURLWithPath: path)
        } ?? makeTemporaryDirectory()
        let documents = try Self.documents()
        var readings: [(name: String, source: URL, pdf: URL)] = []
        // A document is named by its file, or by its folder and file where two share a name.
        let baseNames = documents.map { $0.deletingPathExtension().lastPathComponent }
        for document in documents {
            var name = document.deletingPathExtension().lastPathComponent
            if baseNames.filter({ $0 == name }).count > 1 { name = document.deletingLastPathComponent().lastPathComponent + "-" + name }
            let pdf = folder.appendingPathComponent("\(name).pdf"), source = folder.appendingPathComponent("\(name).source.txt")
            var options = TypesetOptions()
            options.fontsDirectory = TestSupport.fontsDirectory
            // The text the PDF is set from, prepared once: page references and a contents
            // list hold the numbers they print, not the first setting's stand-ins.
            let typesetter = Typesetter(options: options)
            let prepared = try typesetter.prepare(fileAt: document.path)
            try write(Self.sourceText(of: prepared), to: source)
            _ = try typesetter.write(prepared, to: pdf.path, documentPath: document.path)
            readings.append((name, source, pdf))
        }
        // The readers of two documents at a time: pdfminer.six alone reads the zombie fixture in
        // some ten seconds.
        let results = LockedBox<[String: Result<ReaderMatrixReport, Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: readings.count) { index in
            let reading = readings[index]
            let report = Result { try Self.read(source: reading.source, pdf: reading.pdf) }
            results.withLock { $0[reading.name] = report }
        }
        var unseen = Set(awaited.entries.keys)
        var table = ["document | " + ReaderMatrixReport.readers.joined(separator: " | ")]
        for reading in readings {
            let report = try XCTUnwrap(results.withLock { $0[reading.name] }).get()
            if let missing = report.missing.first { throw XCTSkip("\(missing) is not installed; make deps installs the reader matrix's tools") }
            table.append(reading.name + " | " + ReaderMatrixReport.readers.map { String(format: "%.1f %%", 100 * report.shares[$0, default: 0]) }.joined(separator: " | "))
            for reader in ReaderMatrixReport.readers {
                let share = report.shares[reader, default: 0], key = AwaitedShares.Key(document: reading.name, reader: reader)
                unseen.remove(key)
                let lost = report.lost[reader, default: []].prefix(12).joined(separator: " ")
                if let floor = awaited.entries[key] {
                    XCTAssertLessThan(share, Self.goal, "\(reading.name), \(reader): \(percent(share)) reaches the goal; take it off awaiting-fixes.txt")
                    XCTAssertGreaterThanOrEqual(share, floor, "\(reading.name), \(reader): \(percent(share)), below the \(percent(floor)) awaiting-fixes.txt allows; lost: \(lost)")
                } else {
                    XCTAssertGreaterThanOrEqual(share, Self.goal, "\(reading.name), \(reader): \(percent(share)) of the source's words in order; lost: \(lost)")
                }
            }
            XCTAssertEqual(report.qpdfProblems, [], "\(reading.name): qpdf --check")
        }
        XCTAssertEqual(unseen, [], "awaiting-fixes.txt lists documents or readers the matrix has not")
        print(table.joined(separator: "\n"))
    }

    /// The documents: every `Fixtures/NAME/*.txt` but those of `foldersWithoutDocuments`, and
    /// the reader matrix's own (every `.txt` there but its list).
    private static func documents() throws -> [URL] {
        let fixtures = root.appendingPathComponent("Fixtures")
        var documents: [URL] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted() where !foldersWithoutDocuments.contains(folder) {
            let url = fixtures.appendingPathComponent(folder)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { continue }
            for file in files.sorted() where file.hasSuffix(".txt") && file != "awaiting-fixes.txt" {
                documents.append(url.appendingPathComponent(file))
            }
        }
        return documents
    }

    /// What the pages should say: the prepared document's text without its pictures' object
    /// replacement characters.
    private static func sourceText(of prepared: PreparedDocument) -> String {
        prepared.text.string.replacingOccurrences(of: "\u{FFFC}", with: " ")
    }

    private static func read(source: URL, pdf: URL) throws -> ReaderMatrixReport {
        guard FileManager.default.isExecutableFile(atPath: python) else { return ReaderMatrixReport(missing: ["Debian's python3"]) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, "--json", "--show-losses", "40", source.path, pdf.path]
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = readerTools
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard [0, 3].contains(process.terminationStatus) else {
            throw ReaderMatrixFailure(message: "the reader matrix failed on \(pdf.lastPathComponent): \(errorText)")
        }
        return try ReaderMatrixReport(json: bytes)
    }

    private func percent(_ share: Double) -> String { String(format: "%.2f %%", 100 * share) }
}

private struct ReaderMatrixFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// What `reader_matrix.py --json` says of one PDF.
private struct ReaderMatrixReport {
    static let readers = ["poppler", "mupdf", "pdfium", "pypdf", "pdfminer.six"]
    var shares: [String: Double] = [:]
    var lost: [String: [String]] = [:]
    /// The tools not installed, as the script names them.
    var missing: [String] = []
    var qpdfProblems: [String] = []

    init(missing: [String]) {
        self.missing = missing
    }

    init(json: Data) throws {
        guard let report = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let readers = report["readers"] as? [String: [String: Any]] else {
            throw ReaderMatrixFailure(message: "the reader matrix printed no report: \(String(decoding: json, as: UTF8.self))")
        }
        for (reader, result) in readers {
            if let package = result["missing"] as? String { missing.append(package) }
            shares[reader] = result["share"] as? Double
            lost[reader] = result["lost"] as? [String]
        }
        let qpdf = report["qpdf"] as? [String: Any]
        if let package = qpdf?["missing"] as? String { missing.append(package) }
        qpdfProblems = qpdf?["problems"] as? [String] ?? []
    }
}

/// `Fixtures/reader-matrix/awaiting-fixes.txt`: per line a document, a reader and the share of
/// the source's words it found in order when listed (the floor it must not fall below), then
/// the cause after `#`. Blank lines and lines starting with `#` say nothing.
private struct AwaitedShares {
    struct Key: Hashable {
        var document: String
        var reader: String
    }

    private(set) var entries: [Key: Double] = [:]

    init(file: URL) throws {
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].split(separator: " ")
            guard !fields.isEmpty else { continue }
            guard fields.count == 3, let share = Double(fields[2].replacingOccurrences(of: "%", with: "")) else {
                throw ReaderMatrixFailure(message: "awaiting-fixes.txt: \"\(line)\" is not DOCUMENT READER SHARE% # CAUSE")
            }
            entries[Key(document: String(fields[0]), reader: String(fields[1]))] = share / 100
        }
    }
}
