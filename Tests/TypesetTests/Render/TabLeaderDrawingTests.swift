import CCairo
import Foundation
@testable import Layout
@testable import Render
import Text
import XCTest

/// A tab's leader drawn (`TabLeaderDrawer`): a dot at each mark of the pitch, on the baseline,
/// and nothing between the marks or over the text at either end; in a PDF, one path a leader
/// however many marks it has, which every reader paints as its marks.
final class TabLeaderDrawingTests: XCTestCase {
    /// Draws a line at (20, 30) whose leader runs from 40 points into it to `maxX`, on `surface`.
    private func drawLine(with leader: TabLeader, to maxX: Double, size: Double, on surface: OpaquePointer) -> Line {
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        var line = Line(origin: Point(x: 20, y: 30), ascent: 9, descent: 3, leading: 0, width: maxX + 20, stringRange: 0 ..< 10, runs: [],
                        endsParagraph: true)
        line.leaders = [LineLeader(leader: leader, minX: 40, maxX: maxX, fontSize: size, color: .black)]
        TabLeaderDrawer.draw(line.leaders, of: line, in: context)
        return line
    }

    private func alphas(drawing leader: TabLeader) -> (pixels: [UInt8], stride: Int, line: Line) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 300, 40)!
        defer { cairo_surface_destroy(surface) }
        let line = drawLine(with: leader, to: 200, size: 20, on: surface)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        return (Array(UnsafeBufferPointer(start: data, count: stride * 40)), stride, line)
    }

    func testDotsStandOnThePitchAlongTheBaseline() throws {
        let (pixels, stride, line) = alphas(drawing: .dots)
        let leader = try XCTUnwrap(line.leaders.first)
        let marks = leader.markCentres(lineX: line.origin.x)
        XCTAssertEqual(marks.count, 15, "\(marks)")   // 10 pt apart, from 70 to 210, half a pitch clear of 60 and 220
        let radius = TabLeaderDrawer.dotSize * 20 / 2
        let row = Int(line.origin.y - radius)
        for mark in marks {
            XCTAssertGreaterThan(pixels[row * stride + Int(mark)], 128, "a dot at \(mark)")
            XCTAssertEqual(pixels[row * stride + Int(mark + 5)], 0, "nothing between the dots")
        }
        // Nothing over the text before the tab or after it.
        for x in 0 ..< 64 { XCTAssertEqual(pixels[row * stride + x], 0, "x \(x)") }
        for x in 216 ..< 300 { XCTAssertEqual(pixels[row * stride + x], 0, "x \(x)") }
        // Nothing above the dots' row on the x-height.
        XCTAssertTrue((0 ..< 300).allSatisfy { pixels[(Int(line.origin.y) - 8) * stride + $0] == 0 })
    }

    func testARuleRunsFromTheFirstMarkToTheLast() {
        let (pixels, stride, line) = alphas(drawing: .rule)
        let row = Int(line.origin.y - 0.5)
        let inked = (0 ..< 300).filter { pixels[row * stride + $0] > 0 }
        XCTAssertEqual(inked.first, 67)
        XCTAssertEqual(inked.last, 212)
        XCTAssertEqual(inked.count, 212 - 67 + 1, "unbroken")
    }

    /// A page of 400 by 60 points whose one line has a 300-point leader at 11 points: 53 marks,
    /// 5.5 points apart, from x 66 to 352, on the baseline at y 30.
    private func leaderPDF(_ leader: TabLeader) throws -> (path: String, line: Line) {
        let path = try makeTemporaryDirectory().appendingPathComponent("leader.pdf").path
        let surface = cairo_pdf_surface_create(path, 400, 60)!
        let line = drawLine(with: leader, to: 340, size: 11, on: surface)
        cairo_surface_finish(surface)
        XCTAssertEqual(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS)
        cairo_surface_destroy(surface)
        return (path, line)
    }

    private func pageContent(ofPDFAt path: String) throws -> String {
        let pdf = try PDFObjectTree(pdfAt: path)
        let contents = try XCTUnwrap(pdf.pages.first?["/Contents"] as? String)
        return String(decoding: try pdf.streamData(contents), as: UTF8.self)
    }

    /// Drawn mark by mark, a phone directory's 604,000 dots were 90 MB of page content.
    func testALeaderWritesOnePathWhateverItsLength() throws {
        for leader in TabLeader.allCases {
            let content = try pageContent(ofPDFAt: leaderPDF(leader).path)
            XCTAssertLessThan(content.utf8.count, 200, "\(leader): \(content)")
        }
    }

    /// A dot is a dash of next to no length with a round cap: MuPDF, poppler and pdfium each
    /// paint one at every mark, the dash pattern's step apart (pdfium's drifted off the pitch
    /// when the dash was zero), and nothing between.
    func testEveryReaderPaintsADotAtEachMarkOfTheStroke() throws {
        let (pdf, line) = try leaderPDF(.dots)
        XCTAssertTrue(try pageContent(ofPDFAt: pdf).contains("[ 0.01 5.49] 0 d"), "one dashed stroke")
        let leader = try XCTUnwrap(line.leaders.first)
        let marks = leader.markCentres(lineX: line.origin.x)
        XCTAssertEqual(marks.count, 53)
        let scale = 4.0, folder = try makeTemporaryDirectory()
        let renderings = [
            ("MuPDF", "/usr/bin/mutool", ["draw", "-q", "-r", "288", "-o", folder.appendingPathComponent("MuPDF.png").path, pdf, "1"]),
            ("poppler", "/usr/bin/pdftoppm", ["-r", "288", "-png", "-singlefile", pdf, folder.appendingPathComponent("poppler").path]),
            ("pdfium", "/usr/bin/python3", ["-c", """
                import sys; sys.path.insert(0, sys.argv[1]); import pypdfium2
                pypdfium2.PdfDocument(sys.argv[2])[0].render(scale=4).to_pil().save(sys.argv[3])
                """, PDFCheck.pyPITools.path, pdf, folder.appendingPathComponent("pdfium.png").path]),
        ]
        for (reader, tool, arguments) in renderings {
            let png = folder.appendingPathComponent("\(reader).png").path
            guard TestSupport.runTool(tool, arguments) != nil, FileManager.default.fileExists(atPath: png) else {
                throw XCTSkip("\(reader) is not installed; make deps installs the reader matrix's tools")
            }
            let pixels = try Pixels(pngAt: png)
            let row = Int((line.origin.y - TabLeaderDrawer.dotSize * 11 / 2) * scale)
            let inked = (0 ..< pixels.width).map { pixels.luminance(x: $0, y: row) < 0.5 }
            let dots = zip(inked, [false] + inked).filter { $0 && !$1 }.count
            XCTAssertEqual(dots, marks.count, "\(reader): a dot a mark")
            for mark in marks {
                XCTAssertTrue(inked[Int(mark * scale)], "\(reader): a dot at \(mark)")
                XCTAssertFalse(inked[Int((mark + leader.step / 2) * scale)], "\(reader): nothing between the dots at \(mark)")
            }
        }
    }
}
