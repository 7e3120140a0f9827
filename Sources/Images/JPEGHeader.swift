/// A JPEG's header: the segments up to its frame header (SOF), which gives the size, the
/// number of colour components and the coding process, and whether an Adobe marker is there.
enum JPEGHeader {
    /// Frame headers of processes libjpeg-turbo decodes: baseline, extended sequential and
    /// progressive, with Huffman or arithmetic coding.
    private static let decodedFrames: Set<UInt8> = [0xC0, 0xC1, 0xC2, 0xC9, 0xCA]
    /// Lossless and hierarchical ones, which it does not.
    private static let otherFrames: Set<UInt8> = [0xC3, 0xC5, 0xC6, 0xC7, 0xCB, 0xCD, 0xCE, 0xCF]

    static func probe(_ bytes: [UInt8]) throws -> ImageInfo {
        var offset = 2
        var adobe = false
        var orientation = ImageOrientation.up
        while true {
            guard offset + 4 <= bytes.count else { throw ImageProbeError.truncated }
            guard bytes[offset] == 0xFF else { throw ImageProbeError.corrupt("expected a marker at byte \(offset)") }
            let marker = bytes[offset + 1]
            // Fill bytes before a marker.
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xD8 || (0xD0 ... 0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
            if marker == 0xD9 || marker == 0xDA { throw ImageProbeError.corrupt("no frame header before the image data") }
            let segmentLength = ImageInfo.bigEndian(bytes, offset + 2, 2)
            guard segmentLength >= 2 else { throw ImageProbeError.corrupt("bad segment length") }
            let body = offset + 4
            guard offset + 2 + segmentLength <= bytes.count else { throw ImageProbeError.truncated }
            if marker == 0xEE, segmentLength >= 7, bytes[body ..< body + 5].elementsEqual("Adobe".utf8) {
                adobe = true
            }
            if marker == 0xE1, orientation == .up {
                orientation = ImageOrientation.reading(exif: bytes[body ..< offset + 2 + segmentLength])
            }
            if otherFrames.contains(marker) {
                throw ImageProbeError.unsupportedJPEG("a lossless or hierarchical JPEG (frame marker SOF\(marker - 0xC0))")
            }
            if decodedFrames.contains(marker) {
                guard segmentLength >= 8 else { throw ImageProbeError.corrupt("short frame header") }
                let precision = Int(bytes[body]), components = Int(bytes[body + 5])
                guard precision == 8 else { throw ImageProbeError.unsupportedJPEG("a JPEG of \(precision)-bit samples") }
                guard [1, 3, 4].contains(components) else {
                    throw ImageProbeError.unsupportedJPEG("a JPEG of \(components) colour components")
                }
                // An Adobe marker may come after the frame header; look on to the scan.
                return ImageInfo(format: .jpeg,
                                 pixelWidth: ImageInfo.bigEndian(bytes, body + 3, 2),
                                 pixelHeight: ImageInfo.bigEndian(bytes, body + 1, 2),
                                 components: components,
                                 isProgressive: marker == 0xC2 || marker == 0xCA,
                                 isArithmeticCoded: marker == 0xC9 || marker == 0xCA,
                                 orientation: orientation,
                                 hasAdobeMarker: adobe || containsAdobeMarker(bytes, from: offset + 2 + segmentLength),
                                 bitDepth: precision)
            }
            offset += 2 + segmentLength
        }
    }

    private static func containsAdobeMarker(_ bytes: [UInt8], from start: Int) -> Bool {
        var offset = start
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
            let length = ImageInfo.bigEndian(bytes, offset + 2, 2)
            if bytes[offset + 1] == 0xEE, offset + 9 <= bytes.count, bytes[offset + 4 ..< offset + 9].elementsEqual("Adobe".utf8) {
                return true
            }
            offset += 2 + length
        }
        return false
    }
}
