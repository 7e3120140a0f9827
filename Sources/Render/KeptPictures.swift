import CCairo
import Images

/// The raster pictures (JPEG, PNG) the last run of a document checked and loaded, for
/// `typeset watch`'s next run to take again: the magazine's pictures cost an edit some 57 M
/// instructions when checked (`PNGIntegrity` inflating a PNG) and loaded (a PNG with alpha
/// inflated, split and compressed again, `PNGAlphaRows`) every run, though no edit of the text
/// changes them.
///
/// A check's verdict and a loaded surface are functions of the file's bytes (and a surface of
/// whether it is bound for a PDF, and of the file's identity, its unique id to Cairo), so they
/// are found by the bytes read this run through the descriptor the `<img>` was checked by,
/// compared whole: a picture changed by a byte is checked and loaded again, and the output
/// does not depend on what is kept. A run keeps what it checked, loaded or took, within
/// `budget` bytes (a file's bytes and what its surface holds; while a run draws, the last run's
/// are held too: the same as a run's drawer keeps between pages, `PictureSurfaces`), and lets
/// the rest go. Vector pictures (SVG, PDF) are checked and loaded every run.
///
/// One run at a time: checked before layout, loaded on the drawing thread after.
public final class KeptPictures: @unchecked Sendable {
    /// The bytes kept at most: a picture past it is checked and loaded every run.
    static let budget = 64 << 20

    /// A surface as `ImageSurfaceLoader.loadPicture` makes it.
    struct Loaded {
        var surface: OpaquePointer
        var info: ImageInfo
        var carriesPNGRows: Bool
        var heldBytes: Int
    }

    private struct SurfaceKey: Hashable {
        var identity: String
        var forPDF: Bool
        var file: HashedBytes
    }

    /// The last run's surfaces and checked files, and this run's so far (each surface holds a
    /// reference of its own).
    private var lastLoaded: [SurfaceKey: Loaded] = [:]
    private var currentLoaded: [SurfaceKey: Loaded] = [:]
    private var lastChecked: Set<HashedBytes> = []
    private var currentChecked: Set<HashedBytes> = []
    private var currentBytes = 0
    /// How many pictures the run so far checked and loaded, and how many surfaces it took
    /// from the run before.
    public private(set) var checked = 0
    public private(set) var loaded = 0
    public private(set) var taken = 0

    public init() {}

    deinit {
        for entry in lastLoaded.values { cairo_surface_destroy(entry.surface) }
        for entry in currentLoaded.values { cairo_surface_destroy(entry.surface) }
    }

    /// A new run begins: what the run before checked, loaded or took is what it may take.
    public func beginRun() {
        for entry in lastLoaded.values { cairo_surface_destroy(entry.surface) }
        lastLoaded = currentLoaded
        currentLoaded = [:]
        lastChecked = currentChecked
        currentChecked = []
        currentBytes = 0
        checked = 0
        loaded = 0
        taken = 0
    }

    /// Runs `check` on `file` unless the last run or this one checked the same bytes and
    /// `check` returned (a picture it refused is checked again: its error is told each run).
    func check(_ file: ImageFile, by check: () throws -> Void) rethrows {
        let key = HashedBytes(file.bytes)
        if lastChecked.contains(key) || currentChecked.contains(key) {
            keep(checked: key)
            return
        }
        checked += 1
        try check()
        keep(checked: key)
    }

    /// The surface of `file` as `load` makes it, or the one the last run or this one made of the
    /// same bytes and identity; the caller owns a reference of its own.
    func surface(of file: ImageFile, forPDF: Bool, by load: () throws -> Loaded) rethrows -> Loaded {
        let key = SurfaceKey(identity: file.identity, forPDF: forPDF, file: HashedBytes(file.bytes))
        if let found = currentLoaded[key] {
            taken += 1
            cairo_surface_reference(found.surface)
            return found
        }
        if let found = lastLoaded.removeValue(forKey: key) {
            taken += 1
            cairo_surface_reference(found.surface)
            keep(found, as: key)
            return found
        }
        loaded += 1
        let made = try load()
        cairo_surface_reference(made.surface)
        keep(made, as: key)
        return made
    }

    /// `entry`, holding a reference, kept for the next run when the budget allows.
    private func keep(_ entry: Loaded, as key: SurfaceKey) {
        let size = key.file.bytes.count + entry.heldBytes
        guard currentBytes + size <= Self.budget else { return cairo_surface_destroy(entry.surface) }
        currentLoaded[key] = entry
        currentBytes += size
    }

    private func keep(checked key: HashedBytes) {
        guard !currentChecked.contains(key), currentBytes + key.bytes.count <= Self.budget else { return }
        currentChecked.insert(key)
        currentBytes += key.bytes.count
    }
}
