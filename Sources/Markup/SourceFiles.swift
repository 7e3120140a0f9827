import Diagnostics

/// The files of one offset space (`MarkupSource.append`): a document and the files it
/// includes, each from its base offset, so that a tag, a text origin or a message anywhere in
/// an issue is one `Int`, and a location names the file and the line in it.
struct SourceFiles: Sendable {
    struct File: Sendable {
        var name: String
        /// Its first offset, and the index of its first line, in the space.
        var base: Int
        var firstLine: Int
        /// Where its text is read: at the `<include>` tags that bring it in, the outermost
        /// first (none for the document itself).
        var includedAt: ReadingOrder

        /// Where `offset`, in this file, comes as the document is read through.
        func readingOrder(of offset: Int) -> ReadingOrder {
            ReadingOrder([offset]).inside(includedAt)
        }
    }

    /// In the order added, so by base.
    private(set) var all: [File]

    init(name: String) {
        all = [File(name: name, base: 0, firstLine: 0, includedAt: ReadingOrder([]))]
    }

    /// Adds `name`, from `base`, whose text is read where the tag at `tag` is.
    mutating func add(_ name: String, base: Int, firstLine: Int, includedAt tag: Int) {
        all.append(File(name: name, base: base, firstLine: firstLine, includedAt: readingOrder(of: tag)))
    }

    /// Where `offset` comes as the document is read through, its included files in place.
    func readingOrder(of offset: Int) -> ReadingOrder {
        file(holding: offset).readingOrder(of: offset)
    }

    /// The file `offset` is in (the line end between two files is the first's).
    func file(holding offset: Int) -> File {
        guard all.count > 1 else { return all[0] }
        var low = 0, high = all.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if all[middle].base <= offset { low = middle } else { high = middle - 1 }
        }
        return all[low]
    }
}

extension MarkupSource {
    /// The name of the file `offset` is in: the document's, or an included file's.
    func fileName(at offset: Int) -> String {
        files.file(holding: offset).name
    }
}
