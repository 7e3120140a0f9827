/// The text of the one file a scanner reads, at its offsets in the offset space
/// (`MarkupSource.append`): the file's own units, not the space's. A scanner reading an article
/// holds it while the files the article includes are appended to the space, and a story's
/// `<jump>` keeps it until its `<resume>`; were it the space's array, held so, the next include
/// would copy the whole space (docs/scaling.md, `includes`, nested includes).
struct ScannedFile {
    /// The file's units, the first at `base` in the space.
    let units: SourceUnits
    let base: Int

    /// The offset just after the file's last unit.
    var end: Int { base + units.count }

    subscript(offset: Int) -> UInt16 { units[offset - base] }
}
