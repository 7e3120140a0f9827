import CCairo
import Foundation

/// Cairo's PDF surface stores every surface with the same unique id once per document, so a
/// picture made again for each page that shows it is stored once.
enum SurfaceUniqueID {
    static func set(_ id: String, on surface: OpaquePointer) {
        let utf8 = Array(id.utf8)
        guard let bytes = malloc(utf8.count)?.assumingMemoryBound(to: UInt8.self) else { return }
        bytes.initialize(from: utf8, count: utf8.count)
        cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_UNIQUE_ID, bytes, UInt(utf8.count), { free($0) }, bytes)
    }
}
