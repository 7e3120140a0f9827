import CCairo
import CVectorRenderers
import Images

/// Draws an SVG (librsvg) or a PDF's page (poppler) into a Cairo context as what it is: into a
/// PDF, paths, fonts and text that stay searchable, and pixels only on a PNG page, made at the
/// page's own resolution. The picture is drawn afresh where it is shown: Cairo keeps the
/// renderers' text as text only when they draw straight into the PDF surface (drawn into a
/// recording surface for reuse, librsvg sets its text as outlines).
extension VectorFile {
    enum DrawingError: Error, CustomStringConvertible {
        case failed(String)

        var description: String {
            switch self {
            case .failed(let reason): "the SVG cannot be drawn: \(reason)"
            }
        }
    }

    /// Draws the picture at its own size (`info.width` × `info.height` points), its top left
    /// corner at the origin of `context`'s user space, clipped to that rectangle.
    func draw(in context: OpaquePointer) throws {
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_rectangle(context, 0, 0, info.width, info.height)
        cairo_clip(context)
        if let svg {
            var error: UnsafeMutablePointer<GError>?
            var viewport = RsvgRectangle(x: 0, y: 0, width: info.width, height: info.height)
            guard svg.librsvg.handleRenderDocument(svg.handle, context, &viewport, &error) != 0 else {
                throw DrawingError.failed(svg.librsvg.glib.takeMessage(error))
            }
        } else if let pdfPage {
            // As a page is printed: annotations shown only on screen are left out.
            pdfPage.poppler.pageRenderForPrinting(pdfPage.page, context)
        }
    }

    /// The picture drawn, shrunk to a single pixel, to find what the renderer refuses (librsvg's
    /// limits on an SVG's elements and references, such as `<use>` nested to billions of
    /// copies) before any page is begun. A pixel keeps what that costs small: a recording
    /// surface kept every element drawn until the limit (460 MB for the bomb of the tests), and
    /// librsvg makes a filter's pixels at the resolution it is drawn at.
    /// A PDF's page is drawn in a child process within `limits` (`BoundedDrawing`): poppler
    /// has no limits of its own to set.
    func check(within limits: BoundedDrawing.Limits = .standard) throws {
        guard pdfPage == nil else { return try BoundedDrawing.run(within: limits) { try drawShrunk() } }
        try drawShrunk()
    }

    private func drawShrunk() throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        let scale = 1 / max(info.width, info.height)
        cairo_scale(context, scale, scale)
        try draw(in: context)
    }
}
