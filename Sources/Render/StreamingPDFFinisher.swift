import Layout

/// The finishing step without qpdf, being built (docs/pipeline.md, "Speed: a finishing step
/// that streams"): Cairo's draft copied one object at a time, in the order of the file, into
/// a new file with object streams (`PDFStreamingWriter`), the pages' dictionaries and the
/// information dictionary changed on the way. It holds an offset an object, never the draft's
/// objects: memory does not grow with the page count.
///
/// What it does so far: the pages' three boxes, the dates, the streams' lengths put in their
/// dictionaries (Cairo writes each as an object of its own, after the data), object streams
/// and a cross-reference stream with an identifier made from the content. `PDFFinisher` does
/// the rest with qpdf and is the one the pipeline calls; `canFinish` says which documents
/// this one could take.
struct StreamingPDFFinisher {
    var sheet: PrintSheet
    var metadata: PDFMetadata

    /// Whether `finisher`'s document needs nothing this step does not do yet.
    static func canFinish(_ finisher: PDFFinisher) -> Bool {
        !finisher.marksInvertedCMYK && !finisher.restoresPNGRows && finisher.structure == nil && finisher.textLayer == nil
            && finisher.runningHeads.overlays.isEmpty && finisher.standards.isEmpty && !finisher.sheet.cropMarks
    }

    /// Copies the draft at `draft`, whose pages were drawn at `pageSizes` (the trimmed sizes,
    /// in order), into `sink`.
    func finish(draft: String, pageSizes: [Size], into sink: FileSink) throws {
        let reader = try PDFDraftReader(path: draft)
        guard let root = reader.trailer["/Root"]?.referencedNumber else { throw FinishingError("the draft has no catalog") }
        let info = reader.trailer["/Info"]?.referencedNumber
        let pages = try pageNumbers(in: reader, root: root)
        guard pages.count == pageSizes.count else {
            throw FinishingError("the draft's page count, \(pages.count), is not the \(pageSizes.count) pages drawn")
        }
        let sizeOfPage = Dictionary(uniqueKeysWithValues: zip(pages, pageSizes))
        let writer = PDFStreamingWriter(into: sink, version: try reader.version(), firstFreeNumber: reader.offsets.count)
        let date = PDFValue.string(Array("(\(PDFDate.string(secondsSince1970: metadata.creationDate)))".utf8))
        /// The objects that hold a stream's length, which goes into the stream's dictionary.
        var lengths = Set<Int>()
        for number in reader.numbersInFileOrder where !lengths.contains(number) {
            guard let object = try reader.object(number) else { continue }
            if let data = object.data, var dictionary = object.value.dictionary {
                if let length = dictionary["/Length"]?.referencedNumber { lengths.insert(length) }
                dictionary["/Length"] = nil
                try writer.addStream(number, dictionary: dictionary, length: data.count) { write in
                    try reader.copyData(data) { write($0) }
                }
            } else if let size = sizeOfPage[number], var page = object.value.dictionary {
                setBoxes(of: &page, size: size)
                try writer.add(number, .dictionary(page))
            } else if number == info, var dictionary = object.value.dictionary {
                dictionary["/CreationDate"] = date
                dictionary["/ModDate"] = date
                try writer.add(number, .dictionary(dictionary))
            } else {
                try writer.add(number, object.value)
            }
        }
        try writer.finish(root: root, info: info)
    }

    /// The page objects in order: the kids of the catalog's page tree, whose nodes Cairo
    /// writes as one (a tree of nodes is walked as well).
    private func pageNumbers(in reader: PDFDraftReader, root: Int) throws -> [Int] {
        guard let tree = try reader.object(root)?.value.dictionary?["/Pages"]?.referencedNumber else {
            throw FinishingError("the draft's catalog has no page tree")
        }
        var pages: [Int] = []
        var visited = Set<Int>()
        func walk(_ node: Int) throws {
            guard visited.insert(node).inserted, let dictionary = try reader.object(node)?.value.dictionary else {
                throw FinishingError("the draft's page tree is malformed at object \(node)")
            }
            if dictionary["/Type"]?.name == "/Page" {
                pages.append(node)
                return
            }
            for kid in dictionary["/Kids"]?.array ?? [] {
                guard let number = kid.referencedNumber else { throw FinishingError("a page of the draft is not an object of its own") }
                try walk(number)
            }
        }
        try walk(tree)
        return pages
    }

    /// The sheet's MediaBox, BleedBox and TrimBox for a page drawn at `size`.
    private func setBoxes(of page: inout PDFDictionary, size: Size) {
        for (key, box) in [("/MediaBox", sheet.mediaBox(for: size)), ("/BleedBox", sheet.bleedBox(for: size)), ("/TrimBox", sheet.trimBox(for: size))] {
            page[key] = .array([box.origin.x, box.origin.y, box.origin.x + box.size.width, box.origin.y + box.size.height].map(PDFValue.real))
        }
    }
}
