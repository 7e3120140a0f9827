import Foundation

/// One thing wrong with a generated document's pages (or its run): what kind of fault it is —
/// the key the shrinker keeps while it makes the document smaller — and the full message.
public struct LayoutFinding: Hashable, Sendable, CustomStringConvertible {
    public var kind: String
    public var message: String

    public init(kind: String, message: String) {
        self.kind = kind
        self.message = message
    }

    /// A finding whose kind is its message with what varies between documents taken out:
    /// numbers, quoted text, rectangles, places ("page 2 frame 1 line 3").
    public init(message: String) {
        self.init(kind: Self.kind(of: message), message: message)
    }

    public var description: String { "[\(kind)] \(message)" }

    /// The crash a process's standard error reports — Swift's "Fatal error:", "Precondition
    /// failed:" or "Assertion failed:" line, a C library's failed `assert` ("Assertion `…'
    /// failed"), or else the backtracer's "Program crashed:" (a bad pointer, a signal) — as a
    /// finding of kind `crash: …`; nil when it reports none.
    public init?(crashReport standardError: String) {
        let markers = ["Fatal error:", "Precondition failed:", "Assertion failed:", "Assertion `", "Program crashed:"]
        let lines = standardError.split(separator: "\n")
        guard let marker = markers.first(where: { marker in lines.contains { $0.contains(marker) } }),
              let line = lines.first(where: { $0.contains(marker) }),
              let start = line.range(of: marker) else { return nil }
        // A C assertion names its function before the marker: "file.c:226: function: Assertion `…' failed."
        let named = line[..<start.lowerBound].split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let function = marker == "Assertion `" ? named.last.map { "\($0): " } ?? "" : ""
        let report = function + String(line[start.lowerBound...]).replacingOccurrences(of: #"0x[0-9a-f]+|\*"#, with: "", options: .regularExpression)
        self.init(kind: "crash: " + Self.kind(of: report.replacingOccurrences(of: "`", with: "'")), message: "crash: " + String(line))
    }

    /// The words of `message` that name the fault, without its places ("page 2 frame 1 line
    /// 3", "character 296"), numbers, quotations and rectangles.
    static func kind(of message: String) -> String {
        var kind = message
        let cuts = [#"\b(page|frame|line|lines|character|characters|part|box at character)( -?[\d.]+(\.\.<\d+)?)+"#,
                    #"'[^']*'"#, #"“[^”]*”"#, #"\"[^\"]*\""#, #"\([^()]*\)"#, #"[-+]?\d+(\.\d+)?( pt)?"#]
        for pattern in cuts {
            kind = kind.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        let words = kind.split(whereSeparator: \.isWhitespace).filter { word in
            word.contains(where: \.isLetter) && word != "fuzz"
        }
        return words.prefix(10).joined(separator: " ").trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
    }
}
