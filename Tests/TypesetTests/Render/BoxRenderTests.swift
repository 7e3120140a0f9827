import CCairo
import Foundation
import TypesetKit
import XCTest

/// Figures and asides as a reader sees them: the box's background and border are drawn where
/// the layout JSON says the box is, the text round it stays outside, its caption is in the PDF's
/// text once, and the JSON lists the box with its own frames.
final class BoxRenderTests: XCTestCase {
    private let markup = """
        <section columns="2">
        <aside float="right" width="150" background="#33cc33" border="3 #0000ff" padding="8">
        <p align="left">Sidebar words in the box.</p>
        </aside>
        First, observe the hands. A commuter’s raised arm is almost always holding something: a phone, a coffee, a newspaper folded into eighths, or the overhead strap of a carriage that is already far too full. A zombie’s raised arms hold nothing at all.
        <figure>
        <img src="coffee.jpg" width="120">
        <caption>Fuel for the night shift.</caption>
        </figure>
        Second, listen to the groan. Commuter groans rise in pitch at the end, as in “the nine-fifteen is cancelled?” Zombie groans fall in pitch and trail away into a wet, thoughtful gurgle.
        </section>

        """

    private func typeset(_ arguments: [String]) throws -> URL {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(at: TestSupport.zombiesDirectory.appendingPathComponent("coffee.jpg"),
                                         to: directory.appendingPathComponent("coffee.jpg"))
        try markup.write(to: directory.appendingPathComponent("doc.txt"), atomically: true, encoding: .utf8)
        let result = try TypesetProcess.run(["doc.txt", "--min-ppi", "0"] + arguments, in: directory, timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        return directory
    }

    /// The floated box's rectangle and its JSON, from the layout JSON.
    private func floatedBox(in layout: URL) throws -> (rect: [String: Double], box: [String: Any]) {
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: layout)) as? [String: Any])
        let frames = try XCTUnwrap((json["pages"] as? [[String: Any]])?.first?["frames"] as? [[String: Any]])
        let float = try XCTUnwrap(frames.flatMap { $0["floats"] as? [[String: Any]] ?? [] }.first)
        return (try XCTUnwrap(float["rect"] as? [String: Double]), try XCTUnwrap(float["box"] as? [String: Any]))
    }

    func testTheBoxIsDrawnWhereTheLayoutSaysAndItsTextReadsOnce() throws {
        let directory = try typeset(["-o", "doc.pdf", "--layout-json", "doc.json"])
        let (rect, box) = try floatedBox(in: directory.appendingPathComponent("doc.json"))
        XCTAssertEqual(box["kind"] as? String, "aside")
        let frames = try XCTUnwrap(box["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.count, 1)
        XCTAssertFalse((frames[0]["lines"] as? [Any] ?? []).isEmpty, "the box's own lines are listed")
        let json = try String(contentsOf: directory.appendingPathComponent("doc.json"), encoding: .utf8)
        XCTAssertTrue(json.contains("\"kind\":\"figure\""), "the figure in the column is listed on its line")

        guard let text = TestSupport.runTool("/usr/bin/pdftotext", [directory.appendingPathComponent("doc.pdf").path, "-"]) else {
            throw XCTSkip("pdftotext is not installed")
        }
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertEqual(flat.components(separatedBy: "Fuel for the night shift.").count, 2, flat)
        XCTAssertEqual(flat.components(separatedBy: "Sidebar words in the box.").count, 2, flat)

        // The pixels, at 72 dpi: the background inside the border, the border's blue at its
        // edge, and nothing of the column's text in the box.
        let pngDirectory = try typeset(["-o", "doc.png", "--dpi", "72"])
        let surface = try XCTUnwrap(cairo_image_surface_create_from_png(pngDirectory.appendingPathComponent("doc-001.png").path))
        defer { cairo_surface_destroy(surface) }
        XCTAssertEqual(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS)
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), rowBytes = Int(cairo_image_surface_get_stride(surface))
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        func pixel(_ x: Double, _ y: Double) -> (red: Int, green: Int, blue: Int) {
            let offset = Int(y) * rowBytes + min(Int(x), width - 1) * 4   // ARGB32, little-endian: B G R A
            return (Int(data[offset + 2]), Int(data[offset + 1]), Int(data[offset]))
        }
        let x = rect["x"] ?? 0, y = rect["y"] ?? 0, w = rect["width"] ?? 0, h = rect["height"] ?? 0
        let inside = pixel(x + 5, y + h - 5)
        XCTAssertEqual(inside.green, 0xcc, accuracy: 4, "the background, \(inside)")
        XCTAssertEqual(inside.red, 0x33, accuracy: 4, "the background, \(inside)")
        let edge = pixel(x + w / 2, y + 1.5)
        XCTAssertEqual(edge.blue, 0xff, accuracy: 4, "the border, \(edge)")
        XCTAssertLessThan(edge.red, 40, "the border, \(edge)")
        // Left of the box, beyond its margin, is the column's text: black ink, no green.
        var greenOutside = 0
        for row in Int(y) ..< Int(y + h) {
            for column in Int(x - 40) ..< Int(x - 9) {
                let colour = pixel(Double(column), Double(row))
                if colour.green > colour.red + 60, colour.green > colour.blue + 60 { greenOutside += 1 }
            }
        }
        XCTAssertEqual(greenOutside, 0, "the background stays in the box")
    }

    /// The examples of docs/markup.md's "Figures and asides", typeset as the command line would:
    /// each box placed where it says, its caption read once from the PDF.
    func testTheDocumentedExamplesComeOutBoxed() throws {
        let expected: [(name: String, caption: String, placement: String)] = [
            ("figure", "The Captain’s red cups: saucers, always.", "float"),
            ("figure-top", "Leaving the planet entirely: the most exclusive getaway of all.", "top"),
            ("aside", "“The saucer is the last line of defence.”", "middle"),
        ]
        for (name, caption, placement) in expected {
            let directory = try makeTemporaryDirectory()
            for picture in ["coffee.jpg", "rocket.jpg"] {
                try FileManager.default.copyItem(at: TestSupport.zombiesDirectory.appendingPathComponent(picture),
                                                 to: directory.appendingPathComponent(picture))
            }
            let input = directory.appendingPathComponent("\(name).txt")
            try MarkupExample.named(name).markup.write(to: input, atomically: true, encoding: .utf8)
            var options = TypesetOptions()
            options.fontsDirectory = TestSupport.fontsDirectory
            options.minimumPictureResolution = 0
            let pdf = directory.appendingPathComponent("\(name).pdf").path
            _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: pdf)
            let pages = try Typesetter(options: options).prepare(fileAt: input.path).checkedPages()
            let boxes = pages.flatMap(\.boxes)
            XCTAssertFalse(boxes.isEmpty, name)
            switch placement {
            case "float": XCTAssertFalse(pages[0].frames.flatMap(\.floats).compactMap(\.box).isEmpty, name)
            default: XCTAssertTrue(pages[0].pictures.contains { $0.box != nil && "\($0.position)" == placement }, name)
            }
            // In the order drawn (a box's text is drawn whole, before the column's lines beside
            // it, which a reader laying the page out by position interleaves with them).
            guard let text = TestSupport.runTool("/usr/bin/pdftotext", ["-raw", pdf, "-"]) else { throw XCTSkip("pdftotext is not installed") }
            let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertEqual(flat.components(separatedBy: caption).count, 2, "\(name): \(flat)")
        }
    }
}
