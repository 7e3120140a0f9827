import Diagnostics

/// Collects the problems the scanner and the parser find, each located in the source.
/// A class, so that the scanner, the parser and the value readers share one collection.
final class MarkupDiagnostics {
    /// Past this many errors the parse stops: a file that is not markup at all (a picture, a
    /// UTF-16 text) would otherwise bury the first, useful messages under thousands.
    static let errorLimit = 100
    static let warningLimit = Diagnostic.warningLimit

    /// Grows as files are included (`MarkupSource.append`): every offset reported is in it.
    private(set) var source: MarkupSource
    /// Each message, located in the order the document is read (`SourceLocation.readingOrder`).
    private var entries: [Diagnostic] = []
    private(set) var errorCount = 0
    private var warningCount = 0
    private var droppedWarnings: (count: Int, firstOffset: Int)?
    private var stopNote: Diagnostic?
    /// The first use of each name a message called unknown ("style pull"), so that a
    /// definition after it can say the use came first.
    private var unknownNames: [String: Int] = [:]

    init(source: MarkupSource) {
        self.source = source
    }

    /// How far the messages had come at a point of the parse: what a parse going on from
    /// there starts with (`ParseCheckpoint`).
    struct Mark {
        fileprivate var entryCount: Int
        fileprivate var errorCount: Int
        fileprivate var warningCount: Int
        fileprivate var droppedWarnings: (count: Int, firstOffset: Int)?
    }

    var mark: Mark { Mark(entryCount: entries.count, errorCount: errorCount, warningCount: warningCount, droppedWarnings: droppedWarnings) }

    /// The messages `earlier` had at `mark`, located in `source`, which holds the same markup
    /// up to there.
    init(source: MarkupSource, continuing earlier: MarkupDiagnostics, from mark: Mark) {
        self.source = source
        entries = Array(earlier.entries.prefix(mark.entryCount))
        errorCount = mark.errorCount
        warningCount = mark.warningCount
        droppedWarnings = mark.droppedWarnings
    }

    /// Locates in `source` from now on: the one read so far with a file included after it.
    func adopt(_ source: MarkupSource) {
        self.source = source
    }

    var isFull: Bool { errorCount >= Self.errorLimit }

    func error(_ message: String, at offset: Int) {
        report(.error, message, at: offset)
    }

    func warning(_ message: String, at offset: Int) {
        report(.warning, message, at: offset)
    }

    func report(_ severity: Diagnostic.Severity, _ message: String, at offset: Int) {
        switch severity {
        case .error: errorCount += 1
        case .warning:
            warningCount += 1
            guard warningCount <= Self.warningLimit else {
                if droppedWarnings == nil { droppedWarnings = (0, offset) }
                droppedWarnings!.count += 1
                return
            }
        case .note: break
        }
        let (location, line) = locate(offset)
        entries.append(Diagnostic(severity, message, at: location, sourceLine: line))
    }

    /// Records that `name`, a `kind` ("style"), was unknown where it was used at `offset`.
    func unknown(_ kind: String, named name: String, usedAt offset: Int) {
        let key = "\(kind) \(name.lowercased())"
        if unknownNames[key] == nil { unknownNames[key] = offset }
    }

    /// `name` is defined at `offset`: when it was used before as unknown, a note here says so
    /// (a designer's `<p style="pull">` above its `<style name="pull">` got only "unknown style").
    func defined(_ kind: String, named name: String, at offset: Int) {
        guard let use = unknownNames.removeValue(forKey: "\(kind) \(name.lowercased())") else { return }
        report(.note, "\(kind) \"\(name)\" is defined here, after its use at line \(source.location(of: use).line); "
               + "define it above the text that uses it", at: offset)
    }

    /// Adds what was found in another file read where the tag at `offset` is (a style sheet
    /// this one imports, an included file that is not UTF-8): located in that file, and
    /// ordered among this file's messages at the tag.
    func include(_ found: [Diagnostic], at offset: Int) {
        let tag = source.readingOrder(of: offset)
        entries += found.map { diagnostic in
            guard var location = diagnostic.location else { return diagnostic }
            location.readingOrder = (location.readingOrder ?? ReadingOrder([])).inside(tag)
            var placed = diagnostic
            placed.location = location
            return placed
        }
        errorCount += found.count { $0.severity == .error }
    }

    // MARK: Locating

    /// Line and column by binary search, and the line's text shared with every other message
    /// about it: thousands of messages on one long line cost no more than on short ones.
    private func locate(_ offset: Int) -> (SourceLocation, String) {
        (source.location(of: offset), source.lineText(containing: offset))
    }

    /// Notes that the parse stopped at `offset` because of too many errors.
    func stop(at offset: Int) {
        let (location, line) = locate(offset)
        stopNote = Diagnostic(.note, "too many errors; stopping", at: location, sourceLine: line)
    }

    /// Everything reported, in the order the document is read (first reported first at one
    /// place; an included file's, or an imported sheet's, where it is included), then the note
    /// that the parse stopped, if it did.
    func finished() -> [Diagnostic] {
        let sorted = entries.sortedBySource()
        var notes: [Diagnostic] = []
        if let droppedWarnings {
            let (location, line) = locate(droppedWarnings.firstOffset)
            notes.append(Diagnostic(.note, "\(droppedWarnings.count) more warnings not shown", at: location, sourceLine: line))
        }
        guard let stopNote else { return sorted + notes }
        // One tag may report several errors at once: keep exactly the first `errorLimit`.
        var kept: [Diagnostic] = []
        var errors = 0
        for diagnostic in sorted {
            if diagnostic.severity == .error {
                guard errors < Self.errorLimit else { break }
                errors += 1
            }
            kept.append(diagnostic)
        }
        return kept + notes + [stopNote]
    }
}
