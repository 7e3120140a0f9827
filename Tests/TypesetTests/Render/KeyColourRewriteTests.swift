@testable import Render
import Text
import XCTest

/// The finishing step's rewrite of Cairo's key colours (`KeyColourRewrite`, in C with the
/// content tokenizer): a key set as `rg` or `RG`, written as Cairo writes it (six decimals),
/// becomes its inks; anything else, an RGB colour near a key, the key's numbers in a string or
/// before another operator, is left as it was.
final class KeyColourRewriteTests: XCTestCase {
    private func cairoText(_ key: (red: Double, green: Double, blue: Double)) -> String {
        [key.red, key.green, key.blue].map { String(format: "%f", $0) }.joined(separator: " ")
    }

    func testKeysBecomeTheirInksAndNothingElseChanges() throws {
        let colours = PrintedColours()
        colours.beginPage(0)
        let red = colours.keyNumber(for: .cmyk(CMYK(cyan: 0, magenta: 0.9, yellow: 0.85, black: 0)))
        let gold = colours.keyNumber(for: .spot(SpotInk(name: "PANTONE 871 C", alternate: CMYK(cyan: 0.2, magenta: 0.3, yellow: 0.7, black: 0.15)), tint: 0.4))
        let grey = colours.keyNumber(for: .gray(0.3))
        let content = """
            q \(cairoText(CairoPrintedColour.key(red))) rg 0 0 10 10 re f
            \(cairoText(CairoPrintedColour.key(gold))) RG 0 0 m 10 10 l S
            \(cairoText(CairoPrintedColour.key(grey))) rg
            0.2 0.2 0.123456 rg (\(cairoText(CairoPrintedColour.key(red))) rg) Tj
            \(cairoText(CairoPrintedColour.key(red))) 1 sc Q

            """
        let rewritten = String(decoding: try KeyColourRewrite.rewrite(Array(content.utf8), colours: colours, of: "page 1"), as: UTF8.self)
        XCTAssertEqual(rewritten, """
            q 0 0.9 0.85 0 k
             0 0 10 10 re f
            /TypesetSpot0 CS 0.4 SCN
             0 0 m 10 10 l S
            0.7 g

            0.2 0.2 0.123456 rg (\(cairoText(CairoPrintedColour.key(red))) rg) Tj
            \(cairoText(CairoPrintedColour.key(red))) 1 sc Q

            """)
        XCTAssertEqual(colours.spotColourSpaces(onPage: 0).map(\.name), ["/TypesetSpot0"])
        XCTAssertEqual(colours.spotColourSpaces(onPage: 1).map(\.name), [])
    }

    /// Cairo compares colours by their 16-bit components and leaves out a source equal to the
    /// one in force: two keys equal there would paint the second in the first's inks (keys
    /// 1e-5 apart did, a spot's underline printing at the tint set before it).
    func testNoTwoKeysAreOneColourToCairo() {
        func short(_ value: Double) -> Int { Int((value * 65535).rounded()) }
        let keys = (0 ..< 2000).map { CairoPrintedColour.key($0) }
        XCTAssertEqual(Set(keys.map { [short($0.red), short($0.green), short($0.blue)] }).count, keys.count)
        XCTAssertTrue(keys.allSatisfy { [$0.red, $0.green].allSatisfy { (0 ... 1).contains($0) } })
    }

    func testAnUnreadableStreamIsAnError() {
        let colours = PrintedColours()
        _ = colours.keyNumber(for: .gray(1))
        XCTAssertThrowsError(try KeyColourRewrite.rewrite(Array("(never closed".utf8), colours: colours, of: "page 3"))
    }

    func testASpotsNameIsAPDFName() {
        XCTAssertEqual(SeparationColourSpace.pdfName("PANTONE 871 C"), "/PANTONE#20871#20C")
        XCTAssertEqual(SeparationColourSpace.pdfName("Gold#1/(a)"), "/Gold#231#2F#28a#29")
    }
}
