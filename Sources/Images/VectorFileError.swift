import Foundation

/// Why an SVG or PDF picture was refused before it was drawn.
public enum VectorFileError: Error, Equatable, CustomStringConvertible {
    /// The renderer could not read the file (`kind` "SVG" or "PDF", `reason` its message).
    case unreadable(kind: String, reason: String)
    case encrypted
    case pageOutOfRange(page: Int, count: Int)
    /// An SVG with neither a width and height nor a viewBox has no size of its own.
    case noSize
    case tooLarge(kind: String, width: Double, height: Double)
    /// The file is larger than any picture of its kind is read from.
    case fileTooLarge(size: Int)
    /// The library that draws pictures of its `kind`, opened when one is read, cannot be
    /// (`reason`, the loader's message), or lacks a function typeset calls.
    case rendererUnavailable(kind: String, library: String, package: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let kind, let reason): return "not a readable \(kind) file: \(reason)"
        case .encrypted: return "the PDF is encrypted (it needs a password); save it without one"
        case .pageOutOfRange(let page, let count):
            return "page=\"\(page)\" is out of range: the PDF has \(count) page\(count == 1 ? "" : "s")"
        case .noSize: return "the SVG gives no size: it needs width and height, or a viewBox"
        case .tooLarge(let kind, let width, let height):
            return "the \(kind) is \(Self.points(width))×\(Self.points(height)) pt, larger than a PDF page may be "
                + "(\(Self.points(VectorFile.maximumSide)) pt, 200 inches, a side)"
        case .fileTooLarge(let size):
            return "the file is \(ByteCount(size)), more than a vector picture is read from (at most \(ByteCount(VectorFile.maximumFileSize)))"
        case .rendererUnavailable(let kind, let library, let package, let reason):
            return "\(kind) pictures are drawn by \(library), which cannot be used (\(reason)); install it (Debian's package \(package))"
        }
    }

    private static func points(_ value: Double) -> String {
        value < 1e7 ? String(Int(value.rounded())) : String(format: "%.3g", value)
    }
}
