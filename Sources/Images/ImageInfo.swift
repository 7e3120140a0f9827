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
    /// JPEG: arithmetic rather than Huffman entropy coding (SOF9, SOF10), which libjpeg-turbo
    /// decodes and some PDF viewers do not (Chrome's pdfium draws a black box).
    public var isArithmeticCoded = false
    /// JPEG: its EXIF orientation, applied where it is placed and drawn.
    public var orientation = ImageOrientation.up
    /// JPEG: an Adobe APP14 marker is present; Adobe's CMYK JPEGs store inverted values.
    public var hasAdobeMarker: Bool
    /// PNG: bits per sample; JPEG: sample precision.
    public var bitDepth: Int

    /// Decoding more than this many pixels a side is refused (Cairo's own limit is 32767).
    public static let maximumSide = 20_000
    /// And more than this many pixels in all (400 MB as 32-bit pixels).
    public static let maximumPixelCount = 100_000_000

    /// The most of a file read to find its header: PNG's is in its first 33 bytes, and a
    /// JPEG's frame header follows its metadata segments, which are rarely longer.
    public static let headerReadSize = 64 * 1024
    /// What a picture's file may hold besides its pixels (EXIF, ICC profiles, XMP, text):
    /// a JPEG's frame header is looked for this far, and a file may be this much larger than
    /// its compressed pixels could be.
    public static let metadataAllowance = 16_000_000
    /// No picture file is read if it is larger than this, whatever its header says.
    public static let absoluteMaximumFileSize = 256_000_000

    /// Its size standing upright (its orientation applied): what it is placed and shown at.
    public var uprightWidth: Int { orientation.swapsSides ? pixelHeight : pixelWidth }
    public var uprightHeight: Int { orientation.swapsSides ? pixelWidth : pixelHeight }

    public var isAdobeCMYK: Bool { format == .jpeg && components == 4 && hasAdobeMarker }

    /// The picture's samples uncompressed, with a PNG's filter byte a row, counting a sample of
    /// fewer than 8 bits and a palette index as whole bytes of every component: more than
    /// any encoder stores them in.
    public var uncompressedSize: Int {
        pixelHeight * (1 + pixelWidth * components * ((bitDepth + 7) / 8))
    }

    /// The largest file a picture of this size is read from: twice its uncompressed samples
    /// (compression that makes data larger adds far less) plus the metadata allowance, and
    /// never more than `absoluteMaximumFileSize`. Beyond it the file is mostly something else.
    public var maximumFileSize: Int {
        min(Self.absoluteMaximumFileSize, 2 * uncompressedSize + Self.metadataAllowance)
    }
}

extension ImageInfo {
    /// Reads and checks the header of the picture file at `path`, reading at most its first
    /// `headerReadSize` bytes (or `metadataAllowance` for a JPEG with long metadata).
    public static func probe(path: String) throws -> ImageInfo {
        try probe(try ImageProbeError.reading { try InputFile(path: path) })
    }

    /// Reads and checks the header of an open picture file, and that the file is not larger
    /// than the picture can need.
    public static func probe(_ file: InputFile) throws -> ImageInfo {
        let header = try ImageProbeError.reading { try file.readPrefix(headerReadSize) }
        var info: ImageInfo
        do {
            info = try probe(bytes: header)
        } catch ImageProbeError.truncated where header.count == headerReadSize {
            // Metadata before a JPEG's frame header: look on as far as metadata may reach.
            let longer = try ImageProbeError.reading { try file.readPrefix(metadataAllowance) }
            do {
                info = try probe(bytes: longer)
            } catch ImageProbeError.truncated where longer.count == metadataAllowance {
                throw ImageProbeError.corrupt("no frame header in the first \(ByteCount(metadataAllowance))")
            }
        }
        if let size = file.size, size > info.maximumFileSize {
            throw ImageProbeError.fileTooLarge(size: size, limit: info.maximumFileSize, width: info.pixelWidth,
                                               height: info.pixelHeight)
        }
        return info
    }

    public static func probe(data: Data) throws -> ImageInfo {
        try probe(bytes: [UInt8](data))
    }

    static func probe(bytes: [UInt8]) throws -> ImageInfo {
        let info: ImageInfo
        if bytes.starts(with: PNGHeader.signature) {
            info = try PNGHeader.probe(bytes)
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            info = try JPEGHeader.probe(bytes)
        } else {
            throw ImageProbeError.notAnImage
        }
        guard info.pixelWidth > 0, info.pixelHeight > 0 else {
            throw ImageProbeError.noPixels(width: info.pixelWidth, height: info.pixelHeight)
        }
        if info.pixelWidth > maximumSide || info.pixelHeight > maximumSide
            || info.pixelWidth * info.pixelHeight > maximumPixelCount {
            throw ImageProbeError.tooLarge(width: info.pixelWidth, height: info.pixelHeight)
        }
        return info
    }

    static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        var value = 0
        for index in offset ..< offset + count { value = value << 8 | Int(bytes[index]) }
        return value
    }
}

extension ImageProbeError {
    /// Runs a file operation, its problems made picture problems.
    static func reading<Result>(_ operation: () throws -> Result) throws -> Result {
        do {
            return try operation()
        } catch let problem as InputFile.Problem {
            throw ImageProbeError.file(problem)
        }
    }
}
