import Foundation
import Render
import TypesetKit
import XCTest

/// The finished PDF packs its objects (the structure tree's elements above all, tens of
/// thousands in a book) into compressed object streams, and the structure tree written with
/// its compact elements is still whole: every marked-content sequence of every page is reached
/// by exactly one element, and the parent tree leads from each back to one.
final class PDFObjectStreamsTests: XCTestCase {
    private static let markup = """
    <meta title="Keepers">
    <p style="headline">Keepers of the light</p>
    <li>The lamp is trimmed at dusk.</li>
    <li>The log is written at dawn.</li>
    A visitor may read the <a href="https://example.org/log">keepers' log</a>, and the older keeper greets the boats: <font lang="es">buenas noches</font>.

    """ + String(repeating: "The keepers climb the stairs at dusk and trim the lamp that must not go out before the morning.\n", count: 60)

    private func typeset() throws -> String {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try Self.markup.write(to: input, atomically: true, encoding: .utf8)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.page.size = Size(width: 300, height: 300)
        let output = directory.appendingPathComponent("doc.pdf").path
        let report = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output)
        XCTAssertGreaterThan(report.pageCount, 2, "several pages, so that paragraphs and the parent tree span them")
        return output
    }

    /// Each object number → whether it is stored in an object stream (`qpdf --show-xref`).
    private func compressedObjects(in path: String) throws -> [Int: Bool] {
        let listing = try XCTUnwrap(TestSupport.runTool(PDFCheck.qpdf, ["--show-xref", path]))
        var objects: [Int: Bool] = [:]
        for line in listing.split(separator: "\n") {
            guard let number = line.split(separator: "/").first.flatMap({ Int($0) }) else { continue }
            objects[number] = line.contains("compressed;") && !line.contains("uncompressed")
        }
        return objects
    }

    func testTheStructureTreeIsInCompressedObjectStreams() throws {
        let path = try typeset()
        let objects = try compressedObjects(in: path)
        XCTAssertFalse(objects.isEmpty, "qpdf lists the cross-reference entries")
        let tree = try PDFObjectTree(pdfAt: path)
        let root = try XCTUnwrap(tree.catalog["/StructTreeRoot"] as? String)
        let document = try XCTUnwrap(tree.dictionary(root)?["/K"] as? String)
        for reference in [root, document] {
            let number = try XCTUnwrap(Int(reference.split(separator: " ")[0]))
            XCTAssertEqual(objects[number], true, "\(reference) is in an object stream")
        }
        XCTAssertGreaterThan(objects.values.filter { $0 }.count, objects.count / 2, "most objects are packed")
        PDFCheck.assertClean(pdfAt: path)
    }

    func testEveryMarkedSequenceIsReachedOnceFromTheTreeAndBackFromTheParentTree() throws {
        let path = try typeset()
        let tagged = try TaggedPDF(pdfAt: path)
        var reached: [String: Int] = [:]
        for element in tagged.elements {
            for kid in element.kids {
                if case .content(let page, let mcid) = kid { reached["\(page):\(mcid)", default: 0] += 1 }
            }
        }
        let marked = tagged.markedText.enumerated().flatMap { page, sequences in sequences.keys.map { "\(page):\($0)" } }
        XCTAssertEqual(Set(reached.keys), Set(marked), "the tree reaches every marked sequence, and no other")
        XCTAssertEqual(reached.values.filter { $0 != 1 }.count, 0, "each sequence is one element's")
        XCTAssertEqual(tagged.elements("LI").count, 2)
        XCTAssertEqual(tagged.elements("Link").count, 1)

        let tree = try PDFObjectTree(pdfAt: path)
        let root = try XCTUnwrap(tree.dictionary(tree.catalog["/StructTreeRoot"]))
        let numbers = try XCTUnwrap(tree.array(tree.dictionary(root["/ParentTree"])?["/Nums"]))
        var entries: [Int: [Any]] = [:]
        for index in stride(from: 0, to: numbers.count - 1, by: 2) {
            if let key = numbers[index] as? NSNumber, let array = tree.array(numbers[index + 1]) { entries[key.intValue] = array }
        }
        for (page, dictionary) in tree.pages.enumerated() {
            let key = try XCTUnwrap(dictionary["/StructParents"] as? NSNumber, "page \(page + 1)")
            let elements = try XCTUnwrap(entries[key.intValue], "page \(page + 1) in the parent tree")
            let named = elements.indices.filter { elements[$0] is String }
            XCTAssertEqual(Set(named), Set(tagged.markedText[page].keys), "page \(page + 1): an element for each marked sequence")
        }
    }
}
