import Diagnostics
import Foundation
import Render
import TypesetKit
import XCTest

/// `--pdf-standard ua1`: the tagged PDF every run writes, identified as PDF/UA-1 in its XMP,
/// with the catalog entries a PDF/UA reader looks for; a picture nothing describes and a
/// document without a title are errors that write nothing (warnings, or nothing, without it).
final class PDFUATests: XCTestCase {
    private func options(_ standards: Set<PDFStandard>, title: String? = "Zombie Monthly") -> TypesetOptions {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.pdfStandards = standards
        options.title = title
        options.language = "en-GB"
        return options
    }

    private func typeset(_ markup: String, _ options: TypesetOptions) throws -> (output: String, result: Result<TypesetReport, Error>) {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(at: TestSupport.zombiesDirectory.appendingPathComponent("coffee.jpg"),
                                         to: directory.appendingPathComponent("coffee.jpg"))
        let input = directory.appendingPathComponent("doc.txt")
        try write(markup, to: input)
        let output = directory.appendingPathComponent("doc.pdf").path
        return (output, Result { try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output) })
    }

    private func diagnostics(of result: Result<TypesetReport, Error>) -> [Diagnostic] {
        switch result {
        case .success(let report): return report.diagnostics
        case .failure(let error): return (error as? DocumentFailure)?.diagnostics ?? []
        }
    }

    /// The magazine under `ua1`, typeset once: identified as PDF/UA-1 with the catalog entries
    /// its readers look for; every link annotation says where it goes in its `/Contents` (its
    /// URI, PDF/UA-1 7.18.5); and an independent PDF/UA checker (`pdfua check`, installed by
    /// `make deps` with the reader matrix's tools) finds nothing in the file.
    func testTheZombieMagazineIsIdentifiedAsPDFUAAndItsLinksSayWhereTheyGo() throws {
        let output = try makeTemporaryDirectory().appendingPathComponent("mag.pdf").path
        let report = try Typesetter(options: options([.ua1])).typeset(inputPath: TestSupport.zombiesFile.path, outputPath: output)
        XCTAssertFalse(report.diagnostics.contains { $0.severity == .error }, "\(report.diagnostics)")
        let pdf = try PDFObjectTree(pdfAt: output)
        let xmp = try XMPProperties(pdf.streamData(XCTUnwrap(pdf.catalog["/Metadata"] as? String), filtered: false))
        XCTAssertEqual(xmp["pdfuaid:part"], "1")
        XCTAssertEqual(xmp["dc:title"], "Zombie Monthly")
        XCTAssertNil(xmp["pdfxid:GTS_PDFXVersion"], "PDF/UA alone claims no PDF/X")
        XCTAssertEqual(PDFObjectTree.text(pdf.catalog["/Lang"]), "en-GB")
        XCTAssertEqual(pdf.dictionary(pdf.catalog["/MarkInfo"])?["/Marked"] as? Bool, true)
        XCTAssertEqual(pdf.dictionary(pdf.catalog["/ViewerPreferences"])?["/DisplayDocTitle"] as? Bool, true)
        XCTAssertNotNil(pdf.catalog["/StructTreeRoot"])
        PDFCheck.assertClean(pdfAt: output)
        let links = pdf.allDictionaries.map(\.dictionary).filter { $0["/Subtype"] as? String == "/Link" }
        XCTAssertGreaterThan(links.count, 1, "the magazine's links")
        for link in links {
            let uri = PDFObjectTree.text((link["/A"] as? [String: Any])?["/URI"])
            XCTAssertNotNil(uri)
            XCTAssertEqual(PDFObjectTree.text(link["/Contents"]), uri)
        }
        guard PDFCheck.hasPDFUAChecker else { throw XCTSkip("pdfua (PyPI) is not installed; make deps installs it") }
        XCTAssertNil(PDFCheck.pdfUAFindings(inPDFAt: output))
    }

    func testBothStandardsAtOnce() throws {
        let output = try makeTemporaryDirectory().appendingPathComponent("mag.pdf").path
        _ = try Typesetter(options: options([.x4, .ua1])).typeset(inputPath: TestSupport.zombiesFile.path, outputPath: output)
        let pdf = try PDFObjectTree(pdfAt: output)
        let xmp = try XMPProperties(pdf.streamData(XCTUnwrap(pdf.catalog["/Metadata"] as? String), filtered: false))
        XCTAssertEqual(xmp["pdfuaid:part"], "1")
        XCTAssertEqual(xmp["pdfxid:GTS_PDFXVersion"], "PDF/X-4")
    }

    func testUnderPDFUAAPictureWithoutAltIsAnErrorAtItsTagAndNothingIsWritten() throws {
        let markup = "A cup.\n<img src=\"coffee.jpg\" width=\"60\">\n"
        let strict = try typeset(markup, options([.ua1]))
        guard case .failure = strict.result else { return XCTFail("an undescribed picture must stop a PDF/UA run") }
        let error = try XCTUnwrap(diagnostics(of: strict.result).first { $0.severity == .error })
        XCTAssertEqual(error.location?.line, 2)
        XCTAssertEqual(error.location?.column, 1)
        XCTAssertTrue(error.message.contains("PDF/UA"), error.message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: strict.output), "no PDF written")

        let plain = try typeset(markup, options([]))
        let report = try plain.result.get()
        XCTAssertEqual(report.diagnostics.map(\.severity), [.warning], "a warning without ua1: \(report.diagnostics)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: plain.output))
    }

    func testUnderPDFUAADocumentWithoutATitleIsAnError() throws {
        let untitled = try typeset("Some text.\n", options([.ua1], title: nil))
        guard case .failure = untitled.result else { return XCTFail("PDF/UA requires a title") }
        XCTAssertTrue(diagnostics(of: untitled.result).contains { $0.severity == .error && $0.message.contains("title") })
        let print = try typeset("Some text.\n", options([.x4], title: nil))
        XCTAssertEqual(try print.result.get().diagnostics.map(\.severity), [.warning], "PDF/X only wants it")
        let plain = try typeset("Some text.\n", options([], title: nil))
        XCTAssertTrue(try plain.result.get().diagnostics.isEmpty, "a plain PDF needs no title")
    }

    /// A title of control characters alone is no title (issue 40, item 16), and one with a
    /// control character in it reads the same in the Info dictionary and in XMP, as the author
    /// does: each control character a space.
    func testControlCharactersInTheTitleAndAuthorAreSpacesEverywhereAndAloneMakeNoTitle() throws {
        let unreadable = try typeset("<meta title=\"&#1;&#13;\">\nSome text.\n", options([.ua1], title: nil))
        guard case .failure = unreadable.result else { return XCTFail("a title of control characters is no title") }
        XCTAssertTrue(diagnostics(of: unreadable.result).contains { $0.severity == .error && $0.message.contains("title") })
        let written = try typeset("<meta title=\"Night&#13;Shift\" author=\"Ada&#7;Lovelace&#9;\">\nSome text.\n", options([.ua1], title: nil))
        _ = try written.result.get()
        let pdf = try PDFObjectTree(pdfAt: written.output)
        let xmp = try XMPProperties(pdf.streamData(XCTUnwrap(pdf.catalog["/Metadata"] as? String), filtered: false))
        XCTAssertEqual(PDFObjectTree.text(pdf.info["/Title"]), "Night Shift")
        XCTAssertEqual(xmp["dc:title"], "Night Shift")
        XCTAssertEqual(PDFObjectTree.text(pdf.info["/Author"]), "Ada Lovelace")
        XCTAssertEqual(xmp["dc:creator"], "Ada Lovelace")
    }
}
