import Diagnostics
import Foundation
import Markup
import Text
import XCTest

/// Every example in docs/markup.md gives exactly the diagnostics it documents, none unless it
/// says so; the explicit checks of what each example produces are in MarkupLanguageTests.
final class MarkupDocumentationTests: XCTestCase {
    func testThePageHasExamplesAndEachIsNamedOnce() {
        let examples = MarkupExample.all
        XCTAssertGreaterThan(examples.count, 30, "docs/markup.md has its examples in ```markup blocks")
        for example in examples {
            XCTAssertFalse(example.name.isEmpty, "the example at docs/markup.md:\(example.line) needs an <!-- example: name --> line after it")
        }
        let names = examples.map(\.name)
        XCTAssertEqual(names.count, Set(names).count, "example names are unique: \(names)")
    }

    func testEveryExampleGivesTheDiagnosticsItDocuments() {
        for example in MarkupExample.all {
            let diagnostics = example.parse().diagnostics
            let context = "docs/markup.md:\(example.line) (\(example.name)): \(diagnostics)"
            XCTAssertEqual(diagnostics.count, example.expected.count, context)
            for (diagnostic, expected) in zip(diagnostics, example.expected) {
                XCTAssertEqual(diagnostic.severity, expected.severity, context)
                XCTAssertTrue(diagnostic.message.contains(expected.message), "\(context)\nexpected: \(expected.message)")
                XCTAssertNotNil(diagnostic.location, context)
            }
            XCTAssertFalse(example.parse().text.isEmpty, context)
        }
    }

    func testEveryTagAndAttributeIsDocumented() throws {
        let page = try String(contentsOfFile: MarkupExample.documentPath, encoding: .utf8)
        for tag in ["font", "p", "b", "i", "u", "s", "sup", "sub", "nobr", "br", "li", "img", "style", "rule", "meta", "section",
                    "columnbreak", "pagebreak", "exclusion", "a", "figure", "aside", "caption", "keep",
                    "table", "tr", "td", "th", "footnote", "import", "include", "master", "tint"] {
            XCTAssertTrue(page.contains("`<\(tag)"), "<\(tag)> is documented")
        }
        let attributes = ["face", "size", "color", "strokeColor", "strokeWidth", "weight", "style", "slant", "underline",
                          "underline-color", "strike", "strike-color", "background", "baseline", "tracking", "kerning",
                          "ligatures", "features", "shadow", "lang", "align", "indent", "head-indent", "tail-indent",
                          "space-before", "space-after", "line-height", "line-height-min", "line-height-max", "hyphenate",
                          "tabs", "tab-interval", "dir", "type", "marker", "start", "src", "width", "height", "name", "pattern",
                          "title", "header", "footer", "columns", "gutter", "href", "outline-level", "keep-together", "balance",
                          "shape", "cx", "cy", "r", "rx", "ry", "x", "y", "points", "padding", "page", "column-rule", "dropcap",
                          "dropcap-face", "dropcap-color", "float", "span", "margin", "border", "min-line-width",
                          "widths", "header-rows", "rules", "stripes", "valign", "colspan", "rowspan",
                          "footnote-numbering", "footnote-marks", "footnote-placement", "clean", "master", "of", "at"]
        for attribute in attributes {
            XCTAssertTrue(page.contains("| `\(attribute)` |"), "\(attribute) has a row in a table of docs/markup.md")
        }
    }
}
