import Foundation

/// What an image file's header says, read without decoding any pixels, so that a bad or
/// oversized picture is refused before anything large is allocated.
public struct ImageInfo: Hashable, Sendable {
    public enum Format: String, Sendable {
        case jpeg, png
    }

    public var format: Format
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Colour components: 1 grey, 3 RGB/YCbCr, 4 CMYK/YCCK (JPEG); for PNG, channels incl. alpha.
    public var components: Int
    /// JPEG: progressive (SOF2) rather than baseline/extended sequential.
    public var isProgressive: Bool
    /// JPEG: an Adobe APP14 marker is present; Adobe's CMYK JPEGs store inverted values.
    public var hasAdobeMarker: Bool
    /// PNG: bits per sample; JPEG: sample precision.
    public var bitDepth: Int

    /// Decoding more than this many pixels a side is refused (Cairo's own limit is 32767).
    public static let maximumSide = 20_000
    /// And more than this many pixels in all (400 MB as 32-bit pixels).
    public static let maximumPixelCount = 100_000_000

    public var isAdobeCMYK: Bool { format == .jpeg && components == 4 && hasAdobeMarker }
}

public enum ImageProbeError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    case notAnImage
    case truncated
    case corrupt(String)
    case tooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .unreadable(let reason): return "cannot read the file: \(reason)"
        case .notAnImage: return "not a JPEG or PNG image"
        case .truncated: return "the image file is truncated"
        case .corrupt(let what): return "the image file is corrupt: \(what)"
        case .tooLarge(let width, let height):
            return "image of \(width)×\(height) pixels is too large to decode safely (at most \(ImageInfo.maximumSide) pixels a side and \(ImageInfo.maximumPixelCount / 1_000_000) megapixels)"
        }
    }
}

extension ImageInfo {
    /// Reads the header of the file at `path`.
    public static func probe(path: String) throws -> ImageInfo {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImageProbeError.unreadable("no such file or not readable")
        }
        defer { try? handle.close() }
        // Headers fit in the first 64 KiB except for JPEGs with big EXIF/ICC segments.
        let data = (try? handle.readToEnd()) ?? Data()
        return try probe(data: data)
    }

    public static func probe(data: Data) throws -> ImageInfo {
        let bytes = [UInt8](data)
        let info: ImageInfo
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            info = try probePNG(bytes)
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            info = try probeJPEG(bytes)
        } else {
            throw ImageProbeError.notAnImage
        }
        guard info.pixelWidth > 0, info.pixelHeight > 0 else { throw ImageProbeError.corrupt("zero width or height") }
        if info.pixelWidth > maximumSide || info.pixelHeight > maximumSide
            || info.pixelWidth * info.pixelHeight > maximumPixelCount {
            throw ImageProbeError.tooLarge(width: info.pixelWidth, height: info.pixelHeight)
        }
        return info
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        var value = 0
        for index in offset ..< offset + count { value = value << 8 | Int(bytes[index]) }
        return value
    }

    private static func probePNG(_ bytes: [UInt8]) throws -> ImageInfo {
        // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), depth (1), colour type (1).
        guard bytes.count >= 33 else { throw ImageProbeError.truncated }
        guard bytes[12 ..< 16].elementsEqual("IHDR".utf8) else { throw ImageProbeError.corrupt("no IHDR chunk") }
        let colourType = Int(bytes[25])
        let channels: Int
        switch colourType {
        case 0: channels = 1
        case 2: channels = 3
        case 3: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw ImageProbeError.corrupt("unknown PNG colour type \(colourType)")
        }
        return ImageInfo(format: .png, pixelWidth: bigEndian(bytes, 16, 4), pixelHeight: bigEndian(bytes, 20, 4),
                         components: channels, isProgressive: false, hasAdobeMarker: false, bitDepth: Int(bytes[24]))
    }

    private static func probeJPEG(_ bytes: [UInt8]) throws -> ImageInfo {
        var offset = 2
        var adobe = false
        while true {
            // Skip fill bytes before a marker.
            guard offset + 4 <= bytes.count else { throw ImageProbeError.truncated }
            guard bytes[offset] == 0xFF else { throw ImageProbeError.corrupt("expected a marker at byte \(offset)") }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            if marker == 0xD8 || (0xD0 ... 0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
            if marker == 0xD9 || marker == 0xDA { throw ImageProbeError.corrupt("no frame header before the image data") }
            let segmentLength = bigEndian(bytes, offset + 2, 2)
            guard segmentLength >= 2 else { throw ImageProbeError.corrupt("bad segment length") }
            let body = offset + 4
            guard offset + 2 + segmentLength <= bytes.count else { throw ImageProbeError.truncated }
            if marker == 0xEE, segmentLength >= 7, bytes[body ..< body + 5].elementsEqual("Adobe".utf8) {
                adobe = true
            }
            let isFrameHeader = (0xC0 ... 0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrameHeader {
                guard segmentLength >= 8 else { throw ImageProbeError.corrupt("short frame header") }
                let info = ImageInfo(format: .jpeg,
                                     pixelWidth: bigEndian(bytes, body + 3, 2),
                                     pixelHeight: bigEndian(bytes, body + 1, 2),
                                     components: Int(bytes[body + 5]),
                                     isProgressive: marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE,
                                     hasAdobeMarker: adobe, bitDepth: Int(bytes[body]))
                // An Adobe marker may come after the frame header; look on to the scan.
                return info.withAdobeMarker(adobe || containsAdobeMarker(bytes, from: offset + 2 + segmentLength))
            }
            offset += 2 + segmentLength
        }
    }

    private static func containsAdobeMarker(_ bytes: [UInt8], from start: Int) -> Bool {
        var offset = start
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
            let length = bigEndian(bytes, offset + 2, 2)
            if bytes[offset + 1] == 0xEE, offset + 9 <= bytes.count, bytes[offset + 4 ..< offset + 9].elementsEqual("Adobe".utf8) {
                return true
            }
            offset += 2 + length
        }
        return false
    }

    private func withAdobeMarker(_ value: Bool) -> ImageInfo {
        var copy = self
        copy.hasAdobeMarker = value
        return copy
    }
}
