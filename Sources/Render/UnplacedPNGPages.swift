/// The page files of a PNG run, each written whole under its temporary name, not yet in
/// place: they replace the old pages together with the run's other outputs, and then the old
/// pages past the document's last are removed.
public struct UnplacedPNGPages: UnplacedOutput {
    let files: [AtomicFile]
    /// The name the pages' names are made from (`PNGPageNames.base`).
    let base: String
    /// The document's page count, whatever `--pages` wrote.
    let documentPageCount: Int

    /// The pages' paths, in page order.
    public var destinations: [String] { files.map(\.destination) }

    public func commit() throws {
        var placed = 0
        do {
            for file in files {
                try file.commit()
                placed += 1
            }
        } catch {
            for file in files[(placed + 1)...] { file.discard() }
            throw error
        }
        PNGPageNames.removeStalePages(after: documentPageCount, base: base)
    }

    public func discard() {
        for file in files { file.discard() }
    }
}
