import Fonts
import Layout
import Markup
import Text
import XCTest

/// Tests that set real text: the bundled fonts are loaded for each test, and framesetters are
/// made over parsed markup with the faces its text asks for.
class FramesetterTestCase: XCTestCase {
    var library: FontLibrary!

    override func setUpWithError() throws {
        try super.setUpWithError()
        library = try TestSupport.makeFontLibrary()
    }

    override func tearDown() {
        library = nil
        super.tearDown()
    }

    func framesetter(for document: MarkupDocument, file: StaticString = #filePath, line: UInt = #line) throws -> Framesetter {
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)", file: file, line: line)
        return Framesetter(text: document.text, fonts: try TestSupport.fontTable(for: document, library: library))
    }

    func framesetter(_ markup: String, alignment: TextAlignment = .justify) throws -> Framesetter {
        try framesetter(for: TestSupport.parse(markup, baseDirectory: TestSupport.imagesDirectory.path, alignment: alignment))
    }
}
