import Diagnostics
import Markup
import TypesetKit
import XCTest

/// A face that does not exist names the one meant: a family with its weight written into the
/// name, one named by its last word, a misspelt one. A tester's `face="Pagella"` got no
/// suggestion, and `face="Liberation Sans Bold"` only "nearest: Liberation Sans".
final class FamilyNameSuggestionTests: XCTestCase {
    private func fontWarnings(_ markup: String) throws -> [String] {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: markup), baseDirectory: "/")
        return document.diagnostics.filter { $0.message.hasPrefix("font face") }.map(\.message)
    }

    func testAFaceNotFoundNamesTheFaceMeant() throws {
        let standIn = "not found; using \"TeX Gyre Pagella\" instead"
        XCTAssertEqual(try fontWarnings("""
            <font face="Pagella">a</font> <font face="Liberation Sans Bold">b</font> <font face="liberation sans semi-bold italic">c</font>
            <font face="Liberaton Sans">d</font> <font face="TeX Gyre Pagela">e</font>

            """), [
            "font face \"Pagella\" \(standIn) (did you mean face=\"TeX Gyre Pagella\"?)",
            "font face \"Liberation Sans Bold\" \(standIn) (did you mean face=\"Liberation Sans\" weight=\"bold\"?)",
            "font face \"liberation sans semi-bold italic\" \(standIn) (did you mean face=\"Liberation Sans\" weight=\"semibold\" slant=\"italic\"?)",
            "font face \"Liberaton Sans\" \(standIn) (did you mean face=\"Liberation Sans\"?)",
            "font face \"TeX Gyre Pagela\" \(standIn) (did you mean face=\"TeX Gyre Pagella\"?)",
        ])
    }

    /// A name no family is near keeps the list of the nearest, or where to look.
    func testAFarNameKeepsTheNearestFamilies() throws {
        let warnings = try fontWarnings("<font face=\"Liberation\">a</font>\n")
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].hasSuffix("(nearest: \"Liberation Sans\", \"Liberation Serif\"; `typesetter fonts` lists them all)"), "\(warnings)")
    }

    /// A face name of a megabyte is clipped in its warning as a colour is, and costs no search
    /// for the family meant (a tester's took 30 s and printed the whole name).
    func testAHugeFaceNameIsClippedAndNotSearched() throws {
        let name = String(repeating: "A", count: 1_000_000)
        let warnings = try fontWarnings("<font face=\"\(name)\">a</font>\n")
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].hasPrefix("font face \"\(name.clipped)\" not found"), String(warnings[0].prefix(200)))
        XCTAssertLessThan(warnings[0].count, 200)
    }
}
