import Foundation
import XCTest

/// Every PDF a test makes is read by `qpdf --check`: the files left in a test's temporary
/// folders when it ends (`makeTemporaryDirectory`) and the PDFs the executable writes to standard
/// output (`TypesetProcess`). A file is a PDF by its first bytes, not its name, so a stand-in
/// such as "old contents" under `out.pdf` is not taken for one.
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: qpdf)
        process.arguments = ["--check", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return "qpdf did not start: \(error)" }
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : report
    }

    static func assertClean(pdfAt path: String, file: StaticString = #filePath, line: UInt = #line) {
        if let report = problems(inPDFAt: path) {
            // qpdf repeats a warning for every object it meets it in: the first lines say enough.
            let lines = report.split(separator: "\n")
            let shown = lines.prefix(8).joined(separator: "\n") + (lines.count > 8 ? "\n… \(lines.count - 8) more lines" : "")
            XCTFail("qpdf --check \(path):\n\(shown)", file: file, line: line)
        }
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
