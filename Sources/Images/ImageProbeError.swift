/// Why a picture file was refused before any pixel was decoded.
public enum ImageProbeError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened or read, or is not a regular file.
    case file(InputFile.Problem)
    case notAnImage
    case truncated
    /// A chunk (PNG) claims more data than the file has after it.
    case chunkPastEnd(type: String, offset: Int, length: Int, left: Int)
    case corrupt(String)
    /// The PNG breaks a rule of the format.
    case invalidPNG(String)
    /// A JPEG of a kind the decoder does not read.
    case unsupportedJPEG(String)
    case noPixels(width: Int, height: Int)
    case tooLarge(width: Int, height: Int)
    /// The file is larger than a picture of its size can need (`ImageInfo.maximumFileSize`).
    case fileTooLarge(size: Int, limit: Int, width: Int, height: Int)

    public var description: String {
        switch self {
        case .file(let problem): return "\(problem)"
        case .notAnImage: return "not a JPEG, PNG, SVG or PDF picture"
        case .truncated: return "the image file is truncated"
        case .chunkPastEnd(let type, let offset, let length, let left):
            return "the file is truncated (it ends before the PNG does): its \(type) chunk at byte \(offset) claims \(ByteCount(length)) of data and the file has \(ByteCount(left)) after it"
        case .corrupt(let what): return "the image file is corrupt: \(what)"
        case .invalidPNG(let what): return "not a valid PNG: \(what)"
        case .unsupportedJPEG(let what): return "\(what) is not supported"
        case .noPixels(let width, let height): return "the header says the picture is \(width)×\(height) pixels: it has none"
        case .tooLarge(let width, let height):
            return "image of \(width)×\(height) pixels is too large to decode safely (at most \(ImageInfo.maximumSide) pixels a side and \(ImageInfo.maximumPixelCount / 1_000_000) megapixels)"
        case .fileTooLarge(let size, let limit, let width, let height):
            return "the file is \(ByteCount(size)), more than a picture of \(width)×\(height) pixels can need (at most \(ByteCount(limit)))"
        }
    }
}
