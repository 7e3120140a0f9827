import Diagnostics
import Markup
import Text
import XCTest

/// Colours for the press: `cmyk()` and `gray()` read as printed inks wherever a colour is
/// taken, `<swatch>` declared once and named by colours, `tint`, `overprint`, and each bad
/// value reported where it is written.
final class SwatchMarkupTests: XCTestCase {
    private static let houseRed = CMYK(cyan: 0, magenta: 0.9, yellow: 0.85, black: 0)
    private static let gold = SpotInk(name: "PANTONE 871 C", alternate: CMYK(cyan: 0.2, magenta: 0.3, yellow: 0.7, black: 0.15))

    private func only(_ markup: String, _ severity: Diagnostic.Severity, line: Int, column: Int,
                      file: StaticString = #filePath, at: UInt = #line) throws -> Diagnostic {
        try TestSupport.onlyDiagnostic(markup, severity, line: line, column: column, file: file, at: at)
    }

    private func assertLook(of color: Color, is rgb: (Double, Double, Double), _ message: String, line: UInt = #line) {
        XCTAssertEqual(color.red, rgb.0, accuracy: 0.002, message, line: line)
        XCTAssertEqual(color.green, rgb.1, accuracy: 0.002, message, line: line)
        XCTAssertEqual(color.blue, rgb.2, accuracy: 0.002, message, line: line)
    }

    func testCMYKAndGrayAreReadAsInks() {
        let document = TestSupport.parse(#"<font color="cmyk(0%, 90%, 85%, 0%)">red</font> <font color="gray(30%)">grey</font> <font color="CMYK(100 0 0 0)">cyan</font>"#)
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        XCTAssertEqual(document.attributes(of: "red").color.printed, .cmyk(Self.houseRed))
        XCTAssertEqual(document.attributes(of: "grey").color.printed, .gray(0.3))
        XCTAssertEqual(document.attributes(of: "cyan").color.printed, .cmyk(CMYK(cyan: 1, magenta: 0, yellow: 0, black: 0)))
        // Shown on screen: a grey as its level, 30 % black 70 % light; a process colour
        // through the press profile (LittleCMS), not the naive 1 − c, which made cyan (0, 1, 1).
        XCTAssertEqual(document.attributes(of: "grey").color.red, 0.7, accuracy: 1e-9)
        assertLook(of: document.attributes(of: "cyan").color, is: (0, 0.6809, 0.9381), "SWOP's cyan in sRGB, clipped")
        assertLook(of: document.attributes(of: "red").color, is: (0.9376, 0.2538, 0.2121), "naive: (1, 0.1, 0.15)")
        // The names that begin alike stay names.
        let names = TestSupport.parse(#"<font color="gray">a</font> <font color="grey">b</font> <font color="greenyellow">c</font>"#)
        XCTAssertEqual(names.diagnostics.map(\.description), [])
        XCTAssertNil(names.attributes(of: "a").color.printed)
        XCTAssertNil(names.attributes(of: "b").color.printed)
    }

    func testASwatchIsNamedWhereverAColourIsTaken() {
        let document = TestSupport.parse("""
            <swatch name="house-red" cmyk="0 90 85 0"/>
            <swatch name="gold" spot="PANTONE 871 C" cmyk="20, 30, 70, 15"/>
            <style name="kicker" color="Gold" tint="40%"/>
            <section column-rule="0.5 gold" background="house-red" tint="10%">
            <p style="kicker">Kicker</p>
            <p dropcap="2" dropcap-color="house-red"><font color="house-red">Brains</font> and <font color="gold" tint="40%" background="house-red">tinted</font> words.</p>
            </section>

            """)
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        XCTAssertEqual(document.attributes(of: "Brains").color.printed, .cmyk(Self.houseRed))
        XCTAssertEqual(document.attributes(of: "Kicker").color.printed, .spot(Self.gold, tint: 0.4), "in a style, with its tint")
        let tinted = document.attributes(of: "tinted")
        XCTAssertEqual(tinted.color.printed, .spot(Self.gold, tint: 0.4))
        assertInks(tinted.backgroundColor, [0, 0.36, 0.34, 0], "the tag's tint, every swatch of it")
        XCTAssertEqual(document.paragraphStyle(of: "Brains").dropCap.color?.printed, .cmyk(Self.houseRed))
        let section = try? XCTUnwrap(document.sections.first?.style)
        assertInks(section?.background, [0, 0.09, 0.085, 0])
        XCTAssertEqual(section?.columnRule?.color.printed, .spot(Self.gold, tint: 0.1))
    }

    /// The issue's own gold is CSS's name too: the swatch is what the document means by it.
    func testASwatchNamedLikeAColourIsTheSwatch() {
        let document = TestSupport.parse("<font color=\"gold\">before</font>\n<swatch name=\"gold\" spot=\"PANTONE 871 C\" cmyk=\"20 30 70 15\"/>\n<font color=\"gold\">after</font>")
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        XCTAssertNil(document.attributes(of: "before").color.printed, "CSS's gold, until the swatch is declared")
        XCTAssertEqual(document.attributes(of: "after").color.printed, .spot(Self.gold, tint: 1))
    }

    /// A master's tint band and rule take `tint` as any tag that takes a colour does (it was
    /// read on the text's tags only, and a master's band printed at full strength, unwarned).
    func testAMastersFurnitureTakesATint() throws {
        let document = TestSupport.parse("""
            <swatch name="gold" spot="PANTONE 871 C" cmyk="20 30 70 15"/>
            <swatch name="navy" cmyk="100 78 22 32"/>
            <master name="advert">
              <tint at="0 -0" height="120" color="gold" tint="35%">
              <rule at="0 -150" thickness="1.5" color="navy" tint="50%">
              <rule at="0 -160" color="gold">
            </master>
            <pagebreak master="advert">
            Text.
            """)
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        let colours = try XCTUnwrap(document.meta.masters.first).items.map { item -> Color in
            switch item.content {
            case .tint(let color), .rule(let color): return color
            case .picture, .text: return .black
            }
        }
        XCTAssertEqual(colours.count, 3)
        XCTAssertEqual(colours.first?.printed, .spot(Self.gold, tint: 0.35))
        assertInks(colours.dropFirst().first, [0.5, 0.39, 0.11, 0.16], "the rule's swatch screened to 50 %")
        XCTAssertEqual(colours.last?.printed, .spot(Self.gold, tint: 1), "the tint is the tag's alone")
    }

    private func assertInks(_ color: Color?, _ expected: [Double], _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        guard case .cmyk(let inks)? = color?.printed else { return XCTFail("\(String(describing: color)) is not CMYK", file: file, line: line) }
        for (component, value) in zip(inks.components, expected) { XCTAssertEqual(component, value, accuracy: 1e-9, message, file: file, line: line) }
    }

    func testAnUnknownSwatchIsAnErrorAtTheValueWithTheNearestName() throws {
        let error = try only("<swatch name=\"house-red\" cmyk=\"0 90 85 0\"/>\n<font color=\"house-rde\">Run</font>", .error, line: 2, column: 14)
        XCTAssertTrue(error.message.hasPrefix("unknown color \"house-rde\" (did you mean 'house-red'?"), error.message)
        XCTAssertTrue(error.message.contains("swatches: house-red"), error.message)
    }

    func testASwatchIsDeclaredBeforeItIsUsed() throws {
        let error = try only("<font color=\"brass\">Brass</font>\n<swatch name=\"brass\" cmyk=\"20 30 70 15\"/>", .error, line: 1, column: 14)
        XCTAssertTrue(error.message.hasPrefix("unknown color \"brass\""), error.message)
    }

    /// The same name with other inks is an error at the second name, as InDesign refuses a
    /// second swatch of a name; the same inks again are accepted, as a style sheet read twice.
    func testASwatchDeclaredAgainWithOtherInksIsAnError() throws {
        let error = try only("<swatch name=\"gold\" cmyk=\"20 30 70 15\"/>\n<swatch name=\"Gold\" cmyk=\"0 0 100 0\"/>\nText", .error, line: 2, column: 15)
        XCTAssertEqual(error.message, "swatch \"Gold\" is already declared with other inks (cmyk=\"20 30 70 15\"); give this one a name of its own")
        let again = TestSupport.parse("<swatch name=\"gold\" cmyk=\"20 30 70 15\"/>\n<swatch name=\"gold\" cmyk=\"20% 30% 70% 15%\"/>\n<font color=\"gold\">Gold</font>")
        XCTAssertEqual(again.diagnostics.map(\.description), [])
    }

    func testBadSwatchesAreErrorsAtTheirCause() throws {
        XCTAssertTrue(try only("<swatch name=\"gold\" spot=\"PANTONE 871 C\"/>\nText", .error, line: 1, column: 27).message.contains("needs its process alternate"))
        XCTAssertTrue(try only("<swatch name=\"gold\" cmyk=\"20 30 70\"/>\nText", .error, line: 1, column: 27).message.hasPrefix("cmyk must be four percentages"))
        XCTAssertTrue(try only("<swatch name=\"gold\" cmyk=\"20 30 70 150\"/>\nText", .error, line: 1, column: 27).message.hasPrefix("cmyk must be four percentages"))
        XCTAssertTrue(try only("<swatch cmyk=\"20 30 70 15\"/>\nText", .error, line: 1, column: 1).message.hasPrefix("<swatch> needs a name"))
        XCTAssertTrue(try only("<swatch name=\"gold\"/>\nText", .error, line: 1, column: 1).message.hasPrefix("<swatch> needs one of"))
        XCTAssertTrue(try only("<font color=\"cmyk(0, 90, 85)\">x</font>", .error, line: 1, column: 14).message.contains("cmyk(c, m, y, k) or gray(k)"))
    }

    func testATintWithNoSwatchToTintIsWarnedOf() throws {
        let warning = try only("<font color=\"red\" tint=\"40%\">x</font>", .warning, line: 1, column: 19)
        XCTAssertTrue(warning.message.hasPrefix("tint applies to a swatch"), warning.message)
        XCTAssertTrue(try only("<swatch name=\"gold\" cmyk=\"20 30 70 15\"/>\n<font color=\"gold\" tint=\"140%\">x</font>", .error, line: 2, column: 26)
            .message.hasPrefix("tint must be a percentage"))
    }

    func testOverprintIsACharacterAttribute() {
        let document = TestSupport.parse(#"<font color="gray(100%)" overprint="true">over</font> knocked out"#)
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        XCTAssertTrue(document.attributes(of: "over").overprint)
        XCTAssertFalse(document.attributes(of: "knocked").overprint)
    }
}
