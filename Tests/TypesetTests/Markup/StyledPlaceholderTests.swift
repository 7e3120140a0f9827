import Diagnostics
import Foundation
import Markup
import Pages
import Text
import TypesetKit
import XCTest

/// A placeholder printed in a named style (`{page style=folio}`): read, looked up in the
/// document's styles, set in the heads, and its mistakes located.
final class StyledPlaceholderTests: XCTestCase {
    func testAPlaceholderNamesItsStyle() throws {
        let template = try RunningTemplate(parsing: "|{page style=folio} of {pages}")
        XCTAssertEqual(template.right, [.styledField(.page, style: "folio", attributes: nil), .text(" of "), .field(.pages)])
        XCTAssertTrue(template.uses(.page))
        XCTAssertEqual(template.unresolvedStyleNames, ["folio"])
        XCTAssertEqual(template.expanded(page: 7, pages: 9, title: "").right, "7 of 9")
        XCTAssertThrowsError(try RunningTemplate(parsing: "{page colour=red}")) { error in
            XCTAssertTrue("\(error)".contains("a placeholder takes only a style"), "\(error)")
        }
    }

    func testTheMarkupLooksTheStyleUpAndAnUnknownOneIsAnErrorAtItsName() throws {
        let document = TestSupport.parse("""
            <style name="folio" size="14" weight="bold"/>
            <meta footer="|{page style=folio}">
            Text.
            """)
        XCTAssertEqual(document.diagnostics, [])
        guard case .styledField(.page, "folio", let attributes?) = document.meta.footer?.right.first else {
            return XCTFail("the folio's style is looked up: \(String(describing: document.meta.footer))")
        }
        XCTAssertEqual(attributes.fontSize, 14)
        XCTAssertEqual(attributes.fontWeight, 700)

        let unknown = TestSupport.parse("<meta footer=\"|{page style=folo}\">\nText.\n")
        let error = try XCTUnwrap(unknown.diagnostics.first)
        XCTAssertEqual(unknown.diagnostics.count, 1)
        XCTAssertTrue(error.message.contains("no style is named \"folo\""), error.message)
        XCTAssertEqual(error.location?.column, 22)
    }

    /// The folio is set in its style on the heads' one baseline; the rest of the line as before.
    func testTheFolioIsSetInItsStyle() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let document = try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: """
            <style name="folio" size="16"/>
            <meta title="Almanac" footer="{title}|{page style=folio}">
            Text.
            """), baseDirectory: "/")
        let page = try XCTUnwrap(Array(document.pages()).first)
        let lines = try XCTUnwrap(page.furniture?.frames.flatMap(\.lines))
        XCTAssertEqual(lines.count, 2)
        let sizes = lines.map { $0.runs.map(\.fontSize) }
        XCTAssertEqual(sizes, [[11 * 0.8], [16]])
        XCTAssertEqual(lines[0].origin.y, lines[1].origin.y, "one baseline")
    }

    func testAStyleInACommandLineTemplateIsAnError() throws {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.footer = try RunningTemplate(parsing: "{page style=folio}")
        XCTAssertThrowsError(try Typesetter(options: options).prepare(MarkupSource(fileName: "doc.txt", text: "Text.\n"), baseDirectory: "/")) { error in
            XCTAssertTrue("\(error)".contains("--footer: a style given on the command line cannot be looked up"), "\(error)")
        }
    }
}
