/// Collects a document's diagnostics so that all of them are reported, not just the first.
/// Past `limit` errors it stops recording and remembers that it did.
public struct DiagnosticLog: Sendable {
    public private(set) var entries: [Diagnostic] = []
    public private(set) var droppedCount = 0
    public let limit: Int

    public init(limit: Int = 50) {
        self.limit = limit
    }

    public mutating func report(_ diagnostic: Diagnostic) {
        if entries.count >= limit {
            droppedCount += 1
        } else {
            entries.append(diagnostic)
        }
    }

    public mutating func append(contentsOf other: DiagnosticLog) {
        for entry in other.entries { report(entry) }
        droppedCount += other.droppedCount
    }

    public var hasErrors: Bool { entries.contains { $0.severity == .error } }
    public var errorCount: Int { entries.filter { $0.severity == .error }.count }
    public var isFull: Bool { entries.count >= limit }
}

/// Thrown when a document cannot be typeset; carries every diagnostic found.
public struct DocumentFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
