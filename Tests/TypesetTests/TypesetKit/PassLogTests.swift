import Diagnostics
@testable import TypesetKit
import XCTest

/// The rules that stop a document between passes: an error ends it with everything found so
/// far, arranged as the pass's caller says, and `--strict` makes warnings errors.
final class PassLogTests: XCTestCase {
    private let early = Diagnostic.warning("early", at: SourceLocation(file: "doc.txt", line: 9, column: 1))
    private let late = Diagnostic.error("late", at: SourceLocation(file: "doc.txt", line: 2, column: 1))

    func testAPassWithoutErrorsGivesItsValueAndKeepsItsWarnings() throws {
        var log = PassLog()
        XCTAssertEqual(try log.take(PassResult(7, diagnostics: [early])), 7)
        XCTAssertEqual(log.diagnostics, [early])
    }

    func testAPassWithAnErrorStopsTheDocumentWithEverythingFoundSoFar() {
        var log = PassLog([early])
        XCTAssertThrowsError(try log.take(PassResult(7, diagnostics: [late]))) { error in
            XCTAssertEqual((error as? DocumentFailure)?.diagnostics, [early, late])
        }
        XCTAssertThrowsError(try log.take(PassResult<Int>(nil, diagnostics: [late]), reporting: { $0.sortedBySource() })) { error in
            XCTAssertEqual((error as? DocumentFailure)?.diagnostics, [late, late, early], "as the caller arranges them")
        }
    }

    func testStrictTurnsEachWarningIntoAnErrorThatSaysWhy() throws {
        XCTAssertNoThrow(try PassLog([]).refuseWarnings())
        XCTAssertThrowsError(try PassLog([early]).refuseWarnings()) { error in
            let diagnostics = (error as? DocumentFailure)?.diagnostics ?? []
            XCTAssertEqual(diagnostics.map(\.severity), [.error])
            XCTAssertEqual(diagnostics.first?.message, "early [--strict]")
            XCTAssertEqual(diagnostics.first?.location, early.location)
        }
    }
}
