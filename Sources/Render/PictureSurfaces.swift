import CCairo

/// The pictures a document's pages have drawn, kept for the pages after them: a magazine
/// shows the same picture on page after page, and loading it again costs each page a read of
/// the file and, for an 8-bit PNG with alpha bound for a PDF, an inflate, a split and a
/// compression (`PNGAlphaRows`). Cairo stores a picture once a document whichever surface
/// shows it (by its unique id), so a surface kept is drawn exactly as a new one would be.
///
/// What they hold is bounded, so that a document of many pictures still draws in the memory
/// of a few: past `budget` bytes, the pictures drawn longest ago are let go at the end of a
/// page (never during one: the page's pictures are in use).
final class PictureSurfaces {
    private struct Entry {
        var surface: OpaquePointer
        /// The memory it holds: its decoded pixels, or the data attached for a PDF to embed.
        var bytes: Int
        /// When it was last drawn, in pages.
        var lastPage: Int
    }

    /// The memory kept pictures may hold together between pages.
    let budget: Int
    private var entries: [String: Entry] = [:]
    private var held = 0
    private var page = 0

    init(budget: Int = 64 << 20) {
        self.budget = budget
    }

    deinit {
        for entry in entries.values { cairo_surface_destroy(entry.surface) }
    }

    /// The surface of the picture at `path`, made by `load` (with the bytes it holds) the first
    /// time, or again after it was let go. The cache owns it.
    func surface(for path: String, load: () throws -> (surface: OpaquePointer, bytes: Int)) rethrows -> OpaquePointer {
        if let entry = entries[path] {
            entries[path]?.lastPage = page
            return entry.surface
        }
        let loaded = try load()
        entries[path] = Entry(surface: loaded.surface, bytes: loaded.bytes, lastPage: page)
        held += loaded.bytes
        return loaded.surface
    }

    /// How many pictures are kept.
    var count: Int { entries.count }

    /// The page is drawn: pictures are let go, those drawn longest ago first, until what is
    /// kept is within the budget.
    func endPage() {
        page += 1
        guard held > budget else { return }
        for (path, entry) in entries.sorted(by: { $0.value.lastPage < $1.value.lastPage }) {
            guard held > budget else { break }
            cairo_surface_destroy(entry.surface)
            entries[path] = nil
            held -= entry.bytes
        }
    }
}
