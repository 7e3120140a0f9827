import Text

/// The pictures a document's pages have drawn, kept for the pages after them: a magazine
/// shows the same picture on page after page, and loading it again costs each page a read of
/// the file and, for an 8-bit PNG with alpha bound for a PDF, an inflate, a split and a
/// compression (`PNGAlphaRows`). Cairo stores a picture once a document whichever surface
/// shows it (by its unique id), so a surface kept is drawn exactly as a new one would be. An
/// SVG or a PDF's page is kept parsed.
///
/// What they hold is bounded, so that a document of many pictures still draws in the memory
/// of a few: past `budget` bytes, the pictures drawn longest ago are let go at the end of a
/// page (never during one: the page's pictures are in use).
final class PictureSurfaces {
    private struct Entry {
        var picture: LoadedPicture
        /// The memory it holds: its decoded pixels, the data attached for a PDF to embed, or
        /// a vector file's bytes.
        var bytes: Int
        /// When it was last drawn, in pages.
        var lastPage: Int
    }

    /// The memory kept pictures may hold together between pages.
    let budget: Int
    private var entries: [PictureSource: Entry] = [:]
    private var held = 0
    private var page = 0

    init(budget: Int = 64 << 20) {
        self.budget = budget
    }

    deinit {
        for entry in entries.values { entry.picture.release() }
    }

    /// The picture `source` names, made by `load` (with the bytes it holds) the first time, or
    /// again after it was let go. The cache owns it.
    func picture(for source: PictureSource, load: () throws -> (picture: LoadedPicture, bytes: Int)) rethrows -> LoadedPicture {
        if let entry = entries[source] {
            entries[source]?.lastPage = page
            return entry.picture
        }
        let loaded = try load()
        entries[source] = Entry(picture: loaded.picture, bytes: loaded.bytes, lastPage: page)
        held += loaded.bytes
        return loaded.picture
    }

    /// How many pictures are kept.
    var count: Int { entries.count }

    /// The page is drawn: pictures are let go, those drawn longest ago first, until what is
    /// kept is within the budget.
    func endPage() {
        page += 1
        guard held > budget else { return }
        for (source, entry) in entries.sorted(by: { $0.value.lastPage < $1.value.lastPage }) {
            guard held > budget else { break }
            entry.picture.release()
            entries[source] = nil
            held -= entry.bytes
        }
    }
}
