import Layout
import Text
import XCTest

/// `PictureFraming`: where a cropped picture is drawn, what of it shows, and how its focus
/// moves what a cover cuts off (issue 37, item 2).
final class PictureFramingTests: XCTestCase {
    private let place = Rect(x: 100, y: 200, width: 60, height: 120)

    private func assertEqual(_ rect: Rect, _ expected: Rect, _ message: String = "", line: UInt = #line) {
        for (got, want) in [(rect.minX, expected.minX), (rect.minY, expected.minY), (rect.width, expected.width), (rect.height, expected.height)] {
            XCTAssertEqual(got, want, accuracy: 1e-9, "\(rect) is not \(expected) \(message)", line: line)
        }
    }

    func testNoCropAndItsOwnProportionsDrawsItWholeUncut() {
        let framing = PictureFraming(own: (30, 60), fit: .fill, in: place)
        assertEqual(framing.whole, place)
        assertEqual(framing.shown, place)
        XCTAssertFalse(framing.isCut)
    }

    func testACropIsDrawnAsIfTheRestWereTheWholePicture() {
        // 200×100 px, its middle 50×100 kept (75 px off each side): 60×120 pt, 1.2 pt a pixel.
        let crop = PictureCrop(left: 0.375, top: 0, right: 0.375, bottom: 0)
        let framing = PictureFraming(own: (200, 100), crop: crop, fit: .fill, in: place)
        assertEqual(framing.whole, Rect(x: 100 - 75 * 1.2, y: 200, width: 240, height: 120))
        assertEqual(framing.shown, place)
        XCTAssertTrue(framing.isCut)
    }

    func testCoverCentresWithoutAFocusAndMovesTowardIt() {
        // 200×100 px covering a 60×120 place: 240×120 pt, 180 pt cut off across.
        let centred = PictureFraming(own: (200, 100), fit: .cover, in: place)
        assertEqual(centred.whole, Rect(x: 10, y: 200, width: 240, height: 120))
        // A face at 30 % across: at 72 pt, moved to the place's middle, 130.
        let face = PictureFraming(own: (200, 100), focus: PictureFocus(x: 0.3, y: 0.1), fit: .cover, in: place)
        assertEqual(face.whole, Rect(x: 130 - 72, y: 200, width: 240, height: 120), "down, nothing is cut: the focus moves nothing")
        assertEqual(face.shown, place)
        // At 5 %: centring it would uncover the place's left; the picture's edge stops at the place's.
        let nearTheEdge = PictureFraming(own: (200, 100), focus: PictureFocus(x: 0.05, y: 0.5), fit: .cover, in: place)
        XCTAssertEqual(nearTheEdge.whole.minX, place.minX, accuracy: 1e-9)
        let atTheOtherEdge = PictureFraming(own: (200, 100), focus: PictureFocus(x: 1, y: 0.5), fit: .cover, in: place)
        XCTAssertEqual(atTheOtherEdge.whole.maxX, place.maxX, accuracy: 1e-9)
    }

    func testAFocusInsideACropMovesOnlyWithinIt() {
        // Cropped to the left half (100×100 px), covering 60×120: 120×120 pt, the kept half's 60 pt cut across.
        let crop = PictureCrop(left: 0, top: 0, right: 0.5, bottom: 0)
        let framing = PictureFraming(own: (200, 100), crop: crop, focus: PictureFocus(x: 0.9, y: 0.5), fit: .cover, in: place)
        // The focus lies in the part cut off: the kept half goes as far toward it as it covers the place.
        XCTAssertEqual(framing.whole.minX + framing.whole.width / 2, place.maxX, accuracy: 1e-9, "the crop's right edge at the place's")
        assertEqual(framing.shown, place)
    }

    func testContainIgnoresTheFocusAndShowsTheCropWhole() {
        let crop = PictureCrop(left: 0.1, top: 0.2, right: 0.1, bottom: 0.2)
        let framing = PictureFraming(own: (100, 100), crop: crop, focus: PictureFocus(x: 0, y: 0), fit: .contain, in: place)
        // 80×60 px kept, contained in 60×120: 60×45 pt, centred down.
        assertEqual(framing.shown, Rect(x: 100, y: 200 + 37.5, width: 60, height: 45))
        assertEqual(framing.whole, Rect(x: 100 - 7.5, y: 200 + 37.5 - 15, width: 75, height: 75))
    }
}
