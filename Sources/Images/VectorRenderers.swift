import CVectorRenderers
import Foundation

// The renderers of vector pictures, librsvg and poppler-glib, are opened with `dlopen` the first
// time a document has an SVG or a PDF picture, not linked. Linked, they and what they need
// (GIO, Pango, libxml2, poppler's core, 34 libraries in all) were loaded and relocated by every
// run, pictures or not: a one-line document took 31.1 MiB and 87.7 M instructions where it
// takes 24.0 and 59.0, the book 53.0 MiB where it takes 46.2 (docs/pipeline.md, "Speed: start-up").
//
// Each library's table is filled once a process (a `static let` is made once, thread-safely) and
// never closed: GLib's types, once registered, cannot be unloaded. A library that cannot be opened,
// or lacks a function, is an error at the picture's `src` (`VectorFileError.rendererUnavailable`).
// Each property is the C function of its name, less the library's prefix, in camel case; its
// type is declared in CVectorRenderers.

/// librsvg's functions that typeset calls, and GLib's under them.
public struct Librsvg {
    public let glib: GLib
    let handleNewFromData: rsvg_handle_new_from_data_function
    let handleSetDPI: rsvg_handle_set_dpi_function
    let handleGetIntrinsicSizeInPixels: rsvg_handle_get_intrinsic_size_in_pixels_function
    let handleGetIntrinsicDimensions: rsvg_handle_get_intrinsic_dimensions_function
    public let handleRenderDocument: rsvg_handle_render_document_function

    /// librsvg, opened the first time it is asked for.
    public static func opened() throws -> Librsvg { try shared.get() }

    private static let shared = Result {
        try Librsvg(SharedLibrary(file: "librsvg-2.so.2", drawing: "SVG", package: "librsvg2-2"))
    }

    private init(_ library: SharedLibrary) throws {
        glib = try GLib(library)
        handleNewFromData = try library.function("rsvg_handle_new_from_data")
        handleSetDPI = try library.function("rsvg_handle_set_dpi")
        handleGetIntrinsicSizeInPixels = try library.function("rsvg_handle_get_intrinsic_size_in_pixels")
        handleGetIntrinsicDimensions = try library.function("rsvg_handle_get_intrinsic_dimensions")
        handleRenderDocument = try library.function("rsvg_handle_render_document")
    }
}

/// poppler-glib's functions that typeset calls, and GLib's under them.
public struct PopplerGLib {
    public let glib: GLib
    let errorQuark: poppler_error_quark_function
    let documentNewFromBytes: poppler_document_new_from_bytes_function
    let documentGetNPages: poppler_document_get_n_pages_function
    let documentGetPage: poppler_document_get_page_function
    let pageGetSize: poppler_page_get_size_function
    public let pageRenderForPrinting: poppler_page_render_for_printing_function

    /// poppler-glib, opened the first time it is asked for.
    public static func opened() throws -> PopplerGLib { try shared.get() }

    private static let shared = Result {
        try PopplerGLib(SharedLibrary(file: "libpoppler-glib.so.8", drawing: "PDF", package: "libpoppler-glib8"))
    }

    private init(_ library: SharedLibrary) throws {
        glib = try GLib(library)
        errorQuark = try library.function("poppler_error_quark")
        documentNewFromBytes = try library.function("poppler_document_new_from_bytes")
        documentGetNPages = try library.function("poppler_document_get_n_pages")
        documentGetPage = try library.function("poppler_document_get_page")
        pageGetSize = try library.function("poppler_page_get_size")
        pageRenderForPrinting = try library.function("poppler_page_render_for_printing")
    }
}

/// GLib's functions, found through the renderer that needs them: `dlsym` on a library looks in
/// the libraries it loaded too, GLib and GObject among them.
public struct GLib {
    public let objectUnref: g_object_unref_function
    public let errorFree: g_error_free_function
    let bytesNew: g_bytes_new_function
    let bytesUnref: g_bytes_unref_function

    init(_ library: SharedLibrary) throws {
        objectUnref = try library.function("g_object_unref")
        errorFree = try library.function("g_error_free")
        bytesNew = try library.function("g_bytes_new")
        bytesUnref = try library.function("g_bytes_unref")
    }

    /// The message of a GLib error, which is freed.
    public func takeMessage(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { errorFree(error) }
        return String(cString: error.pointee.message)
    }
}

/// A shared library opened by its file name (with its ABI's version, as the loader finds it
/// among the system's libraries), for its functions to be looked up by name.
struct SharedLibrary {
    /// "librsvg-2.so.2"
    let file: String
    /// The kind of picture it draws, and the Debian package it comes in, for the error.
    let drawing: String
    let package: String
    private let handle: UnsafeMutableRawPointer

    init(file: String, drawing: String, package: String) throws {
        (self.file, self.drawing, self.package) = (file, drawing, package)
        // Every function resolved now, so that a library too old fails here, not in a drawing;
        // its symbols kept to itself, where nothing else linked can take them for its own.
        guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else { throw Self.error(file: file, drawing: drawing, package: package) }
        self.handle = handle
    }

    /// The function `name`, as the C function type `Function`, which the caller must match to
    /// the library's prototype.
    func function<Function>(_ name: String) throws -> Function {
        guard let symbol = dlsym(handle, name) else { throw Self.error(file: file, drawing: drawing, package: package) }
        return unsafeBitCast(symbol, to: Function.self)
    }

    private static func error(file: String, drawing: String, package: String) -> VectorFileError {
        let reason = dlerror().map { String(cString: $0) } ?? "unknown error"
        return .rendererUnavailable(kind: drawing, library: file, package: package, reason: reason)
    }
}
