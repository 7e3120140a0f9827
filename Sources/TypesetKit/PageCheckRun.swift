import Diagnostics
import Layout
import Markup
import PageCheck
import Pages
import Render
import Text

/// The page checks of one run, told each page as it passes: the warnings of columns that end
/// early and of elements moved to a later page than where they are written (every run, from
/// the laid-out page: `EarlyColumnEnd`, `MovedElementCheck`), and, when the run checks its
/// pages, what the page checker finds on each page drawn — errors whose message begins with `page check:`,
/// located at the markup of the character at fault. `DrawPass` runs it on every document, and
/// the golden checks on theirs.
public final class PageCheckRun {
    private let sourceMap: TextSourceMap?
    private var checker: PageChecker?
    private let moved: MovedElementCheck
    private var earlyColumns: [Diagnostic] = []
    public private(set) var errors: [Diagnostic] = []

    /// The checks of `document`'s pages; `checksPages`: the drawn pages' too (`PageChecking`).
    public init(of document: borrowing PreparedDocument, checksPages: Bool) {
        sourceMap = document.sourceMap
        checker = checksPages ? PageChecker(text: document.text) : nil
        moved = MovedElementCheck(template: document.template, places: document.flowPlaces)
    }

    /// The warnings found so far: columns that end early, then elements moved on.
    public var warnings: [Diagnostic] { earlyColumns + moved.warnings }

    public var checksPages: Bool { checker != nil }

    /// `writer`, telling this run what it draws when the pages are checked.
    public func watching(_ writer: DocumentWriter) -> DocumentWriter {
        var writer = writer
        if checksPages { writer.pageDrawn = drawn }
        return writer
    }

    /// The early columns of `page`, laid out, warned of. When the pages are checked, a column
    /// whose layout names no reason is the checker's (an error), not a warning.
    public func laidOut(_ page: Page) -> Page {
        for early in EarlyColumnEnd.on(page) where !(checksPages && !early.end.explainsRoomLeft) {
            earlyColumns.append(diagnostic(.warning, early.message, at: early.character))
        }
        moved.look(at: page)
        return page
    }

    /// What the checker finds on `page`, drawn.
    public func drawn(_ page: DrawnPage) {
        guard var checker else { return }
        let found = checker.check(page)
        self.checker = checker
        errors += found.map { diagnostic(.error, "page check: \($0)", at: $0.character) }
    }

    /// After the last page: what the checker finds in the document as a whole.
    public func finish() {
        guard let checker else { return }
        errors += checker.finish().map { diagnostic(.error, "page check: \($0)", at: $0.character) }
    }

    private func diagnostic(_ severity: Diagnostic.Severity, _ message: String, at character: Int?) -> Diagnostic {
        guard let character, let sourceMap else { return Diagnostic(severity, message) }
        return sourceMap.diagnostic(severity, message, atTextOffset: character)
    }
}
