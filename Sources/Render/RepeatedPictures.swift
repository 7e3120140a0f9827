import CCairo

/// Keeps a PDF valid when one picture is painted more than once on a page.
///
/// Cairo 1.16's PDF surface adds a picture to the page's `/XObject` resources each time it is
/// painted, without looking for it there first, so the same picture (or colour emoji) twice on
/// a page writes `/XObject << /x6 6 0 R /x6 6 0 R >>`: a dictionary with a duplicate key, which
/// `qpdf --check` rejects. The first painting of a picture on a page goes straight onto the
/// page; every later one is painted inside a group of its own, which Cairo writes as a small
/// form XObject with resources of its own naming the picture once. The picture's data is still
/// stored once: Cairo finds the surface it already wrote by its id.
final class RepeatedPictures {
    /// The pictures painted straight onto the current page.
    private var painted: Set<OpaquePointer> = []

    /// Calls `draw`, which paints `picture` into `context`, inside a group when the picture was
    /// already painted onto this page of a PDF.
    func paint(_ picture: OpaquePointer, in context: OpaquePointer, _ draw: () throws -> Void) rethrows {
        // Only a PDF has resources to list (a blurred shadow's mask is an image surface).
        guard cairo_surface_get_type(cairo_get_target(context)) == CAIRO_SURFACE_TYPE_PDF,
              !painted.insert(picture).inserted else { return try draw() }
        cairo_push_group(context)
        defer {
            cairo_pop_group_to_source(context)
            cairo_paint(context)
        }
        try draw()
    }

    /// The next page has resources of its own.
    func endPage() {
        painted.removeAll()
    }
}
