import Foundation
@testable import Render
import XCTest

/// `PDFStreamingWriter`: a file written front to back, read back by qpdf: objects packed into
/// compressed object streams, streams given their lengths, text strings in both encodings,
/// and an identifier that follows the content.
final class PDFStreamingWriterTests: XCTestCase {
    /// A one-page PDF at `path` with `count` chained objects hung from the catalog's `/Chain`,
    /// its strings in `/Plain` and `/Wide`; returns the chained objects' numbers.
    @discardableResult
    private func writeFile(at path: String, count: Int, plain: String = "Keepers (and a lamp) \\ light") throws -> [Int] {
        let temporary = path + ".tmp"
        let sink = try FileSink(temporary: temporary)
        let writer = PDFStreamingWriter(into: sink, version: "1.5", firstFreeNumber: 1)
        var numbers: [Int] = []
        for index in 0 ..< count {
            let number = writer.reserve()
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
            try writer.add(number, text: text.bytes)
            numbers.append(number)
        }
        let contents = try writer.addStream(Array("0 0 m 100 100 l S\n".utf8))
        let page = writer.reserve(), tree = writer.reserve(), catalog = writer.reserve()
        try writer.add(page, .dictionary(PDFDictionary([
            ("/Type", .name("/Page")), ("/Parent", .reference(tree)), ("/MediaBox", .array([0, 0, 200, 200].map(PDFValue.integer))),
            ("/Contents", .reference(contents)),
        ])))
        try writer.add(tree, .dictionary(PDFDictionary([("/Type", .name("/Pages")), ("/Kids", .array([.reference(page)])), ("/Count", .integer(1))])))
        var strings = PDFObjectText()
        strings.textString(plain)
        var wide = PDFObjectText()
        wide.textString("Leuchtturmwärter – 灯台")
        try writer.add(catalog, .dictionary(PDFDictionary([
            ("/Type", .name("/Catalog")), ("/Pages", .reference(tree)), ("/Chain", numbers.last.map { .reference($0) } ?? .null),
            ("/Plain", .string(strings.bytes)), ("/Wide", .string(wide.bytes)),
        ])))
        try writer.finish(root: catalog, info: nil)
        try sink.close()
        try TemporaryFiles.shared.rename(temporary, to: path)
        return numbers
    }

    func testObjectsAreReadBackFromObjectStreams() throws {
        let path = try makeTemporaryDirectory().appendingPathComponent("written.pdf").path
        // More objects than one object stream holds, each referring to the one before.
        let numbers = try writeFile(at: path, count: 2 * PDFObjectStream.capacity + 7)
        PDFCheck.assertClean(pdfAt: path)
        let tree = try PDFObjectTree(pdfAt: path)
        XCTAssertEqual(tree.pages.count, 1)
        XCTAssertEqual(PDFObjectTree.text(tree.catalog["/Plain"]), "Keepers (and a lamp) \\ light")
        XCTAssertEqual(PDFObjectTree.text(tree.catalog["/Wide"]), "Leuchtturmwärter – 灯台")
        var reference = tree.catalog["/Chain"] as? String, seen = 0
        while let current = reference, let object = tree.dictionary(current) {
            XCTAssertEqual((object["/Index"] as? NSNumber)?.intValue, numbers.count - 1 - seen)
            XCTAssertEqual((object["/Width"] as? NSNumber)?.doubleValue ?? 0, -12.346, accuracy: 0.0001)
            reference = object["/Before"] as? String
            seen += 1
        }
        XCTAssertEqual(seen, numbers.count)
        let listing = try XCTUnwrap(TestSupport.runTool(PDFCheck.qpdf, ["--show-xref", path]))
        let compressed = listing.split(separator: "\n").filter { line in
            line.split(separator: "/").first.flatMap { Int($0) }.map { numbers.contains($0) } ?? false
        }
        XCTAssertEqual(compressed.count, numbers.count)
        XCTAssertTrue(compressed.allSatisfy { $0.contains("compressed;") }, "every object is in an object stream")
    }

    /// A cross-reference entry is 8 bytes (a catalogue of 50,000 lines has some 160,000
    /// objects) and gives back the fields it was made of, at the widest an offset of a file
    /// just under a terabyte.
    func testACrossReferenceEntryIsEightBytesAndKeepsItsFields() {
        XCTAssertEqual(MemoryLayout<PDFCrossReferenceStream.Entry>.stride, 8)
        for (type, field, index) in [(1, (1 << 40) - 1, 0), (2, 1234, 99), (2, 5, (1 << 22) - 1)] {
            let entry = PDFCrossReferenceStream.Entry(type: UInt8(type), field: field, index: index)
            XCTAssertEqual([Int(entry.type), entry.field, Int(entry.index)], [type, field, index])
        }
    }

    func testTheIdentifierFollowsTheContent() throws {
        let directory = try makeTemporaryDirectory()
        let paths = ["a", "b", "c"].map { directory.appendingPathComponent("\($0).pdf").path }
        try writeFile(at: paths[0], count: 3)
        try writeFile(at: paths[1], count: 3)
        try writeFile(at: paths[2], count: 3, plain: "Keepers")
        let identifiers = try paths.map { try XCTUnwrap(PDFObjectTree(pdfAt: $0).trailer["/ID"] as? [String]) }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: paths[0])), try Data(contentsOf: URL(fileURLWithPath: paths[1])))
        XCTAssertNotEqual(identifiers[0], identifiers[2])
        XCTAssertEqual(identifiers[0].count, 2)
    }

    func testAStreamGivenFewerBytesThanItsLengthIsRefused() throws {
        let path = try makeTemporaryDirectory().appendingPathComponent("short.pdf").path
        let sink = try FileSink(temporary: path)
        defer { TemporaryFiles.shared.remove(path) }
        let writer = PDFStreamingWriter(into: sink, version: "1.5", firstFreeNumber: 1)
        XCTAssertThrowsError(try writer.addStream(writer.reserve(), dictionary: PDFDictionary(), length: 10) { write in
            [UInt8](repeating: 0, count: 4).withUnsafeBytes { write($0) }
        })
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
