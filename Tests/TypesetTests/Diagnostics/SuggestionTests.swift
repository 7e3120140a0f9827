import Diagnostics
import XCTest

/// "Did you mean": the one nearest name for a typo, the few nearest for a name from memory.
final class SuggestionTests: XCTestCase {
    private let families = ["DejaVu Sans", "DejaVu Sans Mono", "Liberation Sans", "Liberation Serif", "Noto Sans", "TeX Gyre Pagella"]

    func testAClosestNameIsOneTypoAway() {
        XCTAssertEqual(Suggestion.closest(to: "pgae", among: ["page", "pages", "title"]), "page")
        XCTAssertNil(Suggestion.closest(to: "header", among: ["page", "title"]))
    }

    func testNearestFamiliesBeginWithTheNameGivenFirst() {
        XCTAssertEqual(Suggestion.nearest(to: "Liberation", among: families, limit: 3), ["Liberation Sans", "Liberation Serif"])
        XCTAssertEqual(Suggestion.nearest(to: "dejavu-sans", among: families, limit: 1), ["DejaVu Sans"])
    }

    func testNearestFamiliesForgiveAFewSlipsInALongName() {
        XCTAssertEqual(Suggestion.nearest(to: "TeX Gyre Pagela", among: families, limit: 3), ["TeX Gyre Pagella"])
        XCTAssertEqual(Suggestion.nearest(to: "Noto Snas", among: families, limit: 3), ["Noto Sans"])
    }

    func testNoNearFamilyIsNoSuggestion() {
        XCTAssertEqual(Suggestion.nearest(to: "Helvetica Neue", among: families, limit: 3), [])
        XCTAssertEqual(Suggestion.nearest(to: "", among: families, limit: 3), [])
    }
}
