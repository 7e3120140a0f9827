import CCairo
import Foundation
import Images
@testable import Render
import XCTest

/// The preflight's check of a JPEG, a decode at an eighth of its size, answers as the full
/// decode does, in the same words, for files broken at many places.
final class JPEGDecoderTests: XCTestCase {
    /// nil when the full decode succeeds, else its message.
    private func fullDecodeProblem(_ bytes: [UInt8], info: ImageInfo) -> String? {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(info.pixelWidth), Int32(info.pixelHeight))!
        defer { cairo_surface_destroy(surface) }
        do {
            try JPEGDecoder.decode(bytes, info: info, into: surface)
            return nil
        } catch {
            return "\(error)"
        }
    }

    private func checkProblem(_ bytes: [UInt8], info: ImageInfo) -> String? {
        do {
            try JPEGDecoder.check(bytes, info: info)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testTheCheckSaysWhatTheDecodeSays() throws {
        var problems = 0
        for name in ["rgb-baseline.jpg", "rgb-progressive.jpg", "grey.jpg", "cmyk-adobe-inverted.jpg"] {
            let good = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestSupport.imagePath(name))))
            let info = try ImageInfo.probe(data: Data(good))
            XCTAssertNil(checkProblem(good, info: info), name)
            // A byte changed, a marker made, the file cut; past the frame header, which the
            // probe reads before either runs.
            for offset in Swift.stride(from: 300, to: good.count, by: 211) {
                var changed = good, marker = good
                changed[offset] ^= 0x5A
                marker[offset] = 0xFF
                for (how, bytes) in [("changed", changed), ("marker", marker), ("cut", Array(good.prefix(offset)))] {
                    let expected = fullDecodeProblem(bytes, info: info)
                    XCTAssertEqual(checkProblem(bytes, info: info), expected, "\(name), \(how) at \(offset)")
                    if expected != nil { problems += 1 }
                }
            }
        }
        // The comparison means something only if many of the files were refused.
        XCTAssertGreaterThan(problems, 200)
    }
}
