import Foundation
import Images
@testable import Render
import XCTest

/// The JPEG envelope a PNG's rows travel in from Cairo to the finishing step: what Cairo reads
/// of it is a JPEG frame header of the picture's size and colours, and the rows, colour and
/// alpha, come out whole.
final class PNGEnvelopeTests: XCTestCase {
    func testTheRowsComeOutAsTheyWentInAcrossManySegments() {
        // Larger than three of a JPEG segment's 65,533 bytes.
        let compressed = (0 ..< 200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let rows = FlateImage(PNGRows(width: 1_234, height: 567, colours: 3, compressed: compressed))
        XCTAssertEqual(PNGEnvelope.unwrap(PNGEnvelope.wrap(rows)), rows)
        let grey = FlateImage(PNGRows(width: 20_000, height: 1, colours: 1, compressed: [1, 2, 3]))
        XCTAssertEqual(PNGEnvelope.unwrap(PNGEnvelope.wrap(grey)), grey)
    }

    func testTheAlphaRowsComeOutApartFromTheColourRows() {
        // The colour rows end inside a segment, and the alpha's run over into the next.
        let colour = (0 ..< 70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }, alpha = (0 ..< 9_000).map { UInt8(truncatingIfNeeded: $0) }
        let image = FlateImage(width: 300, height: 200, colours: 3, colourRows: colour, alphaRows: alpha)
        XCTAssertEqual(PNGEnvelope.unwrap(PNGEnvelope.wrap(image)), image)
        let greyAlpha = FlateImage(width: 3, height: 2, colours: 1, colourRows: [9], alphaRows: [8, 7])
        XCTAssertEqual(PNGEnvelope.unwrap(PNGEnvelope.wrap(greyAlpha)), greyAlpha)
    }

    func testAJPEGReaderSeesThePicturesSizeAndColours() throws {
        let envelope = PNGEnvelope.wrap(FlateImage(width: 400, height: 300, colours: 1, colourRows: [0x78, 0x01], alphaRows: [0x78]))
        let info = try ImageInfo.probe(data: Data(envelope))
        XCTAssertEqual(info.format, .jpeg)
        XCTAssertEqual([info.pixelWidth, info.pixelHeight, info.components, info.bitDepth], [400, 300, 1, 8])
    }

    func testARealJPEGIsNoEnvelope() throws {
        for name in ["rgb-baseline.jpg", "grey.jpg", "cmyk-adobe-inverted.jpg"] {
            let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestSupport.imagePath(name))))
            XCTAssertNil(PNGEnvelope.unwrap(file), name)
        }
        XCTAssertNil(PNGEnvelope.unwrap([0xFF, 0xD8, 0xFF, 0xD9]))
        XCTAssertNil(PNGEnvelope.unwrap([UInt8]()))
    }
}
