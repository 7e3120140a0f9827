// The few types and functions of librsvg, poppler-glib and GLib that typeset calls, declared
// here rather than included from the libraries' headers, so that nothing links them: they are
// opened with dlopen the first time a document has an SVG or PDF picture
// (Images/VectorRenderers.swift, docs/pipeline.md "Speed: start-up"). Each function is the
// type of the pointer dlsym gives for it, its prototype copied from the library's header
// (librsvg 2.54: rsvg.h, rsvg-cairo.h; poppler-glib 22.12: poppler.h, poppler-document.h,
// poppler-page.h; GLib 2.74: gerror.h, gbytes.h, gobject.h), whose ABI those libraries keep
// for as long as their file names' version (librsvg-2.so.2, libpoppler-glib.so.8).
#include <stddef.h>
#include <stdint.h>

// GLib
typedef int gboolean;
typedef uint32_t GQuark;
typedef struct _GError {
    GQuark domain;
    int code;
    char *message;
} GError;
typedef struct _GBytes GBytes;

typedef void (*g_object_unref_function)(void *object);
typedef void (*g_error_free_function)(GError *error);
typedef GBytes *(*g_bytes_new_function)(const void *data, size_t size);
typedef void (*g_bytes_unref_function)(GBytes *bytes);

// librsvg. A cairo_t is Cairo's context (CCairo's), opaque here.
typedef struct _RsvgHandle RsvgHandle;
typedef struct _RsvgRectangle {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;
// Passed only as a null pointer: what it holds is not read.
typedef struct _RsvgLength RsvgLength;

typedef RsvgHandle *(*rsvg_handle_new_from_data_function)(const uint8_t *data, size_t data_len, GError **error);
typedef void (*rsvg_handle_set_dpi_function)(RsvgHandle *handle, double dpi);
typedef gboolean (*rsvg_handle_get_intrinsic_size_in_pixels_function)(RsvgHandle *handle, double *out_width, double *out_height);
typedef void (*rsvg_handle_get_intrinsic_dimensions_function)(RsvgHandle *handle,
                                                               gboolean *out_has_width, RsvgLength *out_width,
                                                               gboolean *out_has_height, RsvgLength *out_height,
                                                               gboolean *out_has_viewbox, RsvgRectangle *out_viewbox);
typedef gboolean (*rsvg_handle_render_document_function)(RsvgHandle *handle, struct _cairo *cr,
                                                          const RsvgRectangle *viewport, GError **error);

// poppler-glib
typedef struct _PopplerDocument PopplerDocument;
typedef struct _PopplerPage PopplerPage;
typedef enum {
    POPPLER_ERROR_INVALID,
    POPPLER_ERROR_ENCRYPTED,
    POPPLER_ERROR_OPEN_FILE,
    POPPLER_ERROR_BAD_CATALOG,
    POPPLER_ERROR_DAMAGED
} PopplerError;

typedef GQuark (*poppler_error_quark_function)(void);
typedef PopplerDocument *(*poppler_document_new_from_bytes_function)(GBytes *bytes, const char *password, GError **error);
typedef int (*poppler_document_get_n_pages_function)(PopplerDocument *document);
typedef PopplerPage *(*poppler_document_get_page_function)(PopplerDocument *document, int index);
typedef void (*poppler_page_get_size_function)(PopplerPage *page, double *width, double *height);
typedef void (*poppler_page_render_for_printing_function)(PopplerPage *page, struct _cairo *cairo);
