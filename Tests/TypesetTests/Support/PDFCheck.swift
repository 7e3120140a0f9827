import Foundation
import XCTest

/// Every PDF a test makes is read by `qpdf --check`: the files left in a test's temporary
/// folders when it ends (`makeTemporaryDirectory`) and the PDFs the executable writes to standard
/// output (`TypesetProcess`). A file is a PDF by its first bytes, not its name, so a stand-in
/// such as "old contents" under `out.pdf` is not taken for one. A file that claims PDF/UA
/// (`--pdf-standard ua1`) is read by an independent PDF/UA checker too, `pdfua check` (PyPI,
/// installed by `make deps` with the reader matrix's tools), which must find nothing; without
/// it installed, that check is left out.
enum PDFCheck {
    static let qpdf = "/usr/bin/qpdf"
    private static let magic = Data("%PDF-".utf8)

    /// qpdf's report on `path` when it finds errors or warnings (its exit status is 0 only when it
    /// finds neither), nil for a clean file.
    static func problems(inPDFAt path: String) -> String? {
        guard FileManager.default.isExecutableFile(atPath: qpdf) else {
            // `make test` installs qpdf; without it the check could not fail, so it fails instead.
            return "\(qpdf) is not installed (make deps installs it)"
        }
        let (status, report) = run(qpdf, ["--check", path])
        return status == 0 ? nil : report
    }

    /// Runs `tool` with `arguments` (and `environment` added to the test's), its output and
    /// errors read together; a tool that does not start has status -1 and says why.
    private static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "\(tool) did not start: \(error)") }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Where `make deps` installs the PyPI tools, `pdfua` among them.
    static let pyPITools = TestSupport.repositoryRoot.appendingPathComponent(".build/reader-tools")

    /// Whether `pdfua check` can be run.
    static var hasPDFUAChecker: Bool {
        FileManager.default.fileExists(atPath: pyPITools.appendingPathComponent("pdfua").path)
    }

    /// `pdfua check`'s report on `path` when it finds something (its exit status is 0 only when
    /// it finds nothing), nil for a file it finds nothing in or when it is not installed.
    static func pdfUAFindings(inPDFAt path: String) -> String? {
        guard hasPDFUAChecker else { return nil }
        let (status, report) = run("/usr/bin/python3", ["-m", "pdfua", "check", path], environment: ["PYTHONPATH": pyPITools.path])
        return status == 0 && report.contains("no findings") ? nil : report
    }

    /// Whether the file says in its XMP that it is PDF/UA (`pdfuaid:part`).
    static func claimsPDFUA(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.range(of: Data("pdfuaid:part".utf8)) != nil
    }

    static func assertClean(pdfAt path: String, file: StaticString = #filePath, line: UInt = #line) {
        if let report = problems(inPDFAt: path) {
            XCTFail("qpdf --check \(path):\n\(firstLines(of: report))", file: file, line: line)
        }
        if claimsPDFUA(path), let report = pdfUAFindings(inPDFAt: path) {
            XCTFail("pdfua check \(path):\n\(firstLines(of: report))", file: file, line: line)
        }
    }

    /// A checker's report cut to its first lines: qpdf repeats a warning for every object it
    /// meets it in, and the first lines say enough.
    private static func firstLines(of report: String) -> String {
        let lines = report.split(separator: "\n")
        return lines.prefix(8).joined(separator: "\n") + (lines.count > 8 ? "\n… \(lines.count - 8) more lines" : "")
    }

    /// Checks every PDF anywhere under `folder`.
    static func assertEveryPDFClean(under folder: URL, file: StaticString = #filePath, line: UInt = #line) {
        for path in pdfs(under: folder) { assertClean(pdfAt: path, file: file, line: line) }
    }

    static func isPDF(_ data: Data) -> Bool { data.starts(with: magic) }

    private static func pdfs(under folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return walker.compactMap { item -> String? in
            guard let url = item as? URL, (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                  let handle = try? FileHandle(forReadingFrom: url) else { return nil }
            defer { try? handle.close() }
            let head = (try? handle.read(upToCount: magic.count)) ?? Data()
            return isPDF(head) ? url.path : nil
        }.sorted()
    }
}
