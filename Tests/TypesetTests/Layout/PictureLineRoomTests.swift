import Fonts
import Layout
import Text
import XCTest

/// `Framesetter.lineRooms`: a paragraph set once for all its in-line pictures of one width
/// gives each picture the room of the line it is on, as its paragraph set for it alone does.
final class PictureLineRoomTests: XCTestCase {
    func testEachPictureGetsTheRoomOfItsOwnLine() throws {
        let library = try TestSupport.makeFontLibrary()
        // Three pictures in the first paragraph, on lines of different depths (a 20 pt word
        // beside the second), and one in the second paragraph.
        let markup = """
            <p align="left">One <img src="rgb8.png" width="20" height="10" alt=""> a line of words that runs on to the next \
            <font size="20">Tall</font> <img src="rgb8.png" width="20" height="10" alt=""> and on again to a third line, where \
            <img src="rgb8.png" width="20" height="10" alt=""> ends it.</p>
            <p>Second <img src="rgb8.png" width="20" height="10" alt=""> paragraph.</p>
            """
        let document = TestSupport.parse(markup, baseDirectory: TestSupport.imagesDirectory.path)
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)")
        let setter = Framesetter(text: document.text, fonts: try TestSupport.fontTable(for: document, library: library))
        let pictures = document.text.attachments.map(\.index)
        XCTAssertEqual(pictures.count, 4)
        for width in [160.0, 400.0] {
            let together = setter.lineRooms(aroundPictures: pictures.map { ($0, width) })
            let alone = pictures.map { setter.lineRooms(aroundPictures: [($0, width)])[0] }
            XCTAssertEqual(together, alone, "width \(width)")
            XCTAssertTrue(together.allSatisfy { $0 != nil }, "every picture is on a line: \(together)")
        }
        let narrow = setter.lineRooms(aroundPictures: pictures.map { ($0, 160.0) })
        XCTAssertNotEqual(narrow[0], narrow[1], "the line with the 20 pt word has more room above its picture: \(narrow)")
        XCTAssertNil(setter.lineRooms(aroundPictures: [(0, 160)])[0], "not a picture")
    }
}
