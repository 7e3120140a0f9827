import Diagnostics
import Foundation

/// What both harnesses share: the name an input is parsed under, the folder its pictures are
/// looked up in, and the check that a problem the input causes is located in it.
public enum FuzzInput {
    static let fileName = "fuzz.txt"

    /// The folder of small fixture pictures (`Fixtures/images`): `<img src>` resolves there
    /// and nowhere else. `TYPESET_FUZZ_PICTURES` overrides it.
    public static let picturesDirectory: String = {
        if let explicit = ProcessInfo.processInfo.environment["TYPESET_FUZZ_PICTURES"], !explicit.isEmpty { return explicit }
        var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0 ..< 6 {
            let candidate = directory.appendingPathComponent("Fixtures/images")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
            directory.deleteLastPathComponent()
        }
        fatalError("cannot find Fixtures/images above the executable; set TYPESET_FUZZ_PICTURES")
    }()

    /// Lines of the input as the source counts them (LF, CRLF or a lone CR end a line).
    static func lineCount(_ bytes: [UInt8]) -> Int {
        var lines = 1
        for (index, byte) in bytes.enumerated() where byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
            lines += 1
        }
        return lines
    }

    /// Traps (a finding) unless every diagnostic points at a line and column of the input, or
    /// of a style sheet it imports (a sheet's own problems are located in the sheet, as
    /// docs/markup.md says): a problem the document causes must say where.
    static func requireLocated(_ diagnostics: [Diagnostic], lineCount: Int) {
        for diagnostic in diagnostics {
            guard let location = diagnostic.location else { fatalError("unlocated diagnostic: \(diagnostic)") }
            let lines: Int
            if location.file == fileName {
                lines = lineCount
            } else if let sheet = FileManager.default.contents(atPath: (picturesDirectory as NSString).appendingPathComponent(location.file)) {
                // `<import src>` resolves beside the input, in the pictures' folder.
                lines = Self.lineCount(Array(sheet))
            } else {
                fatalError("unlocated diagnostic: \(diagnostic)")
            }
            guard (1 ... lines).contains(location.line), location.column >= 1 else {
                fatalError("diagnostic outside the \(lines) lines of \(location.file): \(diagnostic)")
            }
            _ = diagnostic.description   // the source line and caret are drawn too
        }
    }
}
