import Foundation
import Images
import Text

/// What a parse is given besides its markup: two parses given alike settings make the same of
/// markup alike up to a point, up to there.
struct ParseSettings: Equatable {
    var fileName: String
    var defaults: MarkupDefaults
    var baseDirectory: String
    var imageRoot: String?
    var requiresAlternativeText: Bool
    var styleSheets: [String]
    /// What the references print, the layout's before: a `<ref>` before the change prints a
    /// target's value, which a later target's place may have changed.
    var references: ReferenceValues
    var maximumIncludes: Int
}

/// Where a parse begins reading: the document's start, or a kept parse's checkpoint.
struct ParseStart {
    var state: ParseState
    var scanner: MarkupScanner
    var lines: DeclarationLines
    /// The pictures the parse opens, those before the checkpoint opened again.
    var pictures: PictureFiles
    var checkpoints: ParseCheckpoints
}

/// The parses of the last run under `typeset watch`, for the next run's parse of markup alike up
/// to its first change to go on from the last checkpoint before it (`ParseCheckpoint`)
/// instead of reading the whole document again. Whether a checkpoint holds is decided, not
/// assumed: the parse's settings equal (the references' values among them), the markup equal up
/// to it unit for unit, every picture opened before it the same file unchanged, and nothing
/// else read before it (`ParseState.canGoOnFromHere`); otherwise the whole document is read.
/// Messages about the markup before it are the kept parse's, as a cold parse makes them.
public final class KeptParses: @unchecked Sendable {
    /// One parse: what it was given and read, its text at its read's end (before the rules and
    /// the finishing touches), and its checkpoints.
    struct Parse {
        var settings: ParseSettings
        var source: MarkupSource
        var text: AttributedText
        var sourceMap: TextSourceMap
        var diagnostics: MarkupDiagnostics
        var opened: [(path: String, fingerprint: InputFile.Fingerprint)]
        var checkpoints: [ParseCheckpoint]
    }

    /// A run parses once, and again for each setting of its references (`ReferenceSettling`
    /// sets them three times at most): each of those is kept, for the next run's parse alike.
    static let parsesKept = 4

    private var parses: [Parse] = []
    private let lock = NSLock()
    /// Where the last parse began reading the markup: 0 when it read the whole document.
    public private(set) var lastReadStart = 0

    public init() {}

    /// Where a parse of `source` given `settings` begins: the last checkpoint before its first
    /// change of a kept parse alike, or nil (the document's start).
    func start(over source: MarkupSource, alike settings: ParseSettings) -> ParseStart? {
        lock.lock()
        defer { lock.unlock() }
        lastReadStart = 0
        guard let kept = parses.last(where: { $0.settings == settings }) else { return nil }
        let alikeUpTo = Self.firstDifference(kept.source.units, source.units)
        guard let last = kept.checkpoints.lastIndex(where: { $0.position <= alikeUpTo }) else { return nil }
        let checkpoint = kept.checkpoints[last]
        let pictures = PictureFiles()
        guard let state = checkpoint.stateGoingOn(over: source, text: kept.text, sourceMap: kept.sourceMap, messages: kept.diagnostics,
                                                  opened: kept.opened, into: pictures) else { return nil }
        lastReadStart = checkpoint.position
        let scanner = MarkupScanner(file: ScannedFile(units: source.units, base: 0), diagnostics: state.diagnostics, from: checkpoint.position)
        return ParseStart(state: state, scanner: scanner, lines: checkpoint.lines, pictures: pictures,
                          checkpoints: ParseCheckpoints(after: Array(kept.checkpoints[...last]), sourceLength: source.units.count))
    }

    /// Keeps `parse` in place of the one given the same settings.
    func keep(_ parse: Parse) {
        lock.lock()
        defer { lock.unlock() }
        parses.removeAll { $0.settings == parse.settings }
        parses.append(parse)
        if parses.count > Self.parsesKept { parses.removeFirst() }
    }

    /// The first offset at which `old` and `new` differ (the shorter's length when one begins
    /// the other): a compare, so that a large document's edit is found without reading it.
    static func firstDifference(_ old: SourceUnits, _ new: SourceUnits) -> Int {
        switch (old, new) {
        case (.narrow(let old), .narrow(let new)): return firstDifference(old, new)
        case (.wide(let old), .wide(let new)): return firstDifference(old, new)
        default:
            // One of the two holds a character above U+00FF, which the other is then without.
            let count = min(old.count, new.count)
            var index = 0
            while index < count, old[index] == new[index] { index += 1 }
            return index
        }
    }

    private static func firstDifference<Unit: FixedWidthInteger>(_ old: [Unit], _ new: [Unit]) -> Int {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let count = min(old.count, new.count)
                var index = 0
                while index < count, old[index] == new[index] { index += 1 }
                return index
            }
        }
    }
}
