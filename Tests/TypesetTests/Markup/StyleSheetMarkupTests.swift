import Diagnostics
import Foundation
import Markup
import Text
import XCTest

/// Style sheets (`<import src>`, `MarkupParser.styleSheets`): what they hold, how they nest,
/// which definition wins, and their errors located in the sheet.
final class StyleSheetMarkupTests: XCTestCase {
    private static let house = """
        <!-- The house style. -->
        <style name="kicker" face="Liberation Sans" size="14" weight="bold" space-after="4"/>
        <style name="standfirst" slant="italic" indent="0"/>
        <rule pattern="ZOMBIE" color="red"/>
        <meta header="{title}" footer="{page}">

        """

    private static let story = """
        <p style="kicker">News</p>
        A ZOMBIE walked in.
        <p style="standfirst">And out again.</p>

        """

    private func parse(_ name: String, in directory: URL, sheets: [String] = [], languageIsFixed: Bool = false) throws -> MarkupDocument {
        var parser = TestSupport.parser(baseDirectory: directory.path)
        parser.styleSheets = sheets
        parser.defaults.languageIsFixed = languageIsFixed
        let path = directory.appendingPathComponent(name).path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return parser.parse(try MarkupSource(fileName: path, bytes: bytes))
    }

    /// The same characters with the same attributes and paragraph styles, run by run.
    private func assertSameText(_ a: MarkupDocument, _ b: MarkupDocument, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.text.string, b.text.string, file: file, line: line)
        let all = 0 ..< a.text.length
        XCTAssertEqual(a.text.attributeRuns(in: all).map(\.range), b.text.attributeRuns(in: all).map(\.range), file: file, line: line)
        XCTAssertEqual(a.text.attributeRuns(in: all).map(\.attributes), b.text.attributeRuns(in: all).map(\.attributes), file: file, line: line)
        let paragraphs = { (text: AttributedText) in (0 ..< text.length).map { text.paragraphStyle(at: $0) } }
        XCTAssertEqual(paragraphs(a.text), paragraphs(b.text), file: file, line: line)
    }

    /// A house sheet's swatches are the documents' colours: a style in the sheet and the text
    /// after the `<import>` name them as if they were declared inline, and a document's swatch
    /// of the same name and other inks is an error, as one declared twice inline is.
    func testASheetsSwatchesAreTheDocumentsColours() throws {
        let sheet = "<swatch name=\"house-red\" cmyk=\"0 90 85 0\">\n<style name=\"kicker\" color=\"house-red\"/>\n"
        let story = "<p style=\"kicker\">News</p>\n<font color=\"house-red\" tint=\"40%\">A tint.</font>\n"
        let directory = try makeFolder(["house.tss": sheet, "imported.txt": "<import src=\"house.tss\">\n" + story, "inline.txt": sheet + story,
                                    "clash.txt": "<import src=\"house.tss\">\n<swatch name=\"house-red\" cmyk=\"0 100 100 0\">\nText.\n"])
        let imported = try parse("imported.txt", in: directory)
        XCTAssertTrue(imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        assertSameText(imported, try parse("inline.txt", in: directory))
        let clash = try parse("clash.txt", in: directory)
        XCTAssertTrue(clash.diagnostics.contains { $0.severity == .error && $0.message.contains("already declared") }, "\(clash.diagnostics)")
    }

    func testASheetGivesTheSameTextAsItsDeclarationsWrittenInline() throws {
        let directory = try makeFolder(["house.tss": Self.house,
                                    "imported.txt": "<import src=\"house.tss\">\n" + Self.story,
                                    "inline.txt": Self.house + Self.story,
                                    "second.txt": "<import src=\"house.tss\">\n<p style=\"standfirst\">Second ZOMBIE.</p>\n",
                                    "second-inline.txt": Self.house + "<p style=\"standfirst\">Second ZOMBIE.</p>\n"])
        let imported = try parse("imported.txt", in: directory)
        let inline = try parse("inline.txt", in: directory)
        XCTAssertEqual(imported.diagnostics, [])
        assertSameText(imported, inline)
        XCTAssertEqual(imported.meta, inline.meta)
        XCTAssertEqual(imported.attributes(of: "ZOMBIE").color, inline.attributes(of: "ZOMBIE").color)
        XCTAssertEqual(imported.attributes(of: "News").fontSize, 14)
        XCTAssertEqual(imported.styleSheets, [directory.appendingPathComponent("house.tss").standardizedFileURL.path])
        assertSameText(try parse("second.txt", in: directory), try parse("second-inline.txt", in: directory))
        // The same sheet given as `--style` gives it to a document that does not import it.
        let styled = try parse("second-inline.txt", in: directory, sheets: [directory.appendingPathComponent("house.tss").path])
        assertSameText(styled, try parse("second.txt", in: directory))
    }

    func testImportsNestBesideTheImportingSheet() throws {
        let directory = try makeFolder(["doc.txt": "<import src=\"styles/house.tss\">\n<p style=\"deep\">Deep.</p>\n",
                                    "styles/house.tss": "<import src=\"parts/base.tss\">\n<style name=\"middle\" size=\"8\"/>\n",
                                    "styles/parts/base.tss": "<style name=\"deep\" size=\"20\"/>\n"])
        let document = try parse("doc.txt", in: directory)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.attributes(of: "Deep").fontSize, 20)
        XCTAssertEqual(document.styleSheets.map { URL(fileURLWithPath: $0).lastPathComponent }, ["house.tss", "base.tss"])
    }

    func testASheetTwoSheetsImportIsReadOnce() throws {
        let directory = try makeFolder(["base.tss": "<style name=\"deck\" size=\"12\"/>\n",
                                    "news.tss": "<import src=\"base.tss\">\n<style name=\"kicker\" style=\"deck\" weight=\"bold\"/>\n",
                                    "sport.tss": "<import src=\"base.tss\">\n<style name=\"score\" style=\"deck\" size=\"20\"/>\n",
                                    "doc.txt": "<import src=\"news.tss\">\n<import src=\"sport.tss\">\n<p style=\"score\">3–1</p>\n"])
        let document = try parse("doc.txt", in: directory)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.styleSheets.map { URL(fileURLWithPath: $0).lastPathComponent }, ["news.tss", "base.tss", "sport.tss"])
        XCTAssertEqual(document.attributes(of: "3–1").fontSize, 20)
    }

    func testASheetReplacingAnotherSheetsDefinitionSaysSoButTheDocumentDoesNot() throws {
        let directory = try makeFolder(["a.tss": "<style name=\"kicker\" size=\"10\"/>\n<meta footer=\"{page}\">\n",
                                    "b.tss": "\n<style name=\"Kicker\" size=\"12\"/>\n<meta footer=\"- {page} -\">\n",
                                    "doc.txt": "<import src=\"a.tss\">\n<import src=\"b.tss\">\n<style name=\"kicker\" size=\"16\"/>\n"
                                        + "<p style=\"kicker\">Head</p>\n"])
        let document = try parse("doc.txt", in: directory)
        XCTAssertEqual(document.diagnostics.map(\.severity), [.warning, .warning])
        let style = document.diagnostics[0]
        let messages = document.diagnostics.map { $0.message.replacingOccurrences(of: directory.path + "/", with: "") }
        XCTAssertTrue(messages[0].contains("style \"Kicker\" replaces the one defined at a.tss:1"), messages[0])
        XCTAssertEqual(style.location?.file.hasSuffix("b.tss"), true)
        XCTAssertEqual(style.location?.line, 2)
        XCTAssertTrue(messages[1].contains("<meta footer> replaces the one defined at a.tss:2"), messages[1])
        // The document's own definition wins, silently.
        XCTAssertEqual(document.attributes(of: "Head").fontSize, 16)
    }

    func testACycleIsAnErrorNamingBothFilesInTheSheetThatClosesIt() throws {
        let directory = try makeFolder(["a.tss": "<import src=\"b.tss\">\n",
                                    "b.tss": "<style name=\"x\" size=\"9\"/>\n<import src=\"a.tss\">\n",
                                    "doc.txt": "<import src=\"a.tss\">\nText.\n"])
        let document = try parse("doc.txt", in: directory)
        let error = try XCTUnwrap(document.diagnostics.onlyElement)
        XCTAssertEqual(error.severity, .error)
        let message = error.message.replacingOccurrences(of: directory.path + "/", with: "")
        XCTAssertTrue(message.contains("import cycle: a.tss → b.tss → a.tss"), message)
        XCTAssertEqual(error.location?.file.hasSuffix("b.tss"), true)
        XCTAssertEqual(error.location?.line, 2)
    }

    func testAMissingSheetOrOneOutsideTheRootIsAnErrorAtTheImport() throws {
        let outside = try makeFolder(["far.tss": "<style name=\"x\" size=\"9\"/>\n"])
        let directory = try makeFolder(["doc.txt": "<import src=\"nowhere.tss\">\n<import src=\"\(outside.path)/far.tss\">\nText.\n"])
        let document = try parse("doc.txt", in: directory)
        XCTAssertEqual(document.diagnostics.map(\.severity), [.error, .error])
        XCTAssertTrue(document.diagnostics[0].message.contains("style sheet \"nowhere.tss\" not found"), document.diagnostics[0].message)
        XCTAssertEqual(document.diagnostics[0].location?.line, 1)
        XCTAssertTrue(document.diagnostics[1].message.contains("is outside the folder"), document.diagnostics[1].message)
        XCTAssertEqual(document.diagnostics[1].location?.line, 2)
    }

    func testASheetHoldsOnlyDeclarations() throws {
        let directory = try makeFolder(["house.tss": "<style name=\"x\" size=\"9\"/>\n\n  Some text.\n<p style=\"x\">\n<b>\n",
                                    "doc.txt": "<import src=\"house.tss\">\nText.\n"])
        let document = try parse("doc.txt", in: directory)
        XCTAssertEqual(document.diagnostics.map(\.severity), [.error, .error, .error])
        XCTAssertTrue(document.diagnostics.allSatisfy { $0.location?.file.hasSuffix("house.tss") == true })
        XCTAssertEqual(document.diagnostics.map { $0.location?.line }, [3, 4, 5])
        XCTAssertEqual(document.diagnostics[0].location?.column, 3)
        XCTAssertTrue(document.diagnostics[0].message.contains("a style sheet holds only declarations"), document.diagnostics[0].message)
        XCTAssertTrue(document.diagnostics[1].message.contains("<p> is not a declaration"), document.diagnostics[1].message)
    }

    /// One error, saying where to move it; the sheet is read all the same, so that each use of
    /// its styles is not one more error (a tester's late import gave one at every `style="x"`),
    /// while a real mistake after it is still found.
    func testAnImportAfterTheTextIsOneErrorAndItsStylesAreStillKnown() throws {
        let directory = try makeFolder(["house.tss": "<style name=\"x\" size=\"9\"/>\n<style name=\"body\" size=\"10\"/>\n",
                                        "doc.txt": "<meta title=\"T\">\nText.\n<import src=\"house.tss\">\n<p style=\"x\">Kicker</p>\n"
                                            + "<font style=\"x\">again</font> <font color=\"reddish\">bad</font>\n"])
        let diagnostics = try parse("doc.txt", in: directory).diagnostics
        XCTAssertEqual(diagnostics.map(\.severity), [.error, .error], "\(diagnostics)")
        XCTAssertEqual(diagnostics.map { $0.location?.line }, [3, 5])
        XCTAssertEqual(diagnostics[0].message, "<import> must come before the text: the declarations it brings concern all of it; "
                       + "move it above line 2, where the text begins")
        XCTAssertTrue(diagnostics[1].message.hasPrefix("unknown color \"reddish\""), diagnostics[1].message)
    }

    func testBodyRestylesTheUntaggedTextAndACleanStyleStartsFromTheDefaults() throws {
        let directory = try makeFolder(["house.tss": "<style name=\"body\" size=\"9\" indent=\"12\"/>\n"
                                        + "<style name=\"head\" clean=\"on\" size=\"14\"/>\n",
                                    "doc.txt": "<import src=\"house.tss\">\nPlain text.\n<p style=\"head\">A head</p>\n"
                                        + "<p style=\"subheadline\">A subhead</p>\nMore plain text.\n"])
        let document = try parse("doc.txt", in: directory)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.attributes(of: "Plain text").fontSize, 9)
        XCTAssertEqual(document.paragraphStyle(of: "Plain text").firstLineIndent, 12)
        XCTAssertEqual(document.paragraphStyle(of: "More plain").firstLineIndent, 12)
        XCTAssertEqual(document.paragraphStyle(of: "A head").firstLineIndent, 0)
        XCTAssertEqual(document.attributes(of: "A head").fontSize, 14)
        // Another style replaces the body's settings in plain body text: one style a paragraph.
        XCTAssertEqual(document.paragraphStyle(of: "A subhead").firstLineIndent, 0)
        XCTAssertEqual(document.attributes(of: "A subhead").fontSize, TestSupport.parse("<p style=\"subheadline\">A subhead").attributes(of: "A subhead").fontSize)
    }

    func testAStyleInsideChangedTextAddsToItButACleanOneStartsFromTheDefaults() {
        let document = TestSupport.parse("""
            <style name="body" indent="12" tail-indent="20"/>
            <style name="head" clean="on" size="14"/>
            <p align="center">
            <p style="subheadline">Centred subhead</p>
            <p style="head">Clean head</p>
            """)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.paragraphStyle(of: "Centred subhead").tailIndent, 20)
        // A heading never takes a first-line indent from the body (the predefined styles set none).
        XCTAssertEqual(document.paragraphStyle(of: "Centred subhead").firstLineIndent, 0)
        XCTAssertEqual(document.paragraphStyle(of: "Clean head").tailIndent, 0)
        XCTAssertEqual(document.paragraphStyle(of: "Clean head").firstLineIndent, 0)
        XCTAssertEqual(document.paragraphStyle(of: "Clean head").alignment, .justify)
    }

    func testBodyDefinedAfterTheTextWarns() {
        let document = TestSupport.parse("Text.\n<style name=\"body\" size=\"9\"/>\n")
        let warning = document.diagnostics.onlyElement
        XCTAssertTrue(warning?.message.contains("restyles only <p style=\"body\">") == true, "\(document.diagnostics)")
        XCTAssertEqual(document.attributes(of: "Text").fontSize, TestSupport.parse("Text.\n").attributes(of: "Text").fontSize)
    }

    func testMetaLangSetsTheTextsLanguageUnlessTheCommandLineGaveOne() throws {
        let directory = try makeFolder(["doc.txt": "<meta lang=\"de\">\nStraße.\n", "bad.txt": "<meta lang=\"not a tag\">\nText.\n"])
        let document = try parse("doc.txt", in: directory)
        XCTAssertEqual(document.diagnostics, [])
        XCTAssertEqual(document.meta.language, "de")
        XCTAssertEqual(document.attributes(of: "Straße").language, "de")
        XCTAssertEqual(try parse("doc.txt", in: directory, languageIsFixed: true).attributes(of: "Straße").language,
                       TestSupport.parse("Text.\n").attributes(of: "Text").language)
        XCTAssertEqual(try parse("bad.txt", in: directory).diagnostics.map(\.severity), [.error])
    }
}

private extension Array {
    /// The one element, nil when there are none or several.
    var onlyElement: Element? { count == 1 ? first : nil }
}
