import Diagnostics
import Foundation
import Images
import Layout
import Markup
import Pages
import Render
import Text
import TypesetKit
import XCTest

/// `crop` and `focus` (issue 37, item 2): a picture cut down to part of itself, in percentages
/// or its own units, the part kept then being the picture as far as its size goes; drawn whole
/// and clipped (a JPEG still its file, byte for byte), checked at the pixels shown, wrapped
/// round the shape that shows; bad values located errors naming the attribute.
final class PictureCropTests: XCTestCase {
    private func parse(_ markup: String, in directory: String = TestSupport.imagesDirectory.path) -> MarkupDocument {
        TestSupport.parse(markup, baseDirectory: directory)
    }

    // MARK: Reading

    func testACropInPercentagesOrPixelsSizesThePictureByWhatItKeeps() throws {
        // rgb8.png is 240×160 px: 60 px off each side and 40 off the foot keep 120×120.
        for crop in ["60 0 60 40", "25% 0 25% 25%", "60px 0px 60PX 40px", "25%, 0, 25%, 25%"] {
            let document = parse(#"<img src="rgb8.png" alt="" crop="\#(crop)">"#)
            XCTAssertEqual(document.diagnostics.map(\.description), [], crop)
            let attachment = try XCTUnwrap(document.text.attachments.first, crop)
            XCTAssertEqual(attachment.image.crop, PictureCrop(left: 0.25, top: 0, right: 0.25, bottom: 0.25), crop)
            XCTAssertEqual(attachment.delegate.width, 120, crop)
            XCTAssertEqual(attachment.delegate.ascent, 120, crop)
        }
        // Given only a width, the height follows the kept part's proportions, 1:1.
        let sized = parse(#"<img src="rgb8.png" alt="" crop="25% 0 25% 25%" width="90">"#)
        XCTAssertEqual(sized.text.attachments.first?.delegate.ascent, 90)
        XCTAssertEqual(sized.diagnostics.map(\.description), [])
    }

    func testASVGIsCroppedInItsCSSPixelsAndAPDFPageInPoints() throws {
        let directory = try makeTemporaryDirectory()
        try write(#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100"/></svg>"#,
                  to: directory.appendingPathComponent("box.svg"))
        // 200×100 CSS px is 150×75 pt; 50 px off each side leave 100 px, 75 pt.
        let svg = parse(#"<img src="box.svg" alt="" crop="50 0 50px 0">"#, in: directory.path)
        XCTAssertEqual(svg.diagnostics.map(\.description), [])
        XCTAssertEqual(try XCTUnwrap(svg.text.attachments.first?.delegate.width), 75, accuracy: 1e-9)
        let inPoints = parse(#"<img src="box.svg" alt="" crop="50pt 0 0 0">"#, in: directory.path)
        XCTAssertEqual(inPoints.diagnostics.map(\.message),
                       [#"crop "50pt" must be a percentage or a length in the picture's own unit, px (no other unit)"#])
        let advert = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/vector-pictures").path
        // The advertisement's page is 360×112 pt: 90 pt off each side leave 180.
        let pdf = parse(#"<img src="advert.pdf" alt="" crop="90pt 0 90 0">"#, in: advert)
        XCTAssertEqual(pdf.diagnostics.map(\.description), [])
        XCTAssertEqual(try XCTUnwrap(pdf.text.attachments.first?.delegate.width), 180, accuracy: 1e-9)
    }

    func testFocusIsReadAsTwoPercentages() {
        let document = parse(#"<img src="rgb8.png" alt="" width="60" height="120" fit="cover" focus="30% 12.5%">"#)
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        XCTAssertEqual(document.text.attachments.first?.image.focus, PictureFocus(x: 0.3, y: 0.125))
        XCTAssertEqual(parse(#"<img src="rgb8.png" alt="">"#).text.attachments.first?.image.focus, .centre)
    }

    func testBadCropsAndFociAreErrorsAtTheAttribute() throws {
        let cases: [(attribute: String, message: String)] = [
            (#"crop="60% 0 50% 0""#, #"crop "60% 0 50% 0" leaves nothing of the picture (240×160 px): its left and right together cut off all of it"#),
            (#"crop="0 100 0 60""#, #"crop "0 100 0 60" leaves nothing of the picture (240×160 px): its top and bottom together cut off all of it"#),
            (#"crop="0 0 120% 0""#, #"crop "120%" must be a percentage from 0% to 100%"#),
            (#"crop="0 0 300 0""#, #"crop "300" must be from 0 to 240 px, the picture's side"#),
            (#"crop="0 -5 0 0""#, #"crop "-5" must be from 0 to 160 px, the picture's side"#),
            (#"crop="1mm 0 0 0""#, #"crop "1mm" must be a percentage or a length in the picture's own unit, px (no other unit)"#),
            (#"crop="10% 10%""#, #"crop must be four values, left top right bottom ("10% 0 10% 5%", or lengths in px), not "10% 10%""#),
            (#"focus="50% 120%""#, #"focus must be two percentages from 0% to 100%, across and down ("50% 30%"), not "50% 120%""#),
            (#"focus="50%""#, #"focus must be two percentages from 0% to 100%, across and down ("50% 30%"), not "50%""#),
            (#"focus="10 20""#, #"focus must be two percentages from 0% to 100%, across and down ("50% 30%"), not "10 20""#),
        ]
        for (attribute, message) in cases {
            let document = parse(#"<img src="rgb8.png" alt="" \#(attribute)>"#)
            XCTAssertEqual(document.diagnostics.map(\.message), [message], attribute)
            XCTAssertEqual(document.diagnostics.first?.severity, .error, attribute)
            // At the attribute's value: after `<img src="rgb8.png" alt="" ` and its name.
            let valueColumn = 28 + attribute.prefix(while: { $0 != "\"" }).count + 1
            XCTAssertEqual(document.diagnostics.first?.location?.column, valueColumn, attribute)
            XCTAssertTrue(document.text.attachments.isEmpty, "\(attribute): no picture is placed")
        }
    }

    // MARK: In the PDF

    private func options(minimumPPI: Double = 0) -> TypesetOptions {
        var options = TypesetOptions()
        options.imageRoot = "/"
        options.fontsDirectory = TestSupport.fontsDirectory
        options.minimumPictureResolution = minimumPPI
        // A 260 × 180 pt page: a 240 × 160 place with 10 pt margins.
        options.page = PageTemplate(size: Size(width: 260, height: 180), margins: Margins(all: 10), columns: 1, gutter: 0)
        return options
    }

    private func typeset(_ markup: String, options: TypesetOptions) throws -> (report: TypesetReport, pdf: String) {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("crop.txt")
        try write(markup, to: input)
        let output = directory.appendingPathComponent("crop.pdf").path
        let report = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output)
        PDFCheck.assertClean(pdfAt: output)
        return (report, output)
    }

    func testACroppedJPEGIsItsFileClippedToThePartShown() throws {
        for tool in ["/usr/bin/pdfimages", "/usr/bin/pdftoppm", "/usr/bin/qpdf"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw XCTSkip("\(tool) is not installed")
        }
        // rgb-baseline.jpg is rgb8.png's picture (the astronaut, 240×160 px) as a JPEG: keep 60×40 px round her face, 4× its size.
        let jpeg = TestSupport.imagePath("rgb-baseline.jpg")
        let (_, pdf) = try typeset(#"<img src="\#(jpeg)" alt="" crop="60 40 120 80" width="240">"#, options: options())
        let list = try XCTUnwrap(TestSupport.runTool("/usr/bin/pdfimages", ["-list", pdf]))
        let rows = list.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ") }
        XCTAssertEqual(rows.count, 1, list)
        let row = try XCTUnwrap(rows.first)
        XCTAssertEqual(row[3], "240", "the whole picture is stored: \(list)")
        XCTAssertEqual(row[12], "18", "240 px over 960 pt: 18 ppi, the whole picture drawn at 4 pt a pixel")
        let object = try XCTUnwrap(Int(row[10]))
        XCTAssertEqual(try QPDFStreams.bytes(ofObject: object, inPDFAt: pdf), try Data(contentsOf: URL(fileURLWithPath: jpeg)),
                       "the stream is the file")
        let base = (pdf as NSString).deletingPathExtension
        XCTAssertNotNil(TestSupport.runTool("/usr/bin/pdftoppm", ["-r", "72", "-png", "-singlefile", pdf, base]))
        let page = try Pixels(pngAt: base + ".png")
        let original = try Pixels(pngAt: TestSupport.imagePath("rgb8.png"))
        // Drawn at 72 dpi, each part of the place shows the part of the picture kept there: a page
        // pixel (10 + 4u, 10 + 4v) is the picture's (60 + u, 40 + v), compared tile by tile.
        for tileX in stride(from: 0, to: 60, by: 15) {
            for tileY in stride(from: 0, to: 40, by: 10) {
                let across = tileX + 3 ..< tileX + 12, down = tileY + 2 ..< tileY + 8
                let expected = original.meanColour(x: 60 + across.lowerBound ..< 60 + across.upperBound, y: 40 + down.lowerBound ..< 40 + down.upperBound)
                let drawn = page.meanColour(x: 10 + 4 * across.lowerBound ..< 10 + 4 * across.upperBound, y: 10 + 4 * down.lowerBound ..< 10 + 4 * down.upperBound)
                for channel in 0 ..< 3 {
                    XCTAssertEqual(drawn[channel], expected[channel], accuracy: 0.08, "tile \(tileX), \(tileY), channel \(channel)")
                }
            }
        }
        XCTAssertEqual(page.meanLuminance(x: 0 ..< 260, y: 172 ..< 180), 1, accuracy: 0.01, "nothing drawn past the place")
    }

    func testTheResolutionCheckCountsThePixelsShown() throws {
        // 60×40 px kept, shown at 240×160 pt: 18 ppi; the whole picture at that size would be 72.
        let jpeg = TestSupport.imagePath("rgb-baseline.jpg")
        let (report, _) = try typeset(#"<img src="\#(jpeg)" alt="" crop="60 40 120 80" width="240">"#, options: options(minimumPPI: 150))
        XCTAssertEqual(report.diagnostics.filter { $0.severity == .warning }.map(\.message),
                       ["picture cropped to 60×40 px (of 240×160 px) is shown at 18 ppi (below 150) at 240×160 pt and prints blurred;"
                        + " use one of at least 500×334 px or show it smaller (--min-ppi sets the limit)"])
    }

    func testAContourFollowsTheCroppedShape() throws {
        let directory = try makeTemporaryDirectory()
        let disc = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="50"/></svg>"#
        try write(disc, to: directory.appendingPathComponent("disc.svg"))
        // The disc's lower half: widest at the top of its place, a point at its foot.
        var document = TestSupport.parse(#"<img src="disc.svg" alt="" crop="0 50% 0 0" width="150" float="left" wrap="contour">Text."#,
                                         baseDirectory: directory.path)
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        XCTAssertEqual(ContourTracing.trace(&document.text, files: document.pictures, places: document.elementPlaces), [])
        let bands = try XCTUnwrap(document.text.attachments.first?.image.float?.contour?.bands)
        let top = try XCTUnwrap(bands.min { $0.top < $1.top }), foot = try XCTUnwrap(bands.max { $0.bottom < $1.bottom })
        XCTAssertEqual(top.top, 0, accuracy: 1e-9)
        XCTAssertGreaterThan(top.right - top.left, 0.95, "the half disc's flat side is at its top")
        XCTAssertLessThan(foot.right - foot.left, 0.5, "and its curve below")
        XCTAssertTrue(bands.allSatisfy { $0.top >= 0 && $0.bottom <= 1 }, "nothing of the upper half, which is cut off")
    }

    /// The contours are stored on their floats in one pass over the text's runs (one rewrite
    /// a picture made 800 floats take 8.7 s, issue 40 item 7): each float gets its own, the
    /// floats without `wrap="contour"` and the text between keep what they had.
    func testEachContourFloatGetsItsOwnContourAndTheRestOfTheTextIsKept() throws {
        let directory = try makeTemporaryDirectory()
        let disc = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="50"/></svg>"#
        try write(disc, to: directory.appendingPathComponent("disc.svg"))
        let markup = #"<img src="disc.svg" alt="" width="60" float="left" wrap="contour">One <b>two</b> "#
            + #"<img src="disc.svg" alt="" width="60" float="right">three <img src="disc.svg" alt="" crop="0 50% 0 0" width="60" float="left" wrap="contour">four."#
        var document = TestSupport.parse(markup, baseDirectory: directory.path)
        XCTAssertEqual(document.diagnostics.map(\.description), [])
        let before = document.text.string
        XCTAssertEqual(ContourTracing.trace(&document.text, files: document.pictures, places: document.elementPlaces), [])
        XCTAssertEqual(document.text.string, before)
        let floats = document.text.attachments.map { $0.image.float }
        XCTAssertEqual(floats.count, 3)
        let whole = try XCTUnwrap(floats[0]?.contour?.bands), half = try XCTUnwrap(floats[2]?.contour?.bands)
        XCTAssertNil(floats[1]?.contour, "a float wrapped round its rectangle has no contour")
        let wholeTop = try XCTUnwrap(whole.min { $0.top < $1.top }), halfTop = try XCTUnwrap(half.min { $0.top < $1.top })
        XCTAssertLessThan(wholeTop.right - wholeTop.left, 0.5, "the whole disc is narrow at its top")
        XCTAssertGreaterThan(halfTop.right - halfTop.left, 0.95, "the lower half is widest at its top")
        let two = try XCTUnwrap(before.utf16.firstIndex(of: UInt16(UInt8(ascii: "t")))).utf16Offset(in: before)
        XCTAssertEqual(document.text.attributes(at: two).attributes.fontWeight, 700, "the bold run between the pictures is kept")
    }

    func testACoverFittedPictureKeepsItsFocusInView() throws {
        // rgb8.png, 240×160 px, covering a 60×160-pt slot: drawn 240 pt wide, a quarter of it shown.
        // Its focus in the first quarter shows that quarter; in the second, the second; at the right edge, the last.
        let place = Rect(x: 0, y: 0, width: 60, height: 160)
        for (focus, shownColumn) in [("5% 50%", 0.0), ("37.5% 50%", 1.0), ("100% 0%", 3.0)] {
            let document = parse(#"<img src="rgb8.png" alt="" width="60" height="160" fit="cover" focus="\#(focus)">"#)
            XCTAssertEqual(document.diagnostics.map(\.description), [], focus)
            let image = try XCTUnwrap(document.text.attachments.first?.image, focus)
            let framing = image.framing(own: (240, 160), in: place)
            XCTAssertEqual(-framing.whole.minX, shownColumn * 60, accuracy: 1e-9, focus)
        }
    }
}
