/// A picture file read whole, after its header was checked: what is read is bounded by what
/// a picture of the size the header gives can need (`ImageInfo.maximumFileSize`), so a huge
/// file behind a small header costs no more than reading that header.
public struct ImageFile {
    public var info: ImageInfo
    public var bytes: [UInt8]
    /// The same file, unchanged, has the same identity (see `InputFile.identity`).
    public var identity: String

    public init(path: String) throws {
        try self.init(ImageProbeError.reading { try InputFile(path: path) })
    }

    /// The open picture `file` read whole.
    public init(_ file: InputFile) throws {
        info = try ImageInfo.probe(file)
        let limit = info.maximumFileSize
        do {
            bytes = try file.readAll(limit: limit)
        } catch InputFile.Problem.longerThan {
            // It grew after its size was checked.
            throw ImageProbeError.fileTooLarge(size: limit + 1, limit: limit, width: info.pixelWidth, height: info.pixelHeight)
        } catch let problem as InputFile.Problem {
            throw ImageProbeError.file(problem)
        }
        identity = file.identity
    }
}
