extension Diagnostic {
    /// How many of a document's warnings are shown: a generated file can hold a million
    /// mistakes of one kind, and a thousand make the point; the rest are counted in a note.
    public static let warningLimit = 1000
}

extension Array where Element == Diagnostic {
    /// These diagnostics, warnings past `Diagnostic.warningLimit` left out and counted in a note
    /// at the first left out: the parse counts its own (`MarkupDiagnostics`), and this bounds
    /// those the pages give as they are drawn (5,000 pictures moved to later pages printed
    /// 14,913 lines).
    public func keepingWarningsWithinTheLimit() -> [Diagnostic] {
        var warnings = 0
        var leftOut: (count: Int, first: Diagnostic)?
        var kept: [Diagnostic] = []
        kept.reserveCapacity(Swift.min(count, Diagnostic.warningLimit + 100))
        for diagnostic in self {
            if diagnostic.severity == .warning {
                warnings += 1
                if warnings > Diagnostic.warningLimit {
                    leftOut = ((leftOut?.count ?? 0) + 1, leftOut?.first ?? diagnostic)
                    continue
                }
            }
            kept.append(diagnostic)
        }
        guard let leftOut else { return self }
        var note = leftOut.first
        note.severity = .note
        note.message = "\(leftOut.count) more warnings not shown"
        return kept + [note]
    }
}
