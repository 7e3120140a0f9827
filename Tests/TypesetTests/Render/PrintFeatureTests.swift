import Foundation
import Render
import TypesetKit
import XCTest

/// Issue 37's acceptance on `Fixtures/print-feature/`, an advertisement page and a feature
/// page written from docs/markup.md, set as PDF/X-4: its SVGs and its PDF advertisement are
/// paths and text, the photo is drawn in its own proportions with its focal point in its slot,
/// every colour operator of every content stream is in the space the document (or the picture
/// that drew it) wrote it in, the file is PDF/X-4 and `qpdf --check` clean, and the page checker
/// (on in debug builds) finds nothing, since a finding would fail the run.
final class PrintFeatureTests: XCTestCase {
    private static let fixture = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/print-feature")
    /// The fixture's house inks (`house.tss`) as the PDF writes them, at the tints the fixture
    /// prints them at.
    private static let processInks: [[Double]] = [
        [1, 0.78, 0.22, 0.32],          // navy
        [0.7, 0.546, 0.154, 0.224],     // navy at 70 %
        [0, 0.9, 0.85, 0],              // house red
        [0, 0.04, 0.14, 0],             // cream
    ]
    /// Black ink for what the document gives no colour, and the stone grey swatch (55 % black).
    private static let greys: [Double] = [0, 0.45]
    /// The gold spot at full strength, at 60 % (a line of the advertisement) and at 35 % (its band).
    private static let spotTints: [Double] = [1, 0.6, 0.35]

    /// The fixture set once for every test here (a debug build checks its pages as it sets
    /// them), in a folder removed when the tests end.
    private static let run: Result<(pdf: String, report: TypesetReport), Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typeset-print-feature-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.pdfStandards = [.x4]
        let pdf = folder.appendingPathComponent("print-feature.pdf").path
        let report = try Typesetter(options: options).typeset(inputPath: fixture.appendingPathComponent("print-feature.txt").path, outputPath: pdf)
        return (pdf, report)
    }

    override class func tearDown() {
        if case .success(let run) = run { try? FileManager.default.removeItem(atPath: (run.pdf as NSString).deletingLastPathComponent) }
        super.tearDown()
    }

    private func tool(_ name: String, _ arguments: [String]) throws -> String {
        guard let output = TestSupport.runTool("/usr/bin/\(name)", arguments) else { throw XCTSkip("\(name) is not installed") }
        return output
    }

    func testTheFeatureSetsCleanlyAsAPDFX4File() throws {
        let run = try Self.run.get()
        XCTAssertEqual(run.report.diagnostics.map(\.message), ["PDF/X-4: every colour typeset painted is a CMYK, grey or spot ink"],
                       "no warning, and the note that the document painted only inks")
        let pdf = try PDFObjectTree(pdfAt: run.pdf)
        XCTAssertEqual(pdf.pages.count, 2, "the advertisement and the feature")
        try PDFX4Conformance.assertConforms(pdfAt: run.pdf)
        PDFCheck.assertClean(pdfAt: run.pdf)
    }

    /// `pdfimages` lists the photo alone: the logo, the chart and the advertisement are paths
    /// and text, and their words are read back.
    func testTheVectorPicturesAreDrawnAsPathsAndText() throws {
        let pdf = try Self.run.get().pdf
        let images = try tool("pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2)
        XCTAssertEqual(images.count, 1, "the photo and nothing else: \(images)")
        let photo = images.first?.split(separator: " ", omittingEmptySubsequences: true) ?? []
        // Its width, height, colour space (RGB labelled sRGB: "icc"), components and encoding.
        XCTAssertEqual(photo.count > 8 ? [3, 4, 5, 6, 8].map { String(photo[$0]) } : [], ["512", "512", "icc", "3", "jpeg"], "the JPEG, whole")
        let text = try tool("pdftotext", [pdf, "-"])
        for words in ["Orbital", "Seats sold to orbit, a year", "Thousands, from the spaceport", "2026", "Barricade", "siege discount"] {
            XCTAssertTrue(text.contains(words), "\"\(words)\" is text in the PDF: \(text)")
        }
    }

    /// The photo is drawn square, as its 512×512 pixels are, covering its 151×240 pt slot (a
    /// column wide), and the face its `focus` names (44 % across, 22 % down) lands inside the
    /// slot, as near its middle as covering it allows: across, at the middle; down, where the
    /// picture's height, the slot's, leaves it.
    func testThePhotoKeepsItsProportionsAndItsFocalPointIsInItsSlot() throws {
        let pdf = try PDFObjectTree(pdfAt: Self.run.get().pdf)
        let page = try XCTUnwrap(pdf.pages.last)
        let placements = try ContentStreamReading.imagePlacements(onPage: page, of: pdf)
        XCTAssertEqual(placements.count, 1)
        let placement = try XCTUnwrap(placements.first)
        let drawn = placement.rect, slot = try XCTUnwrap(placement.clip, "the photo is clipped to its slot")
        XCTAssertEqual(drawn.width / drawn.height, 1, accuracy: 1e-3, "no squash: the picture's own proportions")
        XCTAssertEqual(slot.width, 151, accuracy: 0.01)
        XCTAssertEqual(slot.height, 240, accuracy: 0.01)
        XCTAssertTrue(drawn.minX <= slot.minX + 0.01 && drawn.maxX >= slot.maxX - 0.01 && drawn.minY <= slot.minY + 0.01
                      && drawn.maxY >= slot.maxY - 0.01, "the picture covers its slot: \(drawn), \(slot)")
        // The focus, from the picture's top left; the page's y grows upwards.
        let focus = (x: drawn.minX + 0.44 * drawn.width, y: drawn.maxY - 0.22 * drawn.height)
        XCTAssertTrue(slot.minX < focus.x && focus.x < slot.maxX && slot.minY < focus.y && focus.y < slot.maxY, "the face shows: \(focus) in \(slot)")
        // Where covering lets the focus go, on each axis, and the point of that range nearest the slot's middle.
        func nearestToMiddle(_ fraction: Double, drawnLength: Double, slotMin: Double, slotMax: Double) -> Double {
            let lowest = slotMax - drawnLength + fraction * drawnLength, highest = slotMin + fraction * drawnLength
            return min(max((slotMin + slotMax) / 2, lowest), highest)
        }
        XCTAssertEqual(focus.x, nearestToMiddle(0.44, drawnLength: drawn.width, slotMin: slot.minX, slotMax: slot.maxX), accuracy: 0.05)
        XCTAssertEqual(focus.x, slot.midX, accuracy: 0.05, "across, the picture is wide enough to centre the face")
        XCTAssertEqual(focus.y, nearestToMiddle(0.78, drawnLength: drawn.height, slotMin: slot.minY, slotMax: slot.maxY), accuracy: 0.05)
    }

    /// Every colour operator in every page's content and every form: the house's CMYK swatches
    /// as `k`/`K`, the gold as its `Separation` at its tints, black and the grey swatch as
    /// DeviceGray; RGB only where a picture wrote RGB — the SVGs' colours and the advertisement's
    /// (a PDF made in RGB), each of them one that picture's file holds. Each ink the document
    /// uses is there, so that the test cannot pass on a page that painted nothing.
    func testEveryColourIsInTheSpaceItWasWrittenIn() throws {
        let pdf = try PDFObjectTree(pdfAt: Self.run.get().pdf)
        var operators: [ContentStreamReading.ColourOperator] = []
        for page in pdf.pages { operators += try ContentStreamReading.colourOperators(onPage: page, of: pdf) }
        let pictureRGB = try picturesRGB()
        var spaces = Set<String>()
        for colour in operators {
            switch colour.space {
            case "DeviceCMYK":
                XCTAssertTrue(Self.processInks.contains { $0.matches(colour.values) }, "a CMYK the document does not write: \(colour)")
            case "DeviceGray":
                XCTAssertTrue(Self.greys.contains { [$0].matches(colour.values) }, "a grey the document does not write: \(colour)")
            case "DeviceRGB":
                XCTAssertTrue(pictureRGB.contains { $0.matches(colour.values, tolerance: 1 / 255) }, "an RGB no picture wrote: \(colour)")
            case "/TypesetSpot0":
                XCTAssertTrue(Self.spotTints.contains { [$0].matches(colour.values) }, "a tint of the gold the document does not print: \(colour)")
            default:
                XCTFail("a colour in a space the document does not write: \(colour)")
            }
            spaces.insert(colour.space)
        }
        for ink in Self.processInks {
            XCTAssertTrue(operators.contains { $0.space == "DeviceCMYK" && ink.matches($0.values) }, "\(ink) is painted")
        }
        for grey in Self.greys {
            XCTAssertTrue(operators.contains { $0.space == "DeviceGray" && [grey].matches($0.values) }, "grey \(grey) is painted")
        }
        for tint in Self.spotTints {
            XCTAssertTrue(operators.contains { $0.space == "/TypesetSpot0" && [tint].matches($0.values) }, "the gold at \(tint) is painted")
        }
        XCTAssertTrue(spaces.contains("DeviceRGB"), "the pictures' own RGB is kept")

        let resources = try XCTUnwrap(pdf.dictionary(pdf.pages[0]["/Resources"]))
        let spot = try XCTUnwrap(pdf.array(pdf.dictionary(resources["/ColorSpace"])?["/TypesetSpot0"]))
        XCTAssertEqual(spot.prefix(3).compactMap { $0 as? String }, ["/Separation", "/PANTONE 871 C", "/DeviceCMYK"])
        let function = try XCTUnwrap(pdf.dictionary(spot.last))
        XCTAssertEqual((function["/C1"] as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }, [0.2, 0.3, 0.7, 0.15],
                       "the swatch's process alternate")
    }

    /// The RGB colours the pictures wrote: the SVGs' `#rrggbb` fills and strokes, and every
    /// colour of the advertisement's pages (a grey as its RGB, as poppler draws it).
    private func picturesRGB() throws -> [[Double]] {
        var colours: [[Double]] = []
        for name in ["logo.svg", "chart.svg"] {
            let svg = try String(contentsOf: Self.fixture.appendingPathComponent(name), encoding: .utf8)
            for match in svg.matches(of: #/#([0-9a-fA-F]{6})\b/#) {
                let value = Int(match.1, radix: 16) ?? 0
                colours.append([value >> 16, value >> 8 & 0xFF, value & 0xFF].map { Double($0) / 255 })
            }
        }
        let advert = try PDFObjectTree(pdfAt: Self.fixture.appendingPathComponent("advert.pdf").path)
        for page in advert.pages {
            for colour in try ContentStreamReading.colourOperators(onPage: page, of: advert) {
                switch colour.space {
                case "DeviceRGB": colours.append(colour.values)
                case "DeviceGray": colours.append(Array(repeating: colour.values.first ?? 0, count: 3))
                default: XCTFail("the advertisement was made in RGB: \(colour)")
                }
            }
        }
        return colours
    }
}

private extension Array where Element == Double {
    /// Whether `values` are these, each within `tolerance`.
    func matches(_ values: [Double], tolerance: Double = 1e-4) -> Bool {
        count == values.count && zip(self, values).allSatisfy { abs($0 - $1) <= tolerance }
    }
}
