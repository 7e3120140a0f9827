import PageCheck
import Pages
import Render
import TypesetKit
import XCTest

extension PreparedDocument {
    /// All the document's pages, each drawn and checked by the page checker (`PageChecker`:
    /// no ink over ink, a picture or a border, none outside its area, no empty band in a
    /// paragraph, no column ending early for no reason, every word drawn once and in order):
    /// the helpers that lay documents out for tests go through this, so that every page the
    /// tests make keeps those properties, whatever else a test looks at.
    func checkedPages(file: StaticString = #filePath, line: UInt = #line) -> [Page] {
        var checker = PageChecker(text: text)
        var pages: [Page] = []
        var findings: [PageFinding] = []
        do {
            try DocumentWriter(text: text).recordDrawn(self.pages()) { page, drawn in
                findings += checker.check(drawn)
                pages.append(page)
            }
        } catch {
            XCTFail("the pages could not be drawn: \(error)", file: file, line: line)
        }
        findings += checker.finish()
        for finding in findings.prefix(20) { XCTFail("page check: \(finding)", file: file, line: line) }
        return pages
    }
}
