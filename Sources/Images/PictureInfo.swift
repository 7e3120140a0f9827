/// What a picture file is, read before layout: a raster's header (`ImageInfo`) or a vector
/// picture's parse (`VectorInfo`). Its size of its own sizes an `<img>` given no width or height.
public enum PictureInfo: Hashable, Sendable {
    case raster(ImageInfo)
    case vector(VectorInfo)

    /// Reads the picture at `path`: a JPEG's or PNG's header, or an SVG or PDF parsed
    /// (`page`, from 1, the PDF's page shown; nil the first).
    public static func probe(path: String, page: Int? = nil) throws -> PictureInfo {
        try probe(ImageProbeError.reading { try InputFile(path: path) }, page: page)
    }

    /// Reads the open picture `file` (see `probe(path:page:)`).
    public static func probe(_ file: InputFile, page: Int? = nil) throws -> PictureInfo {
        if isVector(file) {
            return .vector(try VectorFile(file, page: page).info)
        }
        return .raster(try ImageInfo.probe(file))
    }

    /// Whether the open `file` is an SVG or a PDF, told from its first bytes; false for a
    /// file that cannot be read (its reader says why).
    public static func isVector(_ file: InputFile) -> Bool {
        guard let prefix = try? file.readPrefix(VectorFile.sniffLength) else { return false }
        return VectorFile.Kind(sniffing: prefix) != nil
    }

    /// The size it has of itself, in points: a vector's, or a raster's pixels at one a point,
    /// standing upright (a JPEG's EXIF orientation applied).
    public var naturalSize: (width: Double, height: Double) {
        switch self {
        case .raster(let info): (Double(info.uprightWidth), Double(info.uprightHeight))
        case .vector(let info): (info.width, info.height)
        }
    }

    /// Its size for a message: "640×480 px", "an SVG of 120×80 pt".
    public var sizeDescription: String {
        switch self {
        case .raster(let info): "\(info.uprightWidth)×\(info.uprightHeight) px"
        case .vector(let info): "\(info.kind.rawValue), \(Self.points(info.width))×\(Self.points(info.height)) pt"
        }
    }

    private static func points(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
