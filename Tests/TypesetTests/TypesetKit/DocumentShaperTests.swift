@testable import TypesetKit
import XCTest

/// A document's passes over its text share one shaper: the words the boxes' fitting shaped
/// are not shaped again for the pages, nor the pages' words for a second pass over them.
final class DocumentShaperTests: XCTestCase {
    func testTheBoxesFittingAndThePagesShareTheDocumentsShaper() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        // The zombie magazine has figures and asides, which are measured before layout.
        let document = try Typesetter(options: options).prepare(fileAt: TestSupport.zombiesFile.path)
        let shaper = document.shaper
        XCTAssertGreaterThan(shaper.cacheMisses, 0, "the boxes were measured with another shaper")

        let (hitsBefore, missesBefore) = (shaper.cacheHits, shaper.cacheMisses)
        var pages = document.pages()
        var count = 0
        while pages.next() != nil { count += 1 }
        XCTAssertGreaterThan(count, 5)
        XCTAssertGreaterThan(shaper.cacheHits, hitsBefore, "the pages were set with another shaper")
        XCTAssertGreaterThan(shaper.cacheMisses, missesBefore)

        // A second pass over the pages (as the page count's is) finds every word shaped.
        let (hitsAfterTheFirstPass, missesAfterTheFirstPass) = (shaper.cacheHits, shaper.cacheMisses)
        var again = document.pages()
        while again.next() != nil {}
        XCTAssertGreaterThan(shaper.cacheHits, hitsAfterTheFirstPass)
        XCTAssertEqual(shaper.cacheMisses, missesAfterTheFirstPass)
    }
}
