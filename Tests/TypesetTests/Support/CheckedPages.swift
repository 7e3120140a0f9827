import Pages
import TypesetKit
import XCTest

extension PreparedDocument {
    /// All the document's pages, each checked to print no glyph outside its frame
    /// (`FrameInkCheck`): the helpers that lay documents out for tests go through this, so
    /// that every page the tests make keeps the property, whatever else a test looks at.
    func checkedPages(file: StaticString = #filePath, line: UInt = #line) -> [Page] {
        let check = FrameInkCheck(text: text)
        return pages().map { page in
            for overrun in check.overruns(on: page).prefix(5) { XCTFail(overrun.description, file: file, line: line) }
            return page
        }
    }
}
