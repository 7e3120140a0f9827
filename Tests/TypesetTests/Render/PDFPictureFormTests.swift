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
    private func typeset(_ markup: String, extra: [String: Data] = [:],
                         configure: (inout TypesetOptions) -> Void = { _ in }) throws -> (report: TypesetReport, pdf: String) {
        let directory = try makeTemporaryDirectory()
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
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Resources << /XObject << /X0 4 0 R >> >> /Contents 5 0 R >>",
        ]
        let formContent = "0 0 1 rg 0 0 10 10 re f /X0 Do", pageContent = "/X0 Do"
        objects.append("<< /Type /XObject /Subtype /Form /BBox [0 0 200 100] /Resources << /XObject << /X0 4 0 R >> >> /Length \(formContent.utf8.count) >>\nstream\n\(formContent)\nendstream")
        objects.append("<< /Length \(pageContent.utf8.count) >>\nstream\n\(pageContent)\nendstream")
        var file = "%PDF-1.4\n", offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(file.utf8.count)
            file += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let table = file.utf8.count
        file += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { file += String(format: "%010d 00000 n \n", offset) }
        file += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        return Data(file.utf8)
    }
}
