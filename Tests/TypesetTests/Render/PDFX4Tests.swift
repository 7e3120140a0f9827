import Diagnostics
import Foundation
import Render
import TypesetKit
import XCTest

/// `--pdf-standard x4` on the zombie magazine with a 3 mm bleed and crop marks, read back with
/// qpdf and the profile with LittleCMS (Pillow's ImageCms): the output intent and its CMYK
/// profile, the information dictionary and the XMP saying the same things, every RGB colour
/// labelled sRGB, the marks in registration colour, a version PDF/X-4 allows, `qpdf --check`
/// clean, links refused at their `<a>`, and the same bytes from the same input.
final class PDFX4Tests: XCTestCase {
    private static let epoch = 1_700_000_000
    private static let isoDate = "2023-11-14T22:13:20Z"
    private static let pdfDate = "D:20231114221320Z00'00'"
    /// Debian's Python, where python3-pil installs Pillow.
    private static let python = "/usr/bin/python3"

    private func options(title: String? = "Zombie Monthly: Spring & <Summer>", strict: Bool = false) -> TypesetOptions {
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.sheet = PrintSheet(bleed: 3 * 72 / 25.4, cropMarks: true)
        options.pdfStandards = [.x4]
        options.metadata.creationDate = Self.epoch
        options.title = title
        options.strict = strict
        return options
    }

    /// The magazine as a PDF/X-4 file in a fresh folder.
    private func typesetMagazine(options: TypesetOptions? = nil, name: String = "mag.pdf") throws -> (path: String, report: TypesetReport) {
        let output = try makeTemporaryDirectory().appendingPathComponent(name).path
        let report = try Typesetter(options: options ?? self.options()).typeset(inputPath: TestSupport.zombiesFile.path, outputPath: output)
        return (output, report)
    }

    func testTheOutputIntentIsGTSPDFXWithAnEmbeddedCMYKProfile() throws {
        let pdf = try PDFObjectTree(pdfAt: typesetMagazine().path)
        let profile = try PDFX4Conformance.assertOutputIntent(of: pdf)
        let intent = try XCTUnwrap(pdf.dictionary(pdf.array(pdf.catalog["/OutputIntents"])?.first))
        XCTAssertEqual(PDFObjectTree.text(intent["/OutputConditionIdentifier"]), "Custom")
        XCTAssertEqual(PDFObjectTree.text(intent["/RegistryName"]), "http://www.color.org")
        XCTAssertEqual(PDFObjectTree.text(intent["/Info"]), "Artifex CMYK SWOP Profile", "named by the profile's description")
        XCTAssertEqual(profile, FileManager.default.contents(atPath: OutputIntent.defaultProfilePath), "the profile's bytes, unchanged")
        try assertLittleCMSConvertsRedToMagentaAndYellow(profile)
    }

    /// LittleCMS opens the embedded profile and converts sRGB red through it: a profile that
    /// only looked like one would fail here.
    private func assertLittleCMSConvertsRedToMagentaAndYellow(_ profile: Data) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python),
              TestSupport.runTool(Self.python, ["-c", "import PIL.ImageCms"]) != nil else {
            throw XCTSkip("Pillow (Debian's python3-pil) is not installed; make deps installs it")
        }
        let file = try makeTemporaryDirectory().appendingPathComponent("intent.icc")
        try profile.write(to: file)
        let script = """
            import sys
            from PIL import Image, ImageCms
            profile = ImageCms.getOpenProfile(sys.argv[1])
            to_cmyk = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK")
            print(profile.profile.xcolor_space.strip(), *ImageCms.applyTransform(Image.new("RGB", (1, 1), (255, 0, 0)), to_cmyk).getpixel((0, 0)))
            """
        let output = try XCTUnwrap(TestSupport.runTool(Self.python, ["-c", script, file.path]), "LittleCMS could not use the profile")
        let fields = output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        XCTAssertEqual(fields.first, "CMYK")
        let ink = fields.dropFirst().compactMap { Int($0) }
        XCTAssertEqual(ink.count, 4, output)
        guard ink.count == 4 else { return }
        XCTAssertLessThan(ink[0], 40, "little cyan in red: \(ink)")
        XCTAssertGreaterThan(ink[1], 200, "magenta: \(ink)")
        XCTAssertGreaterThan(ink[2], 200, "yellow: \(ink)")
    }

    func testTheInformationDictionaryAndTheXMPSayTheSame() throws {
        let pdf = try PDFObjectTree(pdfAt: typesetMagazine().path)
        try PDFX4Conformance.assertInformationAndXMPClaimPDFX4(pdf)
        let info = pdf.info
        XCTAssertEqual(PDFObjectTree.text(info["/CreationDate"]), Self.pdfDate)
        XCTAssertEqual(PDFObjectTree.text(info["/ModDate"]), Self.pdfDate)
        XCTAssertEqual(PDFObjectTree.text(info["/Title"]), "Zombie Monthly: Spring & <Summer>")

        let xmp = try XMPProperties(pdf.streamData(XCTUnwrap(pdf.catalog["/Metadata"] as? String), filtered: false))
        XCTAssertEqual(xmp["dc:title"], "Zombie Monthly: Spring & <Summer>", "escaped in the XML, the same text once read")
        for name in ["xmp:CreateDate", "xmp:ModifyDate", "xmp:MetadataDate"] {
            XCTAssertEqual(xmp[name], Self.isoDate, "\(name): the information dictionary's date")
        }
        let uuid = #/uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/#
        XCTAssertNotNil(try uuid.wholeMatch(in: xmp["xmpMM:DocumentID"] ?? ""), xmp["xmpMM:DocumentID"] ?? "none")
        XCTAssertNotNil(try uuid.wholeMatch(in: xmp["xmpMM:InstanceID"] ?? ""), xmp["xmpMM:InstanceID"] ?? "none")
    }

    /// PDF/X-4 is PDF 1.6 at most, has a file identifier, and every page a TrimBox inside its
    /// BleedBox inside its MediaBox; qpdf finds nothing wrong (`makeTemporaryDirectory` checks
    /// every PDF left in the folder).
    func testTheVersionTheIdentifierAndTheBoxesArePDFX4s() throws {
        let path = try typesetMagazine().path
        let pdf = try PDFObjectTree(pdfAt: path)
        XCTAssertGreaterThan(pdf.pages.count, 1)
        try PDFX4Conformance.assertVersionIdentifierAndBoxes(pdfAt: path, pdf)
    }

    /// Nothing names DeviceRGB but the sRGB profile's own alternate; every page's resources
    /// carry a DefaultRGB that is that profile.
    func testEveryRGBColourIsLabelledSRGB() throws {
        try PDFX4Conformance.assertEveryRGBColourIsLabelledSRGB(PDFObjectTree(pdfAt: typesetMagazine().path))
    }

    /// The marks are stroked in `[/Separation /All /DeviceCMYK …]` at full tint, as an
    /// artifact, after the page's own content.
    func testCropMarksAreInRegistrationColour() throws {
        let pdf = try PDFObjectTree(pdfAt: typesetMagazine().path)
        let page = try XCTUnwrap(pdf.pages.first)
        let space = try XCTUnwrap(pdf.dictionary(pdf.dictionary(page["/Resources"])?["/ColorSpace"])?["/TypesetRegistration"] as? [Any])
        XCTAssertEqual(space.prefix(3).compactMap { $0 as? String }, ["/Separation", "/All", "/DeviceCMYK"])
        let tint = try XCTUnwrap(space.last as? [String: Any])
        XCTAssertEqual((tint["/C1"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }, [1, 1, 1, 1], "every ink")
        let contents = try XCTUnwrap(page["/Contents"] as? [Any])
        let marks = try String(decoding: pdf.streamData(XCTUnwrap(contents.last as? String)), as: UTF8.self)
        XCTAssertTrue(marks.contains("/Artifact BMC"), marks)
        XCTAssertTrue(marks.contains("/TypesetRegistration CS 1 SCN"), marks)
        XCTAssertEqual(marks.components(separatedBy: " l\n").count - 1, 8, "two marks at each corner: \(marks)")
    }

    /// A link is refused where it is written: a warning at its `<a>`, the link left out of the
    /// file; with `--strict` an error, and no file.
    func testALinkIsRefusedAtItsTag() throws {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write("<meta title=\"Notes\">\nRead <i>the</i> notes at <a href=\"https://example.org/notes\">the <b>archive</b></a>, twice.\n", to: input)
        let output = directory.appendingPathComponent("doc.pdf").path
        let report = try Typesetter(options: options(title: nil)).typeset(inputPath: input.path, outputPath: output)
        let warnings = report.diagnostics.filter { $0.message.contains("PDF/X-4 allows no links") }
        XCTAssertEqual(warnings.count, 1, "one link, one warning: \(report.diagnostics)")
        XCTAssertEqual(warnings.first?.location?.line, 2)
        XCTAssertEqual(warnings.first?.location?.column, 26, "at the <a")
        XCTAssertTrue(warnings.first?.message.contains("https://example.org/notes") ?? false)
        let pdf = try PDFObjectTree(pdfAt: output)
        XCTAssertNil(pdf.pages.first?["/Annots"], "no link annotation")
        XCTAssertFalse(pdf.allDictionaries.contains { $0.dictionary["/S"] as? String == "/URI" }, "no URI action")

        let strictOutput = directory.appendingPathComponent("strict.pdf").path
        XCTAssertThrowsError(try Typesetter(options: options(title: nil, strict: true)).typeset(inputPath: input.path, outputPath: strictOutput)) { error in
            let failure = error as? DocumentFailure
            let refusal = failure?.diagnostics.first { $0.message.contains("PDF/X-4 allows no links") }
            XCTAssertEqual(refusal?.severity, .error)
            XCTAssertEqual(refusal?.location?.line, 2)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: strictOutput), "nothing written")
    }

    func testADocumentWithoutATitleIsWarnedAbout() throws {
        // `--title ""` takes the magazine's own <meta title> away.
        let report = try typesetMagazine(options: options(title: "")).report
        XCTAssertTrue(report.diagnostics.contains { $0.severity == .warning && $0.message.contains("<meta title") }, "\(report.diagnostics)")
    }

    /// The identifiers come from the content: the same input gives the same bytes, another
    /// title another document.
    func testTheSameInputGivesTheSameBytes() throws {
        let first = try typesetMagazine(name: "first.pdf").path, second = try typesetMagazine(name: "second.pdf").path
        XCTAssertEqual(FileManager.default.contents(atPath: first), FileManager.default.contents(atPath: second))
        let other = try typesetMagazine(options: options(title: "Another issue"), name: "other.pdf").path
        let documentID = { (path: String) throws -> String? in
            let pdf = try PDFObjectTree(pdfAt: path)
            return try XMPProperties(pdf.streamData(XCTUnwrap(pdf.catalog["/Metadata"] as? String)))["xmpMM:DocumentID"]
        }
        XCTAssertNotEqual(try documentID(first), try documentID(other))
    }

    /// Without `--pdf-standard` nothing of PDF/X is written, but the XMP packet is, as in every
    /// PDF (issue 35): the title and dates, no standard claimed.
    func testAPlainPDFHasNoOutputIntentButItsMetadata() throws {
        var plain = options()
        plain.pdfStandards = []
        let pdf = try PDFObjectTree(pdfAt: typesetMagazine(options: plain).path)
        XCTAssertNil(pdf.catalog["/OutputIntents"])
        XCTAssertNil(pdf.info["/GTS_PDFXVersion"])
        let xmp = try XMPProperties(pdf.streamData(XCTUnwrap(pdf.catalog["/Metadata"] as? String), filtered: false))
        XCTAssertEqual(xmp["dc:title"], "Zombie Monthly: Spring & <Summer>")
        XCTAssertEqual(xmp["xmp:CreateDate"], Self.isoDate)
        XCTAssertNil(xmp["pdfxid:GTS_PDFXVersion"])
        XCTAssertNil(xmp["pdfuaid:part"])
    }
}
