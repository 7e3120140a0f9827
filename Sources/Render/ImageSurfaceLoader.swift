import CCairo
import Foundation
import Images
import Text

/// Why a picture could not be drawn.
public struct ImageLoadError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { reason }
}

/// Turns picture files into Cairo image surfaces.
///
/// JPEGs are decoded with libjpeg-turbo (`JPEGDecoder`) for pixel output and also carry their
/// original bytes as MIME data, so that Cairo's PDF backend embeds the file as it is (no
/// re-encoding): grey, RGB and CMYK alike; an arithmetic-coded one is made Huffman-coded
/// without loss first (`JPEGHuffmanCoding`). Adobe's CMYK JPEG stores inverted ink values, which
/// Cairo 1.16 does not say; `InvertedCMYKImages` adds the Decode array after it. PNGs go through
/// Cairo's libpng loader (`PNGDecoder`), which handles 8- and 16-bit, palette, grey and alpha;
/// those whose compressed rows a PDF can hold as they are (`PNGRows`) also carry them, in a JPEG
/// envelope (`PNGEnvelope`) that the finishing step opens (`PNGRowsInPDF`), so that a PDF gets them
/// without Cairo compressing the pixels again. An 8-bit PNG with alpha bound for a PDF is not
/// decoded either: its rows are split into colour and alpha (`PNGAlphaRows`) and compressed
/// again, and travel in the same envelope; the finishing step makes the alpha a soft mask. The file is read once, within the bound its header
/// sets (`ImageFile`), and decoded from memory.
///
/// Every file is read from the document's `PictureFiles`, the descriptor its `<img>` was
/// checked by, never opened by name again.
///
/// An SVG or a PDF's page is not made a surface: it is parsed (`loadVector`) and drawn as
/// vectors where it is shown (`LoadedPicture`); only a contour is traced from its pixels
/// (`rasterize`).
enum ImageSurfaceLoader {
    /// A surface the caller owns (release it with `cairo_surface_destroy`).
    static func load(_ source: PictureSource, in files: PictureFiles) throws -> OpaquePointer {
        try loadPicture(source, in: files).surface
    }

    /// The surface and what the file's header says (an Adobe CMYK JPEG needs a Decode array);
    /// `carriesPNGRows`: a PDF gets the PNG's rows in an envelope the finishing step must open.
    /// `forPDF`: the surface is only ever painted into a PDF, which embeds the JPEG file or the
    /// PNG's envelope and never reads the pixels, so neither is decoded (`ImagePreflight`
    /// checked each picture once).
    /// `heldBytes`: the memory the surface holds, its pixels when decoded and the data attached.
    /// `kept`: the pictures the run before loaded (`typeset watch`), a surface of the same bytes
    /// taken from them.
    static func loadPicture(_ source: PictureSource, in files: PictureFiles, forPDF: Bool = false, keeping kept: KeptPictures? = nil)
        throws -> (surface: OpaquePointer, info: ImageInfo, carriesPNGRows: Bool, heldBytes: Int) {
        let file = try read(source.path, in: files)
        let loaded = try kept?.surface(of: file, forPDF: forPDF) { try surface(of: file, path: source.path, forPDF: forPDF) }
            ?? surface(of: file, path: source.path, forPDF: forPDF)
        return (loaded.surface, loaded.info, loaded.carriesPNGRows, loaded.heldBytes)
    }

    /// The surface of the picture `file`, read from `path`, as `loadPicture` says.
    private static func surface(of file: ImageFile, path: String, forPDF: Bool) throws -> KeptPictures.Loaded {
        let surface: OpaquePointer
        var carriesPNGRows = false
        var attached: [UInt8]?
        switch file.info.format {
        case .png:
            let rows = flateImage(of: file.bytes, forPDF: forPDF)
            surface = try rows != nil && forPDF ? undecoded(file.info, path: path) : decodePNG(file.bytes, path: path)
            if let rows {
                attached = PNGEnvelope.wrap(rows)
                carriesPNGRows = true
            }
        case .jpeg:
            surface = try forPDF ? undecoded(file.info, path: path) : loadJPEG(file.bytes, info: file.info, path: path)
            attached = file.info.isArithmeticCoded ? try JPEGHuffmanCoding.transcode(file.bytes, info: file.info) : file.bytes
        }
        if let attached { attachJPEG(attached, to: surface) }
        // A surface made for another page of the document, or kept from one, is stored once.
        SurfaceUniqueID.set("typeset picture \(file.identity)", on: surface)
        // An undecoded surface's pixels are never touched (see `undecoded`).
        let pixels = forPDF && attached != nil ? 0 : Int(cairo_image_surface_get_stride(surface)) * file.info.pixelHeight
        return KeptPictures.Loaded(surface: surface, info: file.info, carriesPNGRows: carriesPNGRows, heldBytes: pixels + (attached?.count ?? 0))
    }

    /// The rows a PDF can take of the PNG `bytes`: an 8-bit grey or RGB picture's own, and,
    /// `forPDF` only (they cost a compression, which only a PDF uses), an 8-bit picture with
    /// alpha's colour and alpha rows, compressed again. Nil: Cairo compresses the decoded
    /// pixels.
    private static func flateImage(of bytes: [UInt8], forPDF: Bool) -> FlateImage? {
        if let rows = PNGRows(png: bytes) { return FlateImage(rows) }
        guard forPDF, let rows = PNGAlphaRows(png: bytes) else { return nil }
        return try? FlateImage(rows, deflater: Deflater())
    }

    /// The SVG or PDF page `source` names, parsed.
    static func loadVector(_ source: PictureSource, in files: PictureFiles) throws -> VectorFile {
        do {
            return try VectorFile(files.file(at: source.path), page: source.page)
        } catch {
            throw ImageLoadError(path: source.path, reason: "\(error)")
        }
    }

    /// A PDF picture's page bound for a PDF: a one-pixel surface carrying the file and the page
    /// in an envelope (`PDFPageEnvelope`) that Cairo paints where the picture goes and the
    /// finishing step replaces with the page, copied as a form (`PDFPageForm`), so that its
    /// colours stay in their spaces. The file is read again through the descriptor its `<img>`
    /// was checked by, and refused if it changed since.
    /// `heldBytes`: the envelope's, which the surface holds.
    static func loadPDFPage(_ source: PictureSource, in files: PictureFiles) throws -> (surface: OpaquePointer, heldBytes: Int) {
        let file: InputFile, bytes: [UInt8]
        do {
            file = try files.file(at: source.path)
            bytes = try file.readAll(limit: VectorFile.maximumFileSize)
        } catch {
            throw ImageLoadError(path: source.path, reason: "\(error)")
        }
        let page = (source.page ?? 1) - 1
        let envelope = PDFPageEnvelope.wrap(file: bytes, page: page)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1)!
        attachJPEG(envelope, to: surface)
        // Shown again, on this page or another, the page is stored once.
        SurfaceUniqueID.set("typeset PDF page \(page) of \(file.identity)", on: surface)
        return (surface, envelope.count)
    }

    /// The vector picture drawn into an image surface of its own size in points, a pixel a
    /// point, scaled down to fit `maximumSide` pixels a side: its pixels' alpha is what a
    /// contour is traced from. The caller owns the surface.
    static func rasterize(_ file: VectorFile, maximumSide: Double) throws -> OpaquePointer {
        let scale = min(1, maximumSide / max(file.info.width, file.info.height))
        let width = max(1, Int32((file.info.width * scale).rounded(.up))), height = max(1, Int32((file.info.height * scale).rounded(.up)))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        cairo_scale(context, scale, scale)
        do {
            try file.draw(in: context)
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        return surface
    }

    /// Throws what `load` would, for a fraction of a decode: a PNG that `PNGIntegrity` vouches
    /// for is sure to decode, and a JPEG is decoded at an eighth of its size
    /// (`JPEGDecoder.check`). Neither allocates the picture's pixels. An SVG or PDF page is
    /// parsed and drawn shrunk to one pixel (`VectorFile.check`, a PDF's page within `limits`),
    /// and a PDF's page read by qpdf as the finishing step copies it (`PDFPageForm.check`), its
    /// fonts embedded if `requiringEmbeddedFonts`.
    /// `kept`: the pictures the run before checked (`typeset watch`), a raster picture of the
    /// same bytes not checked again.
    static func check(_ source: PictureSource, in files: PictureFiles, requiringEmbeddedFonts: Bool,
                      drawingWithin limits: BoundedDrawing.Limits = .standard, keeping kept: KeptPictures? = nil) throws {
        if isVector(source, in: files) {
            do {
                let file = try loadVector(source, in: files)
                try file.check(within: limits)
                // A PDF's page is copied into a PDF by qpdf (`PDFPageForm`): read as it will be.
                if file.info.kind == .pdf {
                    try PDFPageForm.check(files.file(at: source.path).readAll(limit: VectorFile.maximumFileSize), page: (source.page ?? 1) - 1,
                                          requiringEmbeddedFonts: requiringEmbeddedFonts)
                }
                return
            } catch let error as ImageLoadError {
                throw error
            } catch {
                throw ImageLoadError(path: source.path, reason: "\(error)")
            }
        }
        let file = try read(source.path, in: files)
        guard let kept else { return try check(file, path: source.path) }
        try kept.check(file) { try check(file, path: source.path) }
    }

    /// Throws what `load` would for the raster picture `file`, read from `path`.
    private static func check(_ file: ImageFile, path: String) throws {
        switch file.info.format {
        case .png where PNGIntegrity.vouchesFor(file.bytes):
            return
        case .png:
            cairo_surface_destroy(try decodePNG(file.bytes, path: path))
        case .jpeg:
            try JPEGDecoder.check(file.bytes, info: file.info)
            // An arithmetic-coded JPEG goes in Huffman-coded: a file the decoder reads but the
            // transcoder refuses (a coefficient out of range) is the `<img>`'s error here, not
            // the drawing's (found by the pictures fuzzer).
            if file.info.isArithmeticCoded { _ = try JPEGHuffmanCoding.transcode(file.bytes, info: file.info) }
        }
    }

    /// Whether `source` is an SVG or a PDF; false for a file that cannot be read (its reader
    /// says why).
    static func isVector(_ source: PictureSource, in files: PictureFiles) -> Bool {
        guard let file = try? files.file(at: source.path) else { return false }
        return PictureInfo.isVector(file)
    }

    private static func read(_ path: String, in files: PictureFiles) throws -> ImageFile {
        do {
            return try ImageFile(files.file(at: path))
        } catch {
            throw ImageLoadError(path: path, reason: "\(error)")
        }
    }

    private static func decodePNG(_ bytes: [UInt8], path: String) throws -> OpaquePointer {
        do {
            return try PNGDecoder.decode(bytes)
        } catch {
            throw ImageLoadError(path: path, reason: "\(error)")
        }
    }

    /// A surface of the picture's size whose pixels are never written: Cairo's PDF output takes
    /// the picture's data from the JPEG data attached to it (the file, or a PNG's envelope).
    /// Its memory, zeroed by the system on demand, is never touched.
    private static func undecoded(_ info: ImageInfo, path: String) throws -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(info.pixelWidth), Int32(info.pixelHeight))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw ImageLoadError(path: path, reason: "too large to decode (out of memory)")
        }
        return surface
    }

    private static func loadJPEG(_ bytes: [UInt8], info: ImageInfo, path: String) throws -> OpaquePointer {
        let width = info.pixelWidth, height = info.pixelHeight
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw ImageLoadError(path: path, reason: "too large to decode (out of memory)")
        }
        do {
            try JPEGDecoder.decode(bytes, info: info, into: surface)
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        return surface
    }

    /// Hands Cairo the original file (or a PNG's envelope) so the PDF embeds it unchanged.
    private static func attachJPEG(_ bytes: [UInt8], to surface: OpaquePointer) {
        let copy = malloc(bytes.count)!
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self),
                                    UInt(bytes.count), free, copy)
    }
}

/// CMYK to RGB without a colour profile: each channel is (1 − ink) × (1 − black).
/// Adobe's files store every value inverted (255 means no ink).
enum CMYKConversion {
    static func convert(_ cmyk: [UInt8], width: Int, height: Int, inverted: Bool,
                        into pixels: UnsafeMutablePointer<UInt8>, stride: Int) {
        for row in 0 ..< height {
            let destination = pixels + row * stride
            for column in 0 ..< width {
                let source = (row * width + column) * 4
                var c = Int(cmyk[source]), m = Int(cmyk[source + 1]), y = Int(cmyk[source + 2]), k = Int(cmyk[source + 3])
                if !inverted { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k }
                // Now each value is the amount of paper showing through, 255 = white.
                destination[column * 4 + 0] = UInt8((y * k + 127) / 255)
                destination[column * 4 + 1] = UInt8((m * k + 127) / 255)
                destination[column * 4 + 2] = UInt8((c * k + 127) / 255)
                destination[column * 4 + 3] = 255
            }
        }
    }
}
