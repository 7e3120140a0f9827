import Foundation
import Render
import TypesetKit
import XCTest

/// A PDF picture's page is placed in a PDF as a form copied from its file (`PDFPageForm`), not
/// drawn by poppler through Cairo, which paints RGB alone: an advertisement made in CMYK or
/// with a spot ink keeps its operators (`k`, `/Name cs … scn` in its `Separation`), its text
/// stays text, the form is drawn where the picture goes, turned as its page is, and the file
/// stays PDF/X-4 and `qpdf --check` clean. A page whose forms draw themselves is refused at
/// the tag.
final class PDFPictureFormTests: XCTestCase {
    private var fixture: URL { TestSupport.repositoryRoot.appendingPathComponent("Fixtures/vector-pictures") }

    /// Typesets `markup` in a folder holding the fixture's advertisements (and `extra` files).
    private func typeset(_ markup: String, extra: [String: Data] = [:], in folder: URL? = nil,
                         configure: (inout TypesetOptions) -> Void = { _ in }) throws -> (report: TypesetReport, pdf: String) {
        let directory = try folder ?? makeTemporaryDirectory()
        for name in ["advert.pdf", "advert-cmyk.pdf", "advert-spot.pdf"] {
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        for (name, data) in extra { try data.write(to: directory.appendingPathComponent(name)) }
        try write(markup, to: directory.appendingPathComponent("doc.txt"))
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        configure(&options)
        let pdf = directory.appendingPathComponent("doc.pdf").path
        let report = try Typesetter(options: options).typeset(inputPath: directory.appendingPathComponent("doc.txt").path, outputPath: pdf)
        return (report, pdf)
    }

    private func colours(inPDFAt path: String) throws -> [ContentStreamReading.ColourOperator] {
        let pdf = try PDFObjectTree(pdfAt: path)
        return try pdf.pages.flatMap { try ContentStreamReading.colourOperators(onPage: $0, of: pdf) }
    }

    /// Every colour the CMYK advertisement's page sets is set in the document's PDF as it was,
    /// in DeviceCMYK, and no RGB at all is set (poppler through Cairo wrote each as `rg`); the
    /// spot advertisement's gold is set in a `Separation` space of its name, at its own tints.
    /// The advertisements' words are text.
    func testAdvertisementsInCMYKAndASpotKeepTheirInksAndTheirText() throws {
        let (report, pdf) = try typeset("""
            <meta title="Advertisements">
            <img src="advert-cmyk.pdf" width="200" alt="An advertisement in CMYK">
            <img src="advert-spot.pdf" width="200" alt="An advertisement in a spot ink">
            """) { $0.pdfStandards = [.x4] }
        XCTAssertEqual(report.diagnostics.filter { $0.severity != .note }.map(\.description), [])
        let placed = try colours(inPDFAt: pdf)
        XCTAssertEqual(placed.filter { $0.space == "DeviceRGB" }.map(\.description), [], "no colour became RGB")

        let cmyk = try colours(inPDFAt: fixture.appendingPathComponent("advert-cmyk.pdf").path).filter { $0.space == "DeviceCMYK" }
        XCTAssertGreaterThanOrEqual(Set(cmyk.map(\.values)).count, 3, "the advertisement's ground, name and text")
        for ink in cmyk {
            XCTAssertTrue(placed.contains { $0.space == "DeviceCMYK" && $0.operatorName == ink.operatorName && $0.values == ink.values },
                          "\(ink) is set in the document's PDF")
        }

        let spot = try colours(inPDFAt: fixture.appendingPathComponent("advert-spot.pdf").path).filter { $0.space.hasPrefix("/") }
        XCTAssertFalse(spot.isEmpty, "the spot advertisement sets its gold")
        let document = try PDFObjectTree(pdfAt: pdf)
        for tint in spot {
            let found = try XCTUnwrap(placed.first { $0.space == tint.space && $0.values == tint.values }, "\(tint) is set in the document's PDF")
            XCTAssertEqual(try separationInk(named: found.space, in: document), "/PANTONE 871 C")
        }

        let text = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", [pdf, "-"]))
        XCTAssertEqual(text.components(separatedBy: "Barricade").count - 1, 2, "both advertisements' names are text: \(text)")
        XCTAssertTrue(text.contains("siege discount"))
        try PDFX4Conformance.assertConforms(pdfAt: pdf)
        PDFCheck.assertClean(pdfAt: pdf)
    }

    /// The form is drawn over the picture's place, its crop box filling it; a page turned a
    /// quarter (`/Rotate 90`) is placed turned, as readers show it and poppler sizes it.
    func testTheFormFillsThePicturesPlaceTurnedAsItsPageIs() throws {
        let directory = try makeTemporaryDirectory()
        let turnedPath = directory.appendingPathComponent("turned.pdf").path
        XCTAssertNotNil(TestSupport.runTool("/usr/bin/qpdf", ["--rotate=+90", fixture.appendingPathComponent("advert-cmyk.pdf").path, turnedPath]))
        let (_, pdf) = try typeset("""
            <img src="advert-cmyk.pdf" width="200" alt="An advertisement">
            <img src="turned.pdf" height="120" alt="The advertisement turned">
            """, extra: ["turned.pdf": try Data(contentsOf: URL(fileURLWithPath: turnedPath))])
        let document = try PDFObjectTree(pdfAt: pdf)
        let forms = try ContentStreamReading.formPlacements(onPage: XCTUnwrap(document.pages.first), of: document)
        XCTAssertEqual(forms.count, 2, "\(forms)")
        let sizes: [[Double]] = forms.map { [Double($0.rect.width), Double($0.rect.height)] }
        // 360×112 pt, set 200 wide; turned, 112×360, set 120 high.
        let expected: [[Double]] = [[200, 200 * 112 / 360.0], [120 * 112 / 360.0, 120]]
        for index in sizes.indices where index < expected.count {
            XCTAssertEqual(sizes[index][0], expected[index][0], accuracy: 0.01, "\(sizes)")
            XCTAssertEqual(sizes[index][1], expected[index][1], accuracy: 0.01, "\(sizes)")
        }
        // The advertisement's name runs across the first and down the turned one.
        let words = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdftotext", ["-bbox", pdf, "-"]))
        let boxes = words.matches(of: #/xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">Barricade</#).map {
            (width: Double($0.3)! - Double($0.1)!, height: Double($0.4)! - Double($0.2)!)
        }
        XCTAssertEqual(boxes.map { $0.width > $0.height }, [true, false], "\(boxes)")
    }

    /// A page whose form names itself among its resources and draws itself: poppler stops at
    /// its own depth, but a reader of the finished file might not, so it is an error at the
    /// `src`, and no file is written.
    func testAFormThatDrawsItselfIsALocatedError() throws {
        XCTAssertThrowsError(try typeset("<img src=\"loop.pdf\" alt=\"\">", extra: ["loop.pdf": Self.formLoopPDF()])) { error in
            let errors = (error as? DocumentFailure)?.diagnostics.filter { $0.severity == .error } ?? []
            XCTAssertEqual(errors.map(\.location?.column), [11], "\(error)")
            XCTAssertTrue(errors.first?.message.contains("a form that draws itself") ?? false, "\(error)")
        }
    }

    /// PDF/X-4 needs every font embedded: an advertisement whose text is in Helvetica, named and
    /// not embedded, is an error at its `src` naming the font, and no file is written.
    func testAFontNotEmbeddedInAPictureIsALocatedErrorForPDFX4() throws {
        let directory = try makeTemporaryDirectory()
        XCTAssertThrowsError(try typeset("<img src=\"ad.pdf\" alt=\"An advertisement\">", extra: ["ad.pdf": Self.fontNotEmbeddedPDF()],
                                         in: directory) { $0.pdfStandards = [.x4] }) { error in
            let errors = (error as? DocumentFailure)?.diagnostics.filter { $0.severity == .error } ?? []
            XCTAssertEqual(errors.map(\.location?.column), [11], "\(error)")
            XCTAssertTrue(errors.first?.message.contains("font \"Helvetica\" is not embedded") ?? false, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("doc.pdf").path), "nothing is written")
    }

    /// A tiling pattern painting with itself, at the foot of forms naming the next twice 40
    /// deep, and a Type 3 glyph showing itself: each an error at its `src`, found in a walk as
    /// long as the file (each object looked into once, not 2^40 paths).
    func testAPatternOrAType3GlyphThatDrawsItselfIsALocatedError() throws {
        XCTAssertThrowsError(try typeset("<img src=\"pattern.pdf\" alt=\"\">\n\n<img src=\"glyph.pdf\" alt=\"\">",
                                         extra: ["pattern.pdf": Self.patternLoopPDF(), "glyph.pdf": Self.typeThreeLoopPDF()])) { error in
            let errors = (error as? DocumentFailure)?.diagnostics.filter { $0.severity == .error } ?? []
            XCTAssertEqual(errors.map(\.location?.line), [1, 3], "\(error)")
            XCTAssertTrue(errors.first?.message.contains("a pattern that draws itself") ?? false, "\(error)")
            XCTAssertTrue(errors.last?.message.contains("a Type 3 font that draws itself") ?? false, "\(error)")
        }
    }

    /// An advertisement with layers is placed with them, in the view its file opens in: its
    /// English layer shown (cyan), its French one hidden (magenta, in marked content and in a
    /// form of that layer), so the finished file's catalog lists both, French off, and a reader
    /// (poppler) shows no magenta; the file stays PDF/X-4. Without the catalog's layers the
    /// French text of an advertisement printed over the English.
    func testAPicturesLayersAreKeptInTheViewItsFileOpensIn() throws {
        let (_, pdf) = try typeset("<img src=\"layers.pdf\" width=\"200\" alt=\"An advertisement in two languages\">",
                                   extra: ["layers.pdf": Self.layersPDF()]) { $0.pdfStandards = [.x4] }
        let document = try PDFObjectTree(pdfAt: pdf)
        let properties = try XCTUnwrap(document.dictionary(document.catalog["/OCProperties"]), "the catalog lists the picture's layers")
        let names = { (groups: [Any]?) in (groups ?? []).compactMap { PDFObjectTree.text(document.dictionary($0)?["/Name"]) } }
        XCTAssertEqual(names(document.array(properties["/OCGs"])), ["English", "French"])
        XCTAssertEqual(names(document.array(document.dictionary(properties["/D"])?["/OFF"])), ["French"])
        try PDFX4Conformance.assertConforms(pdfAt: pdf)
        PDFCheck.assertClean(pdfAt: pdf)

        let image = try makeTemporaryDirectory().appendingPathComponent("page").path
        XCTAssertNotNil(TestSupport.runTool("/usr/bin/pdftoppm", ["-r", "36", "-singlefile", pdf, image]))
        let pixels = try Self.pixels(ofPPMAt: image + ".ppm")
        XCTAssertGreaterThan(pixels.filter { $0.red < 80 && $0.blue > 150 }.count, 0, "the English layer is shown")
        XCTAssertEqual(pixels.filter { $0.red > 150 && $0.green < 80 && $0.blue > 80 }.count, 0, "the French layer is hidden")
    }

    /// The pixels of a binary PPM (P6, 8 bits).
    private static func pixels(ofPPMAt path: String) throws -> [(red: UInt8, green: UInt8, blue: UInt8)] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // The header: P6, width, height and the largest value, each followed by one white-space byte.
        var fields = 0, index = 0
        while fields < 4, index < bytes.count {
            if bytes[index] == 0x0A || bytes[index] == 0x20 { fields += 1 }
            index += 1
        }
        return stride(from: index, to: bytes.count - 2, by: 3).map { (bytes[$0], bytes[$0 + 1], bytes[$0 + 2]) }
    }

    /// The name of the spot ink of the colour space `name` in a form's resources of `pdf`.
    private func separationInk(named name: String, in pdf: PDFObjectTree) throws -> String? {
        for page in pdf.pages {
            let forms = pdf.dictionary(pdf.dictionary(page["/Resources"])?["/XObject"]) ?? [:]
            for form in forms.values {
                let resources = pdf.dictionary(pdf.dictionary(form)?["/Resources"])
                if let space = pdf.array(pdf.dictionary(resources?["/ColorSpace"])?[name]), space.first as? String == "/Separation" {
                    return space.dropFirst().first as? String
                }
            }
        }
        return nil
    }

    /// A one-page PDF whose page draws form 4, which names itself as `/X0` and draws it.
    static func formLoopPDF() -> Data {
        let formContent = "0 0 1 rg 0 0 10 10 re f /X0 Do"
        return HandMadePDF.file([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Resources << /XObject << /X0 4 0 R >> >> /Contents 5 0 R >>",
            HandMadePDF.stream(formContent, "/Type /XObject /Subtype /Form /BBox [0 0 200 100] /Resources << /XObject << /X0 4 0 R >> >>"),
            HandMadePDF.stream("/X0 Do"),
        ], version: "1.4")
    }

    /// A one-page PDF with two layers, English shown and French hidden in its default view: the
    /// English paints cyan in marked content, the French magenta in marked content and in a
    /// form of its layer.
    static func layersPDF() -> Data {
        HandMadePDF.file([
            "<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [5 0 R 6 0 R] /D << /Order [5 0 R 6 0 R] /OFF [6 0 R] >> >> >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R "
                + "/Resources << /Properties << /English 5 0 R /French 6 0 R >> /XObject << /Fr 7 0 R >> >> >>",
            HandMadePDF.stream("/OC /English BDC 1 0 0 0 k 0 0 100 100 re f EMC /OC /French BDC 0 1 0 0 k 100 50 100 50 re f EMC /Fr Do"),
            "<< /Type /OCG /Name (English) >>",
            "<< /Type /OCG /Name (French) >>",
            HandMadePDF.stream("0 1 0 0 k 100 0 100 50 re f", "/Type /XObject /Subtype /Form /BBox [0 0 200 100] /OC 6 0 R"),
        ])
    }

    /// A one-page PDF whose text is set in Helvetica, named and not embedded (no descriptor, no
    /// font file), as advertisements are often supplied.
    static func fontNotEmbeddedPDF() -> Data {
        HandMadePDF.file([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
            HandMadePDF.stream("BT /F1 24 Tf 10 40 Td (Siege sale) Tj ET"),
        ])
    }

    /// A one-page PDF whose page draws a fan of forms `depth` deep, each naming the next twice
    /// (and drawing it once), the last painting with a tiling pattern that paints with itself.
    static func patternLoopPDF(depth: Int = 40) -> Data {
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Resources << /XObject << /A 5 0 R >> >> /Contents 4 0 R >>",
            HandMadePDF.stream("/A Do"),
        ]
        let form = "/Type /XObject /Subtype /Form /BBox [0 0 200 100]"
        for level in 0 ..< depth {
            let next = 6 + level
            objects.append(HandMadePDF.stream("/A Do", "\(form) /Resources << /XObject << /A \(next) 0 R /B \(next) 0 R >> >>"))
        }
        let pattern = 6 + depth // after the forms and the form painting with it
        objects.append(HandMadePDF.stream("/Pattern cs /P0 scn 0 0 200 100 re f", "\(form) /Resources << /Pattern << /P0 \(pattern) 0 R >> >>"))
        objects.append(HandMadePDF.stream("/Pattern cs /P0 scn 0 0 5 5 re f",
                                          "/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 "
                                              + "/Resources << /Pattern << /P0 \(pattern) 0 R >> >>"))
        return HandMadePDF.file(objects)
    }

    /// A one-page PDF showing a letter of a Type 3 font whose glyph shows that letter in the
    /// same font.
    static func typeThreeLoopPDF() -> Data {
        HandMadePDF.file([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Resources << /Font << /F0 4 0 R >> >> /Contents 5 0 R >>",
            "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 6 0 R >> "
                + "/Encoding << /Type /Encoding /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1000] "
                + "/Resources << /Font << /F0 4 0 R >> >> >>",
            HandMadePDF.stream("BT /F0 12 Tf 10 10 Td (a) Tj ET"),
            HandMadePDF.stream("1000 0 0 0 1000 1000 d1 BT /F0 1 Tf (a) Tj ET"),
        ])
    }
}
