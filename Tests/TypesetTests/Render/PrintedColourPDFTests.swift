import Foundation
@testable import Markup
import Render
import TypesetKit
import XCTest

/// Colours written for the press reach the PDF in the space they were written in, read back
/// from the page's content streams (qpdf): `cmyk()` as `k`/`K`, `gray()` as `g`, a spot as its
/// `Separation` colour space with `scn`/`SCN` at its tint, whether typeset's text layer paints
/// them or Cairo (rules, tints, borders: drawn in key colours the finishing step rewrites);
/// overprinting text as an `ExtGState` with `/OP`; PNG pages through the naive conversion.
final class PrintedColourPDFTests: XCTestCase {
    private static let markup = """
        <swatch name="house-red" cmyk="0 90 85 0"/>
        <swatch name="gold" spot="PANTONE 871 C" cmyk="20 30 70 15"/>
        <section columns="2" column-rule="1 gold" background="gray(10%)">
        <p dropcap="2" dropcap-color="gold"><font color="house-red">Brains</font> are back on the menu this spring, <font color="gold" tint="40%">lightly tinted</font>, and <font color="gray(100%)" overprint="true">black over the tint</font>. \(String(repeating: "The keepers climb the stairs at dusk and light the lamp for the boats. ", count: 14))</p>
        <p><font background="cmyk(0, 0, 20, 0)" underline="single" underline-color="house-red">Underlined on a yellow tint</font>, in <font color="rgb(0, 128, 0)">plain RGB green</font>.</p>
        </section>

        """

    private func typeset(_ markup: String = markup, standards: Set<PDFStandard> = [], png: Bool = false) throws -> (output: String, report: TypesetReport) {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write(markup, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.pdfStandards = standards
        if png { options.format = .png }
        let output = directory.appendingPathComponent(png ? "page.png" : "doc.pdf").path
        let report = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output)
        XCTAssertEqual(report.diagnostics.filter { $0.severity == .error }.map(\.description), [])
        return (output, report)
    }

    /// Page 1's content streams, decoded and joined, and its resources.
    private func firstPage(of path: String) throws -> (content: String, resources: [String: Any], pdf: PDFObjectTree) {
        let pdf = try PDFObjectTree(pdfAt: path)
        let page = try XCTUnwrap(pdf.pages.first)
        let contents = page["/Contents"]
        let references = try (contents as? [Any])?.compactMap { $0 as? String } ?? [XCTUnwrap(contents as? String)]
        let content = try references.map { String(decoding: try pdf.streamData($0), as: UTF8.self) }.joined(separator: "\n")
        return (content, try XCTUnwrap(pdf.dictionary(page["/Resources"])), pdf)
    }

    func testEachColourIsPaintedInTheSpaceItWasWrittenIn() throws {
        let page = try firstPage(of: typeset().output)
        let content = page.content
        // The text layer's: a process swatch, a spot's tint, a grey, the drop cap's spot.
        XCTAssertTrue(content.contains("0 0.9 0.85 0 k"), "house-red text as CMYK")
        XCTAssertTrue(content.contains("/TypesetSpot0 cs 0.4 scn"), "gold at 40 % as a tint of the spot")
        XCTAssertTrue(content.contains("/TypesetSpot0 cs 1 scn"), "the drop cap in the spot")
        XCTAssertTrue(content.contains("0 g"), "100 % black as DeviceGray")
        // Cairo's, rewritten: the section's tint, the spot column rule, a run's background,
        // an underline.
        XCTAssertTrue(content.contains("0.9 g"), "the section's 10 % grey tint")
        XCTAssertTrue(content.contains("/TypesetSpot0 CS 1 SCN"), "the column rule stroked in the spot")
        XCTAssertTrue(content.contains("0 0 0.2 0 k"), "the run's background as CMYK")
        XCTAssertTrue(content.contains("0 0.9 0.85 0 K") || content.contains("0 0.9 0.85 0 k"), "the underline in house-red")
        XCTAssertTrue(content.contains("0 0.502 0 rg"), "RGB stays RGB: \(content.prefix(400))")
        XCTAssertFalse(content.contains("0.123457"), "no key colour is left (their blue)")

        let spaces = try XCTUnwrap(page.pdf.dictionary(page.resources["/ColorSpace"]))
        let spot = try XCTUnwrap(page.pdf.array(spaces["/TypesetSpot0"]))
        XCTAssertEqual(spot.prefix(3).compactMap { $0 as? String }, ["/Separation", "/PANTONE 871 C", "/DeviceCMYK"], "the name as qpdf decodes it")
        let tint = try XCTUnwrap(page.pdf.dictionary(spot.last))
        XCTAssertEqual((tint["/C1"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }, [0.2, 0.3, 0.7, 0.15], "the alternate: the swatch's mix")
        XCTAssertEqual((tint["/C0"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }, [0, 0, 0, 0])

        let states = try XCTUnwrap(page.pdf.dictionary(page.resources["/ExtGState"]))
        let overprinting = states.values.compactMap { page.pdf.dictionary($0) }.filter { $0["/OP"] as? Bool == true }
        XCTAssertEqual(overprinting.count, 1, "\(states)")
        XCTAssertEqual(overprinting.first?["/op"] as? Bool, true)
        XCTAssertEqual(overprinting.first?["/OPM"] as? Int, 1)
    }

    /// PDF/X-4 with only inks and with RGB as well: both still pass qpdf's check (every test's
    /// PDF does, `PDFCheck`), and the spot keeps its space beside the sRGB label.
    func testAPDFX4FileKeepsTheInks() throws {
        let run = try typeset(standards: [.x4])
        let page = try firstPage(of: run.output)
        XCTAssertTrue(page.content.contains("/TypesetSpot0 CS 1 SCN"))
        XCTAssertTrue(page.content.contains("0 0.9 0.85 0 k"))
        let spaces = try XCTUnwrap(page.pdf.dictionary(page.resources["/ColorSpace"]))
        XCTAssertNotNil(spaces["/TypesetSpot0"])
        XCTAssertNotNil(spaces["/DefaultRGB"])
        XCTAssertEqual(notes(of: run.report),
                       ["PDF/X-4: some colours are given in RGB beside the inks, labelled sRGB for the press to convert; give them as cmyk(), gray() or a swatch to print them as inks"])
    }

    /// Every stream of the file, expanded (qpdf's QDF form), as text.
    private func expanded(_ path: String) throws -> String {
        let expanded = path + ".qdf.pdf"
        XCTAssertNotNil(TestSupport.runTool(PDFCheck.qpdf, ["--qdf", "--object-streams=disable", path, expanded]))
        return String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: expanded)), as: UTF8.self)
    }

    /// The lines of `file` that set an RGB colour (`rg`, `RG`).
    private func rgbOperators(in file: String) -> [Substring] {
        file.split(separator: "\n").filter { $0.hasSuffix(" rg") || $0.hasSuffix(" RG") || $0.contains(" rg ") || $0.contains(" RG ") }
    }

    /// A shadow in an ink is painted in it: the blurred one's fill is a form of Cairo's under
    /// its soft mask, whose keys the finishing step writes as inks too, and whose RGB blending
    /// space goes, so that the inks are not blended through RGB.
    func testAShadowInAnInkIsPaintedInIt() throws {
        let run = try typeset("<swatch name=\"gold\" spot=\"PANTONE 871 C\" cmyk=\"20 30 70 15\"/>\n<font size=\"30\" shadow=\"2 2 3 cmyk(0, 90, 85, 0)\">Blurred</font> <font size=\"30\" shadow=\"2 2 0 gold\">sharp</font> <font size=\"30\" shadow=\"2 2 3 gold\">spot</font>\n",
                              standards: [.x4])
        let file = try expanded(run.output)
        XCTAssertFalse(file.contains("0.123457"), "a key colour left in the file")
        XCTAssertEqual(rgbOperators(in: file), [], "no colour in RGB")
        XCTAssertTrue(file.contains("0 0.9 0.85 0 k"), "the blurred shadow in its CMYK")
        XCTAssertTrue(file.contains("/TypesetSpot0 cs 1 scn"), "the shadows in the spot")
        XCTAssertEqual(notes(of: run.report), ["PDF/X-4: every colour typeset painted is a CMYK, grey or spot ink"])
    }

    /// Running heads in a spot: they are set on pages of their own after the last page (Cairo
    /// once drew them there, on a form whose resources got no colour space for the spot:
    /// poppler "Bad color space 'TypesetSpot0'", the folio not drawn); their text is the
    /// layer's, laid on the page, whose resources name the spot.
    func testRunningHeadsInASpotNameItsColourSpace() throws {
        let markup = """
            <swatch name="gold" spot="PANTONE 871 C" cmyk="20 30 70 15"/>
            <style name="folio" color="gold"/>
            <meta header="{page style=folio} Spring" footer="Issue {page style=folio} of {pages}"/>
            First page.
            <pagebreak>
            Second page.

            """
        let page = try firstPage(of: typeset(markup).output)
        XCTAssertTrue(page.content.contains("/TypesetSpot0 cs 1 scn"), page.content)
        let spaces = try XCTUnwrap(page.pdf.dictionary(page.resources["/ColorSpace"]), "\(page.resources)")
        XCTAssertEqual(page.pdf.array(spaces["/TypesetSpot0"])?.prefix(2).compactMap { $0 as? String }, ["/Separation", "/PANTONE 871 C"])
    }

    /// What the document gives no colour is black ink alone (DeviceGray 0, InDesign's [Black]
    /// on a CMYK press): text back to black after a coloured run, underlines, column rules,
    /// the footnote rule, table rules, shadows, running heads. A document written in inks
    /// then paints no RGB at all, and a PDF/X-4 run says so.
    func testWhatTheDocumentGivesNoColourIsBlackInk() throws {
        let markup = """
            <meta header="{page} Spring" footer="Issue 4"/>
            <swatch name="house-red" cmyk="0 90 85 0"/>
            <section columns="2" column-rule="1">
            <p><font color="house-red">Brains</font> then black again, <u>underlined</u>, <font size="20" shadow="2 2 3">blurred</font> and <font size="20" shadow="2 2 0">sharp</font>.<footnote>A note under its rule.</footnote> \(String(repeating: "The keepers climb the stairs at dusk and light the lamp for the boats. ", count: 12))</p>
            <table><tr><td>One</td><td>Two</td></tr><tr><td>Three</td><td>Four</td></tr></table>
            </section>
            <pagebreak>
            A second page, for the header.

            """
        let run = try typeset(markup, standards: [.x4])
        let file = try expanded(run.output)
        XCTAssertEqual(rgbOperators(in: file), [], "no colour in RGB")
        XCTAssertFalse(file.contains("0.123457"), "a key colour left in the file")
        XCTAssertTrue(file.contains("0 g"), "black ink")
        XCTAssertTrue(file.contains("0.35 G"), "the table's rules, 65 % black")
        XCTAssertEqual(notes(of: run.report), ["PDF/X-4: every colour typeset painted is a CMYK, grey or spot ink"])
        let rgb = try typeset("<font color=\"black\">CSS's black is RGB, as written.</font>\n", standards: [.x4])
        XCTAssertTrue(try expanded(rgb.output).contains("0 0 0 rg"))
    }

    private func notes(of report: TypesetReport) -> [String] {
        report.diagnostics.filter { $0.severity == .note }.map(\.message)
    }

    /// A document whose every colour is an ink says so; one all in RGB says nothing, as before.
    func testAPDFX4RunSaysWhetherEveryColourIsAnInk() throws {
        let inks = try typeset("<swatch name=\"ink\" gray=\"100\"/>\n<font color=\"ink\">All <font color=\"cmyk(0, 90, 85, 0)\">ink</font>.</font>\n", standards: [.x4])
        XCTAssertEqual(notes(of: inks.report), ["PDF/X-4: every colour typeset painted is a CMYK, grey or spot ink"])
        let rgb = try typeset("<font color=\"red\">All RGB.</font>\n", standards: [.x4])
        XCTAssertEqual(notes(of: rgb.report), [])
        let screen = try typeset("<font color=\"cmyk(0, 90, 85, 0)\">Not for the press.</font>\n")
        XCTAssertEqual(notes(of: screen.report), [], "no note without PDF/X-4")
    }

    /// A PNG page shows a CMYK tint through the press profile (LittleCMS): 20 % yellow is
    /// (1, 0.987, 0.837), where the naive conversion made it (1, 1, 0.8).
    func testAPNGPageShowsTheInksConverted() throws {
        let markup = "<swatch name=\"pale\" cmyk=\"0 0 20 0\"/>\n<section background=\"pale\" bleed=\"true\">\nA tinted page.\n</section>\n"
        let (output, _) = try typeset(markup, png: true)
        let pixels = try Pixels(pngAt: String(output.dropLast(4)) + "-001.png")
        let corner = pixels.rgb(x: 2, y: 2)
        XCTAssertEqual(corner.r, 1, accuracy: 0.5 / 255)
        XCTAssertEqual(corner.g, 0.9865, accuracy: 1.5 / 255)
        XCTAssertEqual(corner.b, 0.8369, accuracy: 1.5 / 255)
        XCTAssertEqual(ProcessInkLook.profilePath, OutputIntent.defaultProfilePath, "the press the PDF/X-4 files are made for by default")
    }
}
