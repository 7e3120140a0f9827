import Foundation
import Markup
@testable import TypesetKit
import XCTest

/// `typeset watch`'s runs hand on their fonts and shaped words (`KeptBetweenRuns`): a run after
/// a one-word edit loads no face again and shapes only the new word.
final class KeptBetweenRunsTests: XCTestCase {
    private let paragraph = "The keepers climbed the stair at dusk and wrote the ships into the log by lamplight. "

    private func prepare(_ text: String, options: TypesetOptions, keeping kept: KeptBetweenRuns) throws -> PreparedDocument {
        try Typesetter(options: options, keptBetweenRuns: kept)
            .prepare(MarkupSource(fileName: "doc.txt", text: text), baseDirectory: NSTemporaryDirectory())
    }

    private func layOut(_ document: PreparedDocument) {
        var pages = document.pages()
        while pages.next() != nil {}
    }

    func testARunAfterAnEditShapesOnlyTheNewWordWithTheFacesOfTheRunBefore() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let kept = KeptBetweenRuns()
        let first = try prepare(String(repeating: paragraph, count: 12), options: options, keeping: kept)
        layOut(first)
        let shapedByTheFirst = first.shaper.cacheMisses
        XCTAssertGreaterThan(shapedByTheFirst, 10)

        let edited = String(repeating: paragraph, count: 11) + paragraph.replacingOccurrences(of: "dusk", with: "nightfall")
        let second = try prepare(edited, options: options, keeping: kept)
        XCTAssertIdentical(second.library, first.library, "the faces are the run before's")
        XCTAssertIdentical(second.shaper, first.shaper)
        layOut(second)
        XCTAssertEqual(second.shaper.cacheMisses - shapedByTheFirst, 1, "only \"nightfall\" is shaped")
    }

    /// Fonts looked for elsewhere are other faces: the library and the words shaped in it start again.
    func testAnotherBodyFaceStartsAgain() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let kept = KeptBetweenRuns()
        let first = try prepare(paragraph, options: options, keeping: kept)
        options.fontFamily = "Liberation Serif"
        let second = try prepare(paragraph, options: options, keeping: kept)
        XCTAssertNotIdentical(second.library, first.library)
        XCTAssertNotIdentical(second.shaper, first.shaper)
        XCTAssertEqual(second.library.bodyFamily, "Liberation Serif")
    }
}
