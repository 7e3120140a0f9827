import CVectorRenderers
import Foundation

/// An SVG or a page of a PDF, parsed by the renderer made for it (librsvg, poppler), and
/// kept parsed to be drawn: into a PDF it is drawn as what it is, paths and text, and only a
/// PNG page makes pixels of it (`VectorPictureDrawing`, in Render).
///
/// An SVG is parsed from its bytes with no base file, so librsvg loads nothing it references
/// outside itself, neither files nor URLs (`data:` URLs are inside it); what it references is
/// listed in `info.externalReferences` for a warning. A PDF is read from its bytes, and one
/// with a password is refused. The renderers are opened when the first file of their kind is
/// read (`Librsvg`, `PopplerGLib`).
public final class VectorFile {
    public enum Kind: String, Sendable {
        case svg = "SVG", pdf = "PDF"

        /// The kind of vector picture `prefix`, a file's first bytes, begins; nil for others.
        /// PDF readers accept a header within the first kilobyte, as the PDF specification
        /// lets them; an SVG is XML whose first element is `<svg`.
        public init?(sniffing prefix: [UInt8]) {
            if Self.find(Array("%PDF-".utf8), in: prefix.prefix(1024)) {
                self = .pdf
            } else if let first = prefix.drop(while: { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }).first,
                      first == UInt8(ascii: "<"), Self.find(Array("<svg".utf8), in: prefix[...]) {
                self = .svg
            } else {
                return nil
            }
        }

        private static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Bool {
            guard bytes.count >= needle.count else { return false }
            return (bytes.startIndex ... bytes.endIndex - needle.count).contains { bytes[$0 ..< $0 + needle.count].elementsEqual(needle) }
        }
    }

    /// SVG and PDF pictures no larger than this are read (a magazine's advertisement with its
    /// fonts and pictures is a few megabytes).
    public static let maximumFileSize = 64_000_000
    /// A picture larger than a PDF page may be (14,400 pt, 200 inches, a side: ISO 32000-1,
    /// annex C) is refused: nothing printed is that large, and its size is more likely a mistake.
    public static let maximumSide = 14_400.0
    /// CSS's pixel, the SVG's unit: 96 to the inch, 72 points.
    public static let pointsPerSVGPixel = 72.0 / 96.0
    /// How much of a file is read to tell its kind.
    public static let sniffLength = 4096

    public let info: VectorInfo
    /// The parsed SVG (an `RsvgHandle`) and the library that parsed it, or nil.
    public let svg: (handle: OpaquePointer, librsvg: Librsvg)?
    /// The PDF's page (a `PopplerPage`, which keeps its document alive) and the library that
    /// read it, or nil.
    public let pdfPage: (page: OpaquePointer, poppler: PopplerGLib)?
    /// The memory the parsed file holds, at least: its bytes.
    public let heldBytes: Int

    /// Parses the file at `path`; `page` (from 1) is the PDF's page shown, the first if nil.
    public convenience init(path: String, page: Int?) throws {
        try self.init(ImageProbeError.reading { try InputFile(path: path) }, page: page)
    }

    /// Parses the open `file` (see `init(path:page:)`).
    public convenience init(_ file: InputFile, page: Int?) throws {
        let prefix = try ImageProbeError.reading { try file.readPrefix(Self.sniffLength) }
        guard let kind = Kind(sniffing: prefix) else { throw ImageProbeError.notAnImage }
        try self.init(file, kind: kind, page: page)
    }

    init(_ file: InputFile, kind: Kind, page: Int?) throws {
        if let size = file.size, size > Self.maximumFileSize { throw VectorFileError.fileTooLarge(size: size) }
        let bytes: [UInt8]
        do {
            bytes = try file.readAll(limit: Self.maximumFileSize)
        } catch InputFile.Problem.longerThan {
            throw VectorFileError.fileTooLarge(size: Self.maximumFileSize + 1)
        } catch let problem as InputFile.Problem {
            throw ImageProbeError.file(problem)
        }
        heldBytes = bytes.count
        switch kind {
        case .svg:
            let librsvg = try Librsvg.opened()
            let handle = try Self.parseSVG(bytes, librsvg)
            let size: (width: Double, height: Double)
            do {
                size = try Self.size(of: handle, librsvg)
            } catch {
                librsvg.glib.objectUnref(UnsafeMutableRawPointer(handle))
                throw error
            }
            svg = (handle, librsvg)
            pdfPage = nil
            info = VectorInfo(kind: .svg, width: size.width, height: size.height, pageCount: 1,
                              externalReferences: SVGExternalReferences.find(in: bytes))
        case .pdf:
            let poppler = try PopplerGLib.opened()
            let opened = try Self.openPDF(bytes, page: page ?? 1, poppler)
            svg = nil
            pdfPage = (opened.page, poppler)
            var width = 0.0, height = 0.0
            poppler.pageGetSize(opened.page, &width, &height)
            info = VectorInfo(kind: .pdf, width: width, height: height, pageCount: opened.count, externalReferences: [])
        }
        guard info.width <= Self.maximumSide, info.height <= Self.maximumSide else {
            throw VectorFileError.tooLarge(kind: kind.rawValue, width: info.width, height: info.height)
        }
    }

    deinit {
        if let svg { svg.librsvg.glib.objectUnref(UnsafeMutableRawPointer(svg.handle)) }
        if let pdfPage { pdfPage.poppler.glib.objectUnref(UnsafeMutableRawPointer(pdfPage.page)) }
    }

    private static func parseSVG(_ bytes: [UInt8], _ librsvg: Librsvg) throws -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        // From memory, without a base file: librsvg then loads no file or URL the SVG names.
        let handle = bytes.withUnsafeBufferPointer { librsvg.handleNewFromData($0.baseAddress, $0.count, &error) }
        guard let handle else { throw VectorFileError.unreadable(kind: "SVG", reason: librsvg.glib.takeMessage(error)) }
        librsvg.handleSetDPI(handle, 96)
        return handle
    }

    /// An SVG's size in points: its width and height, or its viewBox's, in CSS pixels.
    private static func size(of handle: OpaquePointer, _ librsvg: Librsvg) throws -> (width: Double, height: Double) {
        var width = 0.0, height = 0.0
        if librsvg.handleGetIntrinsicSizeInPixels(handle, &width, &height) == 0 {
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            librsvg.handleGetIntrinsicDimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            guard hasViewBox != 0 else { throw VectorFileError.noSize }
            (width, height) = (viewBox.width, viewBox.height)
        }
        guard width > 0, height > 0, width.isFinite, height.isFinite else { throw VectorFileError.noSize }
        return (width * pointsPerSVGPixel, height * pointsPerSVGPixel)
    }

    private static func openPDF(_ bytes: [UInt8], page: Int, _ poppler: PopplerGLib) throws -> (page: OpaquePointer, count: Int) {
        let glib = poppler.glib
        let data = bytes.withUnsafeBytes { glib.bytesNew($0.baseAddress, $0.count) }
        defer { glib.bytesUnref(data) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler.documentNewFromBytes(data, nil, &error) else {
            if let error, error.pointee.domain == poppler.errorQuark(), error.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
                glib.errorFree(error)
                throw VectorFileError.encrypted
            }
            throw VectorFileError.unreadable(kind: "PDF", reason: glib.takeMessage(error))
        }
        defer { glib.objectUnref(UnsafeMutableRawPointer(document)) }
        let count = Int(poppler.documentGetNPages(document))
        guard (1 ... max(count, 1)).contains(page), count > 0,
              let opened = poppler.documentGetPage(document, Int32(page - 1)) else {
            throw VectorFileError.pageOutOfRange(page: page, count: count)
        }
        return (opened, count)
    }
}

/// What an SVG or PDF picture is, read when its file is parsed.
public struct VectorInfo: Hashable, Sendable {
    public var kind: VectorFile.Kind
    /// Its own size, in points: an SVG's width and height (or viewBox), a PDF page's crop box.
    public var width: Double
    public var height: Double
    /// A PDF's pages.
    public var pageCount: Int
    /// What an SVG names outside itself (files, URLs), none of which is loaded.
    public var externalReferences: [String]
}
