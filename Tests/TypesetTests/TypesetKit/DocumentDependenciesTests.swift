import Foundation
import TypesetKit
import XCTest

/// `TypesetReport.dependencies`: the files an output was made from, which `--depfile` and
/// `typeset watch` rely on.
final class DocumentDependenciesTests: XCTestCase {
    func testTheDocumentItsPicturesOnceEachAndTheFilesOfItsFaces() throws {
        let directory = try makeTemporaryDirectory()
        for name in ["one.png", "two.jpg"] {
            let fixture = name.hasSuffix(".png") ? "rgb8.png" : "grey.jpg"
            try FileManager.default.copyItem(at: TestSupport.imagesDirectory.appendingPathComponent(fixture),
                                             to: directory.appendingPathComponent(name))
        }
        let input = directory.appendingPathComponent("doc.txt")
        try write("""
            <img src="two.jpg" width="30"> then <img src="one.png" width="30"> and <img src="two.jpg" width="20"> again.
            <font face="Liberation Sans">Sans</font>, <b>bold</b> and 中文.
            """, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let report = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: directory.appendingPathComponent("doc.pdf").path)
        let dependencies = report.dependencies
        XCTAssertEqual(dependencies.document, input.path)
        XCTAssertEqual(dependencies.pictures, ["two.jpg", "one.png"].map { directory.appendingPathComponent($0).standardizedFileURL.path },
                       "in the order of the text, each once")
        let fontNames = dependencies.fonts.map { ($0 as NSString).lastPathComponent }
        for face in ["texgyrepagella-regular.otf", "texgyrepagella-bold.otf", "LiberationSans-Regular.ttf"] {
            XCTAssertTrue(fontNames.contains(face), "\(face) in \(fontNames)")
        }
        XCTAssertTrue(fontNames.contains { $0.contains("CJK") }, "the fallback face of the Chinese characters: \(fontNames)")
        XCTAssertEqual(dependencies.fonts, Array(Set(dependencies.fonts)).sorted())
        XCTAssertEqual(dependencies.all, [input.path] + dependencies.pictures + dependencies.fonts)
    }

    func testMarkupAlreadyReadHasNoDocumentFile() throws {
        let directory = try makeTemporaryDirectory()
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        let report = try Typesetter(options: options).typeset(MarkupSource(fileName: "<stdin>", text: "Text.\n"),
                                                              baseDirectory: directory.path,
                                                              outputPath: directory.appendingPathComponent("doc.pdf").path)
        XCTAssertNil(report.dependencies.document)
        XCTAssertEqual(report.dependencies.pictures, [])
        XCTAssertEqual(report.dependencies.fonts.map { ($0 as NSString).lastPathComponent }, ["texgyrepagella-regular.otf"])
    }
}
