import Diagnostics
import Foundation
import Images
import Render
import Text
import TypesetKit
import XCTest

/// SVG and PDF pictures (issue 37): sized from their files, drawn into the PDF as paths and
/// text (no image for them; their words extractable), rasterised only on PNG pages, and their
/// bad files refused at the tag.
final class VectorPictureTests: XCTestCase {
    private var fixture: URL { TestSupport.repositoryRoot.appendingPathComponent("Fixtures/vector-pictures") }

    /// A folder holding the fixture's logo, chart and advertisement, and `doc.txt` with `markup`.
    private func folder(with markup: String) throws -> URL {
        let directory = try makeTemporaryDirectory()
        for name in ["logo.svg", "chart.svg", "advert.pdf"] {
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        try write(markup, to: directory.appendingPathComponent("doc.txt"))
        return directory
    }

    private func typeset(_ markup: String, to name: String = "doc.pdf",
                         configure: (inout TypesetOptions) -> Void = { _ in }) throws -> (report: TypesetReport, output: String) {
        let directory = try folder(with: markup)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        configure(&options)
        let output = directory.appendingPathComponent(name).path
        let report = try Typesetter(options: options).typeset(inputPath: directory.appendingPathComponent("doc.txt").path, outputPath: output)
        return (report, output)
    }

    private func tool(_ name: String, _ arguments: [String]) throws -> String {
        guard let output = TestSupport.runTool("/usr/bin/\(name)", arguments) else { throw XCTSkip("\(name) is not installed") }
        return output
    }

    // MARK: Size

    func testAnSVGsSizeIsItsWidthAndHeightOrItsViewBoxInCSSPixels() throws {
        let logo = try PictureInfo.probe(path: fixture.appendingPathComponent("logo.svg").path)
        XCTAssertEqual(logo.naturalSize.width, 180, "240 px at 96 to the inch")
        XCTAssertEqual(logo.naturalSize.height, 48)
        let chart = try PictureInfo.probe(path: fixture.appendingPathComponent("chart.svg").path)
        XCTAssertEqual(chart.naturalSize.width, 240, "no width: the viewBox's 320")
        XCTAssertEqual(chart.naturalSize.height, 150)
    }

    func testAPDFPagesSizeIsItsCropBox() throws {
        let advert = try PictureInfo.probe(path: fixture.appendingPathComponent("advert.pdf").path)
        XCTAssertEqual(advert.naturalSize.width, 360)
        XCTAssertEqual(advert.naturalSize.height, 112)
        XCTAssertEqual(advert.sizeDescription, "PDF, 360×112 pt")
    }

    func testAnImgWithoutWidthOrHeightTakesTheVectorPicturesOwnSize() throws {
        let directory = try folder(with: "")
        let document = TestSupport.parse("<img src=\"logo.svg\" alt=\"\"> <img src=\"advert.pdf\" page=\"1\" width=\"180\" alt=\"\">",
                                         baseDirectory: directory.path)
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        let sizes = document.text.attachments.map { ($0.delegate.width, $0.delegate.ascent) }
        XCTAssertEqual(sizes.map(\.0), [180, 180])
        XCTAssertEqual(sizes.map(\.1), [48, 56], "the advertisement's proportions kept")
        XCTAssertEqual(document.text.attachments.last?.image.page, 1)
    }

    // MARK: Drawn as vectors

    func testSVGAndPDFPicturesAreDrawnAsPathsAndTextNotImages() throws {
        let (report, pdf) = try typeset("""
            <img src="logo.svg" alt="The Quarantine Quarterly">
            <img src="chart.svg" width="200" alt="Sightings by month">
            <img src="advert.pdf" width="200" alt="An advertisement">
            """)
        XCTAssertEqual(report.diagnostics.filter { $0.severity != .note }.map(\.description), [])
        let images = try tool("pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2)
        XCTAssertEqual(images.count, 0, "no picture became an image: \(images)")
        let text = try tool("pdftotext", [pdf, "-"])
        // (The logo's letter-spaced QUARTERLY is there too, read as letters apart.)
        for word in ["Quarantine", "Sightings by month", "September", "Barricade", "siege discount"] {
            XCTAssertTrue(text.contains(word), "\"\(word)\" is text in the PDF: \(text)")
        }
    }

    /// Wherever a JPEG can go: an SVG running off the page across its top, cut to cover its
    /// place, and a PDF page in a figure floated right stay paths and text.
    func testVectorPicturesBleedingAndInAFigureStayPathsAndText() throws {
        let (report, pdf) = try typeset("""
            <img src="chart.svg" alt="Sightings by month" float="top" span="all" bleed="true">
            <figure float="right" width="150" alt="An advertisement"><img src="advert.pdf" width="150"><caption>In a figure.</caption></figure>
            The launch site sits behind the old gasworks, on a patch of cinder that used to be the car park of a carpet warehouse.
            """) { $0.sheet = PrintSheet(bleed: 9) }
        XCTAssertEqual(report.diagnostics.filter { $0.severity != .note }.map(\.description), [])
        XCTAssertEqual(try tool("pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2).count, 0, "no image")
        let text = try tool("pdftotext", [pdf, "-"])
        for word in ["Sightings by month", "Barricade", "In a figure"] {
            XCTAssertTrue(text.contains(word), "\"\(word)\" is text in the PDF: \(text)")
        }
    }

    /// Issue 37's last clause: the zombie magazine's masthead, its first picture, is an SVG, and
    /// it prints as paths and text (its first line is set alone here, beside its pictures).
    func testTheZombieMagazinesMastheadIsAnSVGDrawnAsText() throws {
        let source = try String(contentsOf: TestSupport.zombiesFile, encoding: .utf8)
        let firstLine = String(source.prefix { $0 != "\n" })
        let document = TestSupport.parse(firstLine, baseDirectory: TestSupport.zombiesDirectory.path)
        let masthead = try XCTUnwrap(document.text.attachments.first?.image.path)
        XCTAssertEqual((masthead as NSString).lastPathComponent, "masthead.svg")
        guard case .vector(let info) = try PictureInfo.probe(path: masthead) else { return XCTFail("the masthead is not a vector picture") }
        XCTAssertEqual(info.kind, .svg)

        let directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(atPath: masthead, toPath: directory.appendingPathComponent("masthead.svg").path)
        try write(firstLine, to: directory.appendingPathComponent("doc.txt"))
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let pdf = directory.appendingPathComponent("doc.pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: directory.appendingPathComponent("doc.txt").path, outputPath: pdf)
        XCTAssertEqual(try tool("pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2).count, 0, "no image")
        XCTAssertTrue(try tool("pdftotext", [pdf, "-"]).contains("ZOMBIE"), "the title is text")
    }

    func testAPNGPageShowsTheVectorPicturesInk() throws {
        let (report, _) = try typeset("<img src=\"chart.svg\" width=\"400\" alt=\"\">", to: "page.png") { $0.format = .png }
        let pixels = try Pixels(pngAt: try XCTUnwrap(report.outputPaths.first))
        var red = 0
        for y in 0 ..< pixels.height {
            for x in 0 ..< pixels.width {
                let (r, g, b) = pixels.rgb(x: x, y: y)
                if r > 0.5, g < 0.2, b < 0.2 { red += 1 }
            }
        }
        XCTAssertGreaterThan(red, 5_000, "the bars are drawn")
    }

    func testContourWrapFollowsAnSVGsDrawnShape() throws {
        let directory = try folder(with: "")
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="50"/></svg>"#
        try write(svg, to: directory.appendingPathComponent("disc.svg"))
        let contour = try AlphaContour.trace(PictureSource(path: directory.appendingPathComponent("disc.svg").path), files: PictureFiles())
        let middle = try XCTUnwrap(contour.bands.first { $0.top <= 0.5 && $0.bottom >= 0.5 })
        let top = try XCTUnwrap(contour.bands.first)
        XCTAssertLessThan(middle.left, 0.02)
        XCTAssertGreaterThan(top.left, 0.3, "a disc is narrow at its top")
    }

    // MARK: Bad input

    /// The diagnostics of `markup` beside the fixture's files, the encrypted advertisement and
    /// `files`; the bad PDFs are taken away after, since every PDF left is checked with qpdf.
    private func errors(_ markup: String, files: [String: String] = [:]) throws -> [Diagnostic] {
        let directory = try folder(with: "")
        let encrypted = directory.appendingPathComponent("encrypted.pdf")
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("encrypted.pdf"), to: encrypted)
        for (name, contents) in files { try write(contents, to: directory.appendingPathComponent(name)) }
        defer {
            try? FileManager.default.removeItem(at: encrypted)
            for name in files.keys { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
        }
        return TestSupport.parse(markup, baseDirectory: directory.path).diagnostics
    }

    func testAnSVGsReferencesOutsideItselfAreNotLoadedAndAreWarnedOf() throws {
        let directory = try folder(with: "")
        try FileManager.default.copyItem(atPath: TestSupport.imagePath("rgb8.png"), toPath: directory.appendingPathComponent("inside.png").path)
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">
            <image xlink:href="inside.png" width="40" height="40"/><image href="https://example.com/x.png" width="40" height="40"/>
            <use href="#a"/><style>@import url(../../etc/style.css);</style></svg>
            """
        try write(svg, to: directory.appendingPathComponent("refs.svg"))
        let document = TestSupport.parse("<img src=\"refs.svg\" alt=\"\">", baseDirectory: directory.path)
        XCTAssertEqual(document.diagnostics.map(\.message), [
            "image \"refs.svg\": the SVG refers to \"inside.png\" and 2 others outside itself, which is not loaded "
                + "(files and URLs are never fetched; put pictures and styles inside the SVG)",
        ])
        XCTAssertEqual(document.diagnostics.first?.location?.column, 11)
        // Drawn, the picture shows nothing of the PNG beside it: librsvg was given no base file.
        try write("<img src=\"refs.svg\" alt=\"\">", to: directory.appendingPathComponent("doc.txt"))
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let pdf = directory.appendingPathComponent("doc.pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: directory.appendingPathComponent("doc.txt").path, outputPath: pdf)
        XCTAssertEqual(try tool("pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2).count, 0)
    }

    func testBadVectorFilesAreLocatedErrors() throws {
        let cases: [(markup: String, file: String, contents: String?, message: String, column: Int)] = [
            ("<img src=\"broken.pdf\" alt=\"\">", "broken.pdf", "%PDF-1.7\nnot a PDF at all", "not a readable PDF file", 11),
            ("<img src=\"advert.pdf\" page=\"2\" alt=\"\">", "", nil, "page=\"2\" is out of range: the PDF has 1 page", 29),
            ("<img src=\"huge.svg\" alt=\"\">", "huge.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="100000in" height="10"/>"#,
             "larger than a PDF page may be", 11),
            ("<img src=\"nosize.svg\" alt=\"\">", "nosize.svg", #"<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>"#,
             "the SVG gives no size", 11),
            ("<img src=\"bad.svg\" alt=\"\">", "bad.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect", "not a readable SVG file", 11),
            ("<img src=\"encrypted.pdf\" alt=\"\">", "", nil, "the PDF is encrypted", 11),
            ("<img src=\"huge.pdf\" alt=\"\">", "huge.pdf",
             String(decoding: BoundedDrawingTests.nestedFormsPDF(depth: 1, pageWidth: 20_000, pageHeight: 300), as: UTF8.self),
             "the PDF is 20000×300 pt, larger than a PDF page may be", 11),
        ]
        for (markup, file, contents, message, column) in cases {
            let diagnostics = try errors(markup, files: contents.map { [file: $0] } ?? [:])
            XCTAssertEqual(diagnostics.count, 1, "\(markup): \(diagnostics)")
            XCTAssertTrue(diagnostics.first?.message.contains(message) ?? false, "\(markup): \(diagnostics)")
            XCTAssertEqual(diagnostics.first?.location?.column, column, markup)
        }
    }

    func testPageOnAPictureThatIsNotAPDFIsWarnedOf() throws {
        let diagnostics = try errors("<img src=\"logo.svg\" page=\"2\" alt=\"\">")
        XCTAssertEqual(diagnostics.map(\.message), ["page has no effect on a picture that is not a PDF"])
    }

    /// `<use>` nested ten deep, each ten copies of the one before: ten billion elements drawn.
    func testAnSVGBombEndsInALocatedErrorInBoundedTime() throws {
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">"#
        svg += #"<defs><rect id="l0" width="1" height="1"/>"#
        for level in 1 ... 10 {
            svg += "<g id=\"l\(level)\">" + String(repeating: "<use xlink:href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
        }
        svg += ##"</defs><use xlink:href="#l10"/></svg>"##
        try assertRefused(Data(svg.utf8), named: "bomb.svg", saying: "the SVG cannot be drawn", within: 20)
    }

    /// An SVG 14,000 pixels a side blurred by 5,000 and dilated by 3,000 (huge filters): librsvg
    /// makes a filter's pixels at the resolution it draws at, which the one-pixel check and the
    /// column's size bound; it is set, scaled to its column, in seconds (1.7 s in a debug build
    /// on a loaded machine, 54 MB).
    func testAnSVGWithHugeFiltersIsDrawnInBoundedTime() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="14000" height="14000"><filter id="f" x="-50%" y="-50%" width="200%" height="200%">"#
            + #"<feGaussianBlur stdDeviation="5000"/><feMorphology operator="dilate" radius="3000"/></filter>"#
            + #"<rect x="1000" y="1000" width="12000" height="12000" fill="red" filter="url(#f)"/></svg>"#
        let directory = try folder(with: "<img src=\"filters.svg\" alt=\"\">\nText.\n")
        try write(svg, to: directory.appendingPathComponent("filters.svg"))
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let start = Date()
        let report = try Typesetter(options: options).typeset(inputPath: directory.appendingPathComponent("doc.txt").path,
                                                              outputPath: directory.appendingPathComponent("doc.pdf").path)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        XCTAssertEqual(report.diagnostics.map(\.message),
                       ["picture of 10500×10500 pt is larger than the 232×729 pt column; scaled to 232×232 pt"])
    }

    /// Forms nested 40 deep, each drawing the next twice: poppler, which has no limits, is
    /// stopped by the child process's (here 1 s of processor time, the option lowered from its
    /// 10 s, which the whole test waited out; 120 s on the clock).
    func testAPDFThatDrawsForeverEndsInALocatedErrorInBoundedTime() throws {
        try assertRefused(BoundedDrawingTests.nestedFormsPDF(depth: 40), named: "forms.pdf", saying: "drawing it took more than 1 s",
                          within: 130, drawingSeconds: 1)
    }

    /// Typesets `<img src="name">` with `contents` as the file: it must fail within `seconds`
    /// with one error at the `src`, saying `message`, and write nothing. A PDF picture may take
    /// `drawingSeconds` of processor time to draw.
    private func assertRefused(_ contents: Data, named name: String, saying message: String, within seconds: TimeInterval,
                               drawingSeconds: Int = ImagePreflight.standardDrawingSeconds, line: UInt = #line) throws {
        let directory = try folder(with: "<img src=\"\(name)\" alt=\"\">")
        try contents.write(to: directory.appendingPathComponent(name))
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.pictureDrawingSeconds = drawingSeconds
        let start = Date()
        XCTAssertThrowsError(try Typesetter(options: options).typeset(inputPath: directory.appendingPathComponent("doc.txt").path,
                                                                      outputPath: directory.appendingPathComponent("doc.pdf").path),
                             line: line) { error in
            let errors = (error as? DocumentFailure)?.diagnostics.filter { $0.severity == .error } ?? []
            XCTAssertEqual(errors.count, 1, "\(error)", line: line)
            XCTAssertEqual(errors.first?.location?.column, 11, line: line)
            XCTAssertTrue(errors.first?.message.contains(message) ?? false, "\(error)", line: line)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), seconds, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("doc.pdf").path), line: line)
    }
}
