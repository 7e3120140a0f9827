import Layout
import Text

/// The text layer's pages (`PDFTextLayer`) of the last run of a document under `typeset watch`, for
/// the next run to take again instead of writing their text: the layer's part of a page is a
/// function of the page, of where it lies on its sheet, of the marks the structure gives it, and of
/// the state the layer shares between pages (its fonts' codes, its graphics states:
/// `TextLayerHistory`) and with Cairo (the spot inks, numbered as met). So a page is taken when it
/// is the same page (`Page.keptSerial`, the paginator's: taken again from the last setting), on the
/// same sheet, with the same spots known, and the pages before it in this run made every
/// change to the shared state the last run's pages before it made, in any order (an edit on the
/// first page that draws a letter before the word that drew it first; a word that moved, with the
/// glyphs it drew first, from one page set again to the next), and any more they made are apart
/// from the page's own (`TextLayerHistory.changes(_:areApartFrom:)`: a glyph this run drew first,
/// or alone, in a font whose codes the page does not add to): then its stream, its resources and
/// its changes are the last run's, and its changes are made again (replayed, each checked to give
/// what it gave), not its glyphs written. A page that differs is written, and so is every page
/// after pages whose changes differ until the changes meet again. The output does not depend on
/// what is kept.
///
/// A run keeps its pages' deflated streams up to `budget` bytes (the 99-page magazine's take under
/// 0.15 MB); a page past it is written again by the next run. One run at a time, on its drawing
/// thread.
public final class KeptTextLayerPages: @unchecked Sendable {
    /// The deflated bytes kept at most.
    static let budget = 32 << 20

    /// What a page's text was written from, besides the page and the shared state.
    struct Start: Equatable {
        /// The page's `Page.keptSerial`; nil: a page not kept, never taken.
        var serial: Int?
        var sheetHeight: Double
        var origin: Point
        var spots: [SpotInk]
    }

    /// One page of the layer as a run wrote or took it.
    struct Record {
        var start: Start
        /// The structure's marks: Cairo's count on the page and the order of the layer's.
        var firstMCID: Int
        var sequenceOrder: [Int]?
        /// The changes the page made to the shared state, in order.
        var changes: [TextLayerHistory.Change]
        /// Its deflated stream (nil: the page has no text of the layer's, or its bytes were past
        /// the budget), its font resources and graphics states.
        var deflated: [UInt8]?
        var hasStream: Bool
        var fontResources: [Int]
        var graphicsStates: [Int]
    }

    private var last: [Record] = []
    private var current: [Record] = []
    private var currentBytes = 0
    /// The changes the last run's pages so far made that this run's have not, and the reverse:
    /// when neither holds any, the state the next page begins in is the last run's (the state is
    /// what its changes gave, whatever their order: `TextLayerHistory`); when only this run's
    /// hold some, it is the last run's and more, which a page whose changes are apart from them
    /// reads as the last run's.
    private var unmatchedLast: [TextLayerHistory.Change] = []
    private var unmatchedThis: [TextLayerHistory.Change] = []
    /// Whether the two runs' changes have parted for good: more unmatched than are worth
    /// matching (a page's changes are a handful; a glyph given another code moves every later
    /// code, and the runs never meet again), or this run has more pages.
    private var parted = false
    static let unmatchedBound = 4_096
    /// Whether the state holds all the last run's did at this point, and `changes`, made again,
    /// give what they gave.
    private func holdsTheLastState(for changes: [TextLayerHistory.Change]) -> Bool {
        !parted && unmatchedLast.isEmpty && TextLayerHistory.changes(changes, areApartFrom: unmatchedThis)
    }
    /// How many pages this run took from the one before.
    public private(set) var taken = 0

    public init() {}

    /// A new run begins: what the run before wrote or took is what it may take.
    func beginRun() {
        last = current
        current = []
        currentBytes = 0
        unmatchedLast = []
        unmatchedThis = []
        parted = false
        taken = 0
    }

    /// The last run's page to take as the next page, which begins as `start` says; nil when
    /// it must be written.
    func page(startingAs start: Start) -> Record? {
        let index = current.count
        guard start.serial != nil, index < last.count, last[index].start == start, holdsTheLastState(for: last[index].changes),
              last[index].deflated != nil || !last[index].hasStream else { return nil }
        taken += 1
        return last[index]
    }

    /// Records the page the run wrote or took as the next.
    func record(_ page: Record) {
        let index = current.count
        if index < last.count {
            note(changesOfTheLastRun: last[index].changes, ofThisRun: page.changes)
        } else {
            parted = true
        }
        var page = page
        if let deflated = page.deflated {
            if currentBytes + deflated.count <= Self.budget {
                currentBytes += deflated.count
            } else {
                page.deflated = nil
            }
        }
        current.append(page)
    }

    /// Adds a page's changes, each cancelling one alike the other run made.
    private func note(changesOfTheLastRun lastChanges: [TextLayerHistory.Change], ofThisRun thisChanges: [TextLayerHistory.Change]) {
        // The same changes, in any order, leave the two runs' differences as they were.
        guard !parted, !TextLayerHistory.sameChanges(lastChanges, thisChanges) else { return }
        for change in lastChanges {
            if let found = unmatchedThis.firstIndex(of: change) { unmatchedThis.remove(at: found) } else { unmatchedLast.append(change) }
        }
        for change in thisChanges {
            if let found = unmatchedLast.firstIndex(of: change) { unmatchedLast.remove(at: found) } else { unmatchedThis.append(change) }
        }
        parted = unmatchedLast.count + unmatchedThis.count > Self.unmatchedBound
    }
}
