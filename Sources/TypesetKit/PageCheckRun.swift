import Diagnostics
import Layout
import Markup
import PageCheck
import Pages
import Render
import Text

/// The page checks of one run, told each page as it passes: the warnings of columns that end
/// early, of table rows taller than their column and tables narrower than their words, of
/// lines set off their pitch, of boxes over a gutter printed over page furniture or left out, of elements
/// moved to a later page than where they are written, of pictures scaled to a box set
/// narrower, and of display words a box's column cut (every run, from the laid-out page:
/// `EarlyColumnEnd`, `TallTableRowCheck`, `TableWidthCheck`, `MovedLineCheck`,
/// `BoxOverExclusionCheck`, `LeftOutBoxCheck`, `MovedElementCheck`, `NarrowedBoxPictureCheck`, `BoxDisplayWordCheck`), and, when the run checks its
/// pages, what the page checker finds on each page drawn — errors whose message begins with `page check:`,
/// located at the markup of the character at fault; and, when only some pages are written
/// (`PageSelection`), the pages asked for past the document's end. `DrawPass` runs it on every
/// document, and the golden checks on theirs.
public final class PageCheckRun {
    private let sourceMap: TextSourceMap?
    private var checker: PageChecker?
    private let moved: MovedElementCheck
    private let narrowedBoxes: NarrowedBoxPictureCheck
    /// The checks that read the document's text, while its pages come. They are let go at
    /// `finish`: `DrawPass` lets the document go before the finishing step, where a run's memory
    /// peaks, and these kept its text there (the book's 8.5 MB of UTF-16; on small pages the
    /// peak, 1.14 × the book's).
    private var boxDisplayWords: BoxDisplayWordCheck?
    private var movedLines: MovedLineCheck?
    private var brokenDisplayWords: [Diagnostic] = []
    private var linesMovedOffTheirPitch: [Diagnostic] = []
    private var earlyColumns: [Diagnostic] = []
    private var tallTableRows: [Diagnostic] = []
    private var tableWidths: TableWidthCheck
    private var boxOverExclusionCheck = BoxOverExclusionCheck()
    private var boxesOverExclusions: [Diagnostic] = []
    private let leftOutBoxCheck: LeftOutBoxCheck
    private var boxesLeftOut: [Diagnostic] = []
    private let selection: PageSelection
    /// Whether pages asked for past the end are an error (`--strict`), not a warning.
    private let strict: Bool
    /// The number of the document's last page laid out so far.
    private var pageCount = 0
    private var pagesPastTheEnd: [Diagnostic] = []
    public private(set) var errors: [Diagnostic] = []

    /// The checks of `document`'s pages, of which `selection` are written; `checksPages`: the
    /// drawn pages' too (`PageChecking`); `strict`: pages asked for past the end are an error.
    public init(of document: borrowing PreparedDocument, checksPages: Bool, selection: PageSelection = .all, strict: Bool = false) {
        self.selection = selection
        self.strict = strict
        sourceMap = document.sourceMap
        checker = checksPages ? PageChecker(text: document.text) : nil
        moved = MovedElementCheck(template: document.template, places: document.flowPlaces, elementPlaces: document.elementPlaces)
        leftOutBoxCheck = LeftOutBoxCheck(elementPlaces: document.elementPlaces)
        narrowedBoxes = NarrowedBoxPictureCheck(text: document.text, places: document.elementPlaces)
        tableWidths = TableWidthCheck(places: document.elementPlaces, text: document.text)
        boxDisplayWords = BoxDisplayWordCheck(text: document.text)
        movedLines = MovedLineCheck(text: document.text)
    }

    /// The warnings found so far: columns that end early, table rows taller than their column,
    /// tables narrower than their words, boxes over furniture or left out, lines moved off their pitch, elements moved on,
    /// pictures scaled to narrowed boxes, display words broken in boxes.
    public var warnings: [Diagnostic] {
        earlyColumns + tallTableRows + narrowedTables + boxesOverExclusions + boxesLeftOut + linesMovedOffTheirPitch + moved.warnings + narrowedBoxes.warnings + brokenDisplayWords + pagesPastTheEnd
    }

    public var checksPages: Bool { checker != nil }

    /// Each table set past its column, or cutting words in its cells, warned of once: the words
    /// cut on every page it is set on.
    private var narrowedTables: [Diagnostic] {
        tableWidths.tables.map { table in
            table.tag.map { .warning(table.message, at: $0) } ?? diagnostic(.warning, table.message, at: table.character)
        }
    }

    /// `writer`, writing the selected pages, and telling this run what it draws, and what
    /// the pages it leaves out would show, when the pages are checked.
    public func watching(_ writer: DocumentWriter) -> DocumentWriter {
        var writer = writer
        writer.selection = selection
        if checksPages {
            writer.pageDrawn = drawn
            writer.pageSkipped = skipped
        }
        return writer
    }

    /// The early columns of `page`, laid out, warned of. When the pages are checked, a column
    /// whose layout names no reason is the checker's (an error), not a warning.
    public func laidOut(_ page: Page) -> Page {
        for early in EarlyColumnEnd.on(page) where !(checksPages && !early.end.explainsRoomLeft) {
            earlyColumns.append(diagnostic(.warning, early.message, at: early.character))
        }
        for row in TallTableRowCheck.rows(on: page) {
            tallTableRows.append(diagnostic(.warning, row.message, at: row.character))
        }
        tableWidths.look(at: page)
        for box in boxOverExclusionCheck.boxes(on: page) {
            boxesOverExclusions.append(diagnostic(.warning, box.message, at: box.character))
        }
        boxesLeftOut += leftOutBoxCheck.warnings(on: page)
        moved.look(at: page)
        narrowedBoxes.look(at: page)
        for line in movedLines?.movedLines(on: page) ?? [] {
            linesMovedOffTheirPitch.append(diagnostic(.warning, line.message, at: line.character))
        }
        for word in boxDisplayWords?.brokenWords(on: page) ?? [] {
            brokenDisplayWords.append(diagnostic(.warning, word.message, at: word.character))
        }
        if !page.holdsOnlyRunningHeads { pageCount = max(pageCount, page.number) }
        return page
    }

    /// What the checker finds on `page`, drawn.
    public func drawn(_ page: DrawnPage) {
        guard var checker else { return }
        let found = checker.check(page)
        self.checker = checker
        errors += found.map { diagnostic(.error, "page check: \($0)", at: $0.character) }
    }

    /// What a page left out would have shown (`PageSelection`): its words are accounted for,
    /// and nothing on it is checked.
    public func skipped(_ page: DrawnPage) {
        checker?.accountFor(skipped: page)
    }

    /// After the last page: the pages asked for past the document's end, and what the checker
    /// finds in the document as a whole. The text is no longer read.
    public func finish() {
        boxDisplayWords = nil
        movedLines = nil
        tableWidths.finish()
        let past = selection.partsPastTheEnd(pageCount: pageCount)
        if !past.isEmpty {
            // The first few parts: a list of thousands would make one line of as many.
            let shown = past.prefix(3).map(\.written).joined(separator: ",")
            let parts = past.count > 3 ? "\(shown) and \(past.count - 3) more parts" : shown
            let count = pageCount == 1 ? "1 page" : "\(pageCount) pages"
            let found = Diagnostic(strict ? .error : .warning, "--pages \(parts): past the document's end; it has \(count)")
            if strict { errors.append(found) } else { pagesPastTheEnd = [found] }
        }
        guard let checker else { return }
        errors += checker.finish().map { diagnostic(.error, "page check: \($0)", at: $0.character) }
    }

    private func diagnostic(_ severity: Diagnostic.Severity, _ message: String, at character: Int?) -> Diagnostic {
        guard let character, let sourceMap else { return Diagnostic(severity, message) }
        return sourceMap.diagnostic(severity, message, atTextOffset: character)
    }
}
