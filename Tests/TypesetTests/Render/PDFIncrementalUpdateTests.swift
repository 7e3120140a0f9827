import Foundation
@testable import Render
import TypesetKit
import XCTest

/// Objects the finishing step writes itself, after the file qpdf wrote, read back by qpdf: new
/// objects in compressed object streams, an object of the file replaced, text strings in
/// either encoding, and the file's trailer carried over.
final class PDFIncrementalUpdateTests: XCTestCase {
    /// A finished PDF to add to.
    private func finishedPDF() throws -> String {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try "<meta title=\"Keepers\">\nThe keepers climb the stairs at dusk.\n".write(to: input, atomically: true, encoding: .utf8)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let output = directory.appendingPathComponent("doc.pdf").path
        _ = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output)
        return output
    }

    func testNewObjectsAndAReplacedOneAreReadBackThroughTheUpdate() throws {
        let path = try finishedPDF()
        let written = try WrittenPDF(path: path)
        let before = try PDFObjectTree(pdfAt: path)
        var update = PDFIncrementalUpdate(trailer: written.trailer)
        // More objects than one object stream holds, each referring to the one before.
        var numbers: [Int] = []
        for index in 0 ..< 2 * PDFObjectStream.capacity + 7 {
            let number = update.reserve()
            var text = PDFObjectText()
            text.raw("<< /Index")
            text.integer(index)
            if let previous = numbers.last {
                text.raw(" /Before")
                text.reference(previous)
            }
            text.raw(" /Width")
            text.real(-12.3456)
            text.raw(" >>")
            update.set(number, text)
            numbers.append(number)
        }
        // The structure tree root's stand-in, replaced; its text strings in both encodings.
        var root = PDFObjectText()
        root.raw("<< /Type /StructTreeRoot /Plain")
        root.textString("Keepers (and a lamp) \\ light")
        root.raw(" /Wide")
        root.textString("Leuchtturmwärter – 灯台")
        root.raw(" /Last")
        root.reference(numbers.last!)
        root.raw(" >>")
        update.set(written.structureTreeRoot, root)
        try update.append(to: path)

        PDFCheck.assertClean(pdfAt: path)
        let tree = try PDFObjectTree(pdfAt: path)
        XCTAssertEqual(tree.catalog["/Pages"] as? String, before.catalog["/Pages"] as? String, "the file's own objects are still read")
        XCTAssertEqual(tree.trailer["/ID"] as? [String], before.trailer["/ID"] as? [String], "the identifier carries over")
        let replaced = try XCTUnwrap(tree.dictionary(tree.catalog["/StructTreeRoot"]))
        XCTAssertEqual(PDFObjectTree.text(replaced["/Plain"]), "Keepers (and a lamp) \\ light")
        XCTAssertEqual(PDFObjectTree.text(replaced["/Wide"]), "Leuchtturmwärter – 灯台")
        // Followed from the replaced root back through every new object.
        var reference = replaced["/Last"] as? String, seen = 0
        while let current = reference, let object = tree.dictionary(current) {
            XCTAssertEqual((object["/Index"] as? NSNumber)?.intValue, numbers.count - 1 - seen)
            XCTAssertEqual((object["/Width"] as? NSNumber)?.doubleValue ?? 0, -12.346, accuracy: 0.0001)
            reference = object["/Before"] as? String
            seen += 1
        }
        XCTAssertEqual(seen, numbers.count)

        // The update's own cross-reference stream names the file's, and its objects are packed.
        let listing = try XCTUnwrap(TestSupport.runTool(PDFCheck.qpdf, ["--show-xref", path]))
        let compressed = listing.split(separator: "\n").filter { line in
            line.split(separator: "/").first.flatMap { Int($0) }.map { numbers.contains($0) } ?? false
        }
        XCTAssertEqual(compressed.count, numbers.count)
        XCTAssertTrue(compressed.allSatisfy { $0.contains("compressed;") }, "every new object is in an object stream")
        let tail = try XCTUnwrap(String(data: try Data(contentsOf: URL(fileURLWithPath: path)).suffix(600), encoding: .isoLatin1))
        XCTAssertTrue(tail.contains("/Prev \(written.trailer.previousCrossReference)"), tail)
    }

    /// A file whose `%%EOF` ends without a line end (qpdf writes one; another writer may not)
    /// still gets its update on a line of its own.
    func testAnUpdateAfterAFileWithoutAFinalLineEndStartsOnANewLine() throws {
        let path = try finishedPDF()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { bytes.removeLast() }
        try bytes.write(to: URL(fileURLWithPath: path))
        let written = try WrittenPDF(path: path)
        var update = PDFIncrementalUpdate(trailer: written.trailer)
        var root = PDFObjectText()
        root.raw("<< /Type /StructTreeRoot /Mark (kept) >>")
        update.set(written.structureTreeRoot, root)
        try update.append(to: path)
        let updated = try Data(contentsOf: URL(fileURLWithPath: path))
        let end = try XCTUnwrap(updated.range(of: Data("%%EOF".utf8)))
        XCTAssertEqual(updated[end.upperBound], UInt8(ascii: "\n"), "the file's end marker on a line of its own")
        PDFCheck.assertClean(pdfAt: path)
        let tree = try PDFObjectTree(pdfAt: path)
        XCTAssertEqual(PDFObjectTree.text(tree.dictionary(tree.catalog["/StructTreeRoot"])?["/Mark"]), "kept")
    }

    func testNumbersAndRealsAreWrittenAsPDFReadsThem() {
        var text = PDFObjectText()
        text.raw("[")
        text.integer(0)
        text.integer(-42)
        text.real(0.0004)
        text.real(-0.5)
        text.real(612)
        text.reference(7)
        text.raw("]")
        XCTAssertEqual(String(decoding: text.bytes, as: UTF8.self), "[0 -42 0.000 -0.500 612.000 7 0 R]")
    }
}
