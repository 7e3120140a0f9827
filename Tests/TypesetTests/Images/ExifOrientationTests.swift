import CCairo
import Diagnostics
import Foundation
import Images
import Markup
import Text
@testable import Render
import XCTest

/// A JPEG's EXIF orientation was ignored: a portrait photograph, stored on its side as cameras
/// do, was set on its side. It is applied where the picture is placed and drawn, as browsers
/// and InDesign do. The files are `rgb-baseline.jpg` (240×160) with an EXIF segment written
/// into it here, as `exiftool -Orientation#=N` writes one.
final class ExifOrientationTests: XCTestCase {
    /// The JPEG with an APP1 EXIF segment after its SOI marker holding IFD0's Orientation tag.
    static func jpeg(orientation: UInt16, littleEndian: Bool = false) throws -> [UInt8] {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestSupport.imagePath("rgb-baseline.jpg"))))
        func bytes(_ value: Int, _ count: Int) -> [UInt8] {
            let bigEndian = (0 ..< count).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
            return littleEndian ? bigEndian.reversed() : bigEndian
        }
        // TIFF header (byte order, 42, IFD0 at 8); one entry: tag 0x0112, SHORT, count 1, value; no next IFD.
        let tiff = (littleEndian ? Array("II".utf8) : Array("MM".utf8)) + bytes(42, 2) + bytes(8, 4)
            + bytes(1, 2) + bytes(0x0112, 2) + bytes(3, 2) + bytes(1, 4) + bytes(Int(orientation), 2) + [0, 0] + bytes(0, 4)
        let body = Array("Exif".utf8) + [0, 0] + tiff
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        return Array(original[..<2]) + segment + Array(original[2...])
    }

    func testTheOrientationIsReadInEitherByteOrder() throws {
        for value in 1 ... 8 {
            for littleEndian in [false, true] {
                let info = try ImageInfo.probe(data: Data(try Self.jpeg(orientation: UInt16(value), littleEndian: littleEndian)))
                XCTAssertEqual(info.orientation.rawValue, value)
                XCTAssertEqual(info.uprightWidth, value >= 5 ? 160 : 240)
                XCTAssertEqual(info.uprightHeight, value >= 5 ? 240 : 160)
                XCTAssertEqual(info.pixelWidth, 240, "the stored pixels are as they are")
            }
        }
        // A value outside 1–8 is no orientation.
        XCTAssertEqual(try ImageInfo.probe(data: Data(try Self.jpeg(orientation: 9))).orientation, .up)
    }

    /// Placed upright: given its upright proportions it is not warned about as squashed.
    func testItIsPlacedUpright() throws {
        let directory = try makeTemporaryDirectory()
        try Data(try Self.jpeg(orientation: 6)).write(to: directory.appendingPathComponent("portrait.jpg"))
        let document = TestSupport.parse(#"<img src="portrait.jpg" alt="" width="160" height="240">"# + "\nText.",
                                         baseDirectory: directory.path)
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)")
        XCTAssertEqual(document.diagnostics.filter { $0.severity == .warning }, [])
    }

    /// Drawn upright: each pixel where the orientation puts it, at one pixel a pixel exactly.
    func testItIsDrawnUpright() throws {
        let stored = try ImageSurfaceLoader.load(PictureSource(path: TestSupport.imagePath("rgb-baseline.jpg")), in: PictureFiles())
        defer { cairo_surface_destroy(stored) }
        let width = 240, height = 160
        // Where stored pixel (x, y) stands upright, for each orientation (x' = a x + c y + tx, …, on pixel centres).
        let expected: [ImageOrientation: (Int, Int) -> (Int, Int)] = [
            .up: { x, y in (x, y) },
            .upsideDown: { x, y in (width - 1 - x, height - 1 - y) },
            .turnedRight: { x, y in (height - 1 - y, x) },
            .turnedLeft: { x, y in (y, width - 1 - x) },
            .transposed: { x, y in (y, x) },
            .transverse: { x, y in (height - 1 - y, width - 1 - x) },
        ]
        for (orientation, place) in expected {
            let picture = LoadedPicture.raster(stored, orientation)
            let size = picture.size
            XCTAssertEqual(size.width, Double(orientation.swapsSides ? height : width))
            let upright = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size.width), Int32(size.height))!
            defer { cairo_surface_destroy(upright) }
            let context = cairo_create(upright)!
            try picture.paint(in: context)
            cairo_destroy(context)
            for (x, y) in [(0, 0), (239, 0), (0, 159), (37, 101), (200, 13)] {
                let (uprightX, uprightY) = place(x, y)
                XCTAssertEqual(pixel(upright, uprightX, uprightY), pixel(stored, x, y), "\(orientation) (\(x), \(y))")
            }
        }
    }

    private func pixel(_ surface: OpaquePointer, _ x: Int, _ y: Int) -> UInt32 {
        cairo_surface_flush(surface)
        let row = cairo_image_surface_get_data(surface)! + y * Int(cairo_image_surface_get_stride(surface))
        return UnsafeRawPointer(row).load(fromByteOffset: x * 4, as: UInt32.self) & 0x00FF_FFFF
    }
}
