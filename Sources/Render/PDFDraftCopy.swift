import Foundation
import Layout

/// One copy of Cairo's draft into a finished file (`PDFFinisher`): what must be decided before
/// the first object is copied (`PDFDraftPages`, what each page gets, the objects made first),
/// then one pass over the draft's objects in the order of the file, each changed on the way or
/// left out, and the text layer's streams, the structure tree and the file's end written after
/// them.
struct PDFDraftCopy {
    let finisher: PDFFinisher
    let reader: PDFDraftReader
    let draft: PDFDraftPages
    let writer: PDFStreamingWriter
    let pageSizes: [Size]
    let structureTree: StructureTreeWriter?
    /// The new structure tree root's number.
    let structureTreeRoot: Int?
    /// The number of each of the text layer's streams, by index (`TextLayerStreams`).
    let layerStreams: [Int]
    /// Each link annotation's key in the parent tree, by number.
    let linkKeys: [Int: Int]
    /// The link annotations of each of the document's pages, its running heads' after its own.
    let pageLinks: [[Int]]
    /// Every link annotation of the draft's, by number: each gets its `/Contents`.
    let linkAnnotations: Set<Int>
    /// Where the document's own links go.
    let internalLinks: InternalLinkDestinations
    /// By page of the document: what it gets.
    var additions: [PageAdditions]
    /// The index of each page of the draft, by number.
    let pageIndexes: [Int: Int]
    /// The pages whose resources each resource object is, by number.
    let resourceOwners: [Int: [Int]]
    /// The content stream of each page the finishing step rewrites (Cairo writes one a page),
    /// with its page: one with artifacts to mark or key colours to write as inks.
    var rewrittenContents: [Int: Int] = [:]
    /// The content streams of the pages of heads that become forms, and their pages.
    var forms: [Int: Int] = [:]
    /// The objects of the pages of heads Cairo drew nothing on, left out with their pages.
    var leftOut = Set<Int>()
    /// PDF/X-4's sRGB labels, and the objects that are resource dictionaries.
    var rgb: DeviceIndependentRGB?
    var resourceObjects = Set<Int>()
    var metadataStream: Int?
    var outputIntents: PDFValue?
    /// The objects that hold a stream's length, which goes into the stream's dictionary.
    var lengths = Set<Int>()
    /// The layers of the PDF pictures copied, which the catalog lists: with PDF pictures it is
    /// written last, when they are known.
    var pictureLayers = PDFPictureLayers()
    var catalog: PDFDictionary?

    init(_ finisher: PDFFinisher, draft draftFile: ReadOnlyFile, pageSizes: [Size], into file: FileSink) throws {
        self.finisher = finisher
        self.pageSizes = pageSizes
        reader = try PDFDraftReader(draftFile)
        draft = try PDFDraftPages(reader)
        let expected = pageSizes.count + finisher.runningHeads.overlays.count
        guard draft.pages.count == expected else {
            throw FinishingError("the draft's page count, \(draft.pages.count), is not the \(expected) pages drawn")
        }
        let tree = finisher.structure.map { record in
            StructureTreeWriter(StructureTree(record), record: record, pageHeights: pageSizes.map { finisher.sheet.mediaBox(for: $0).maxY },
                                language: finisher.metadata.language)
        }
        try tree?.check(draft)
        structureTree = tree
        pageLinks = finisher.runningHeads.links(ofDocumentPages: pageSizes.count, in: draft.pages)
        linkKeys = try tree?.structParents(of: pageLinks) ?? [:]
        linkAnnotations = Set(draft.pages.flatMap(\.links))
        internalLinks = InternalLinkDestinations(destinations: finisher.structure?.destinations ?? [:],
                                                 pages: draft.pages.prefix(pageSizes.count).map(\.number),
                                                 pageHeights: pageSizes.map { finisher.sheet.mediaBox(for: $0).maxY })
        pageIndexes = Dictionary(uniqueKeysWithValues: draft.pages.enumerated().map { ($1.number, $0) })
        var owners: [Int: [Int]] = [:]
        for (index, page) in draft.pages.prefix(pageSizes.count).enumerated() {
            if let resources = page.resources { owners[resources, default: []].append(index) }
        }
        resourceOwners = owners

        // The header's version: Cairo's, or 1.6 for an OpenType font program, no later than
        // PDF/X-4 allows.
        var version = try reader.version()
        if let layer = finisher.textLayer {
            _ = try layer.fonts.subsets()
            if let minimum = layer.fonts.minimumPDFVersion, minimum.compare(version, options: .numeric) == .orderedDescending { version = minimum }
        }
        if finisher.standards.contains(.x4), PDFX4.needsOlderVersion(version) { version = PDFX4.latestVersion }
        let writer = PDFStreamingWriter(into: file, version: version, firstFreeNumber: reader.offsets.count, keeping: finisher.keptDeflates)
        self.writer = writer
        layerStreams = (finisher.textLayer?.streams.ranges ?? []).map { _ in writer.reserve() }
        structureTreeRoot = tree == nil ? nil : writer.reserve()
        additions = [PageAdditions](repeating: PageAdditions(), count: pageSizes.count)
        try prepareAdditions()
    }

    /// What the pages get, and the objects made before the draft's are copied.
    private mutating func prepareAdditions() throws {
        for index in draft.pages.indices where rewritesContent(ofPage: index) {
            let contents = draft.pages[index].contents
            if contents.count == 1 {
                rewrittenContents[contents[0]] = index
            } else if index < pageSizes.count {
                // Several streams, some of which other pages may share: the page gets one
                // stream of its own holding them all.
                additions[index].replacedContent = try writeRewritten(contents, page: index)
            } else {
                throw FinishingError("a page of running heads has \(contents.count) content streams, not one")
            }
        }
        for index in additions.indices {
            additions[index].addColourSpaces(finisher.printedColours.spotColourSpaces(onPage: index))
        }
        if let layer = finisher.textLayer { try TextLayerOverPages.apply(layer, streams: layerStreams, to: &additions, writer: writer) }
        // The crop marks last, over everything the page draws.
        var registrationMarks = RegistrationMarks(marks: CropMarks(sheet: finisher.sheet))
        for (index, size) in pageSizes.enumerated() { try registrationMarks.add(to: &additions[index], size: size, writer: writer) }
        let reader = reader
        (forms, leftOut) = try finisher.runningHeads.apply(to: &additions, pages: draft.pages, colours: finisher.printedColours, writer: writer) { number in
            guard let object = try reader.object(number), let dictionary = object.value.dictionary, let data = object.data else {
                throw FinishingError("a page of heads's content cannot be read")
            }
            return try Self.inflated(dictionary, data: data, from: reader, of: "a page of heads's content")
        }
        if finisher.standards.contains(.x4) {
            outputIntents = try finisher.outputIntent.outputIntents(writer: writer)
            rgb = try DeviceIndependentRGB(writer: writer)
            resourceObjects = try DeviceIndependentRGB.resourceObjects(in: reader)
        }
        // Every file gets its XMP packet, a standard claimed or not: catalogues, asset managers
        // and the PDF/UA checkers read the title and dates there. The identifiers are made from
        // what was drawn, Cairo's draft and the layer's text, which the same input draws the same.
        let info = try draft.info.flatMap { try reader.object($0)?.value.dictionary } ?? PDFDictionary()
        let xmp = try DocumentXMP(metadata: finisher.metadata, standards: finisher.standards).packet(info: edited(info: info)) { body in
            try reader.copyWholeFile(into: body)
            try finisher.textLayer?.streams.copyAll(into: body)
        }
        metadataStream = try DocumentXMP.write(xmp, into: writer)
    }

    /// Copies every object of the draft, then writes the text layer's streams, the structure
    /// tree and the file's end.
    mutating func run() throws {
        for number in reader.numbersInFileOrder where !lengths.contains(number) && !draft.structureTreeObjects.contains(number) && !leftOut.contains(number) {
            guard let object = try reader.object(number) else { continue }
            if let data = object.data, var dictionary = object.value.dictionary {
                if let length = dictionary["/Length"]?.referencedNumber { lengths.insert(length) }
                dictionary["/Length"] = nil
                try copyStream(number, dictionary: dictionary, data: data)
            } else if let value = try edited(number, object.value) {
                try writer.add(number, rgb?.label(value, isResources: resourceObjects.contains(number)) ?? value)
            }
        }
        if let streams = finisher.textLayer?.streams {
            for (index, number) in layerStreams.enumerated() {
                try writer.addStream(number, dictionary: PDFDictionary([("/Filter", .name("/FlateDecode"))]), length: streams.ranges[index].count) { write in
                    try streams.copy(index) { write($0) }
                }
            }
        }
        if let structureTree, let structureTreeRoot {
            let kept = draft.pages.prefix(pageSizes.count)
            try structureTree.write(root: structureTreeRoot, pages: kept.map(\.number), linkAnnotations: pageLinks,
                                    reserve: { writer.reserve() }, set: { try writer.add($0, text: $1) })
        }
        if var catalog {
            if !pictureLayers.isEmpty { catalog["/OCProperties"] = pictureLayers.properties }
            try writer.add(draft.catalog, .dictionary(catalog))
        }
        try writer.finish(root: draft.catalog, info: draft.info)
    }

    /// `value`, the object `number` of the draft other than a stream, as the file has it; nil
    /// for an object left out.
    private mutating func edited(_ number: Int, _ value: PDFValue) throws -> PDFValue? {
        guard case .dictionary(var dictionary) = value else { return value }
        // Cairo's elements go with its tree: the tree in logical order replaces it.
        if structureTree != nil, dictionary["/Type"]?.name == "/StructElem" { return nil }
        if let index = pageIndexes[number] {
            // A page of heads is a form now: its page goes.
            guard index < pageSizes.count else { return nil }
            try edit(page: &dictionary, index: index)
        } else if number == draft.catalog {
            if let structureTree, let structureTreeRoot { structureTree.mark(&dictionary, root: structureTreeRoot) }
            if let metadataStream { dictionary["/Metadata"] = .reference(metadataStream) }
            if let outputIntents { dictionary["/OutputIntents"] = outputIntents }
            if finisher.placesPDFPages {
                catalog = dictionary
                return nil
            }
        } else if number == draft.info {
            dictionary = edited(info: dictionary)
        } else if number == draft.pageTree, !finisher.runningHeads.overlays.isEmpty {
            // The pages of heads, the draft's last, cut off Cairo's one page tree node.
            guard dictionary["/Kids"]?.array?.count == draft.pages.count else { throw FinishingError("the draft's pages are not one page tree node") }
            dictionary["/Kids"] = .array(draft.pages.prefix(pageSizes.count).map { .reference($0.number) })
            dictionary["/Count"] = .integer(pageSizes.count)
        } else if let pages = resourceOwners[number] {
            for page in pages { try additions[page].apply(to: &dictionary) }
        } else if linkAnnotations.contains(number) {
            if let key = linkKeys[number] { dictionary["/StructParent"] = .integer(key) }
            internalLinks.resolve(&dictionary)
            LinkAnnotationContents.describe(&dictionary)
        }
        return .dictionary(dictionary)
    }

    /// The page `index` with its boxes, its key in the parent tree, and what it gets.
    private func edit(page: inout PDFDictionary, index: Int) throws {
        let size = pageSizes[index], sheet = finisher.sheet
        for (key, box) in [("/MediaBox", sheet.mediaBox(for: size)), ("/BleedBox", sheet.bleedBox(for: size)), ("/TrimBox", sheet.trimBox(for: size))] {
            page[key] = .array([box.origin.x, box.origin.y, box.origin.x + box.size.width, box.origin.y + box.size.height].map(PDFValue.real))
        }
        if structureTree != nil { page["/StructParents"] = .integer(index) }
        let additions = additions[index]
        guard !additions.isEmpty else { return }
        page["/Contents"] = additions.contents(round: draft.pages[index].contents)
        page["/Annots"] = try additions.annotations(after: page["/Annots"])
        if case .dictionary(var resources)? = page["/Resources"] {
            try additions.apply(to: &resources)
            page["/Resources"] = .dictionary(resources)
        } else if page["/Resources"] == nil {
            var resources = PDFDictionary()
            try additions.apply(to: &resources)
            page["/Resources"] = .dictionary(resources)
        }
    }

    /// The information dictionary with the dates, and PDF/X's entries.
    private func edited(info: PDFDictionary) -> PDFDictionary {
        var info = info
        let date = PDFValue.string(Array("(\(PDFDate.string(secondsSince1970: finisher.metadata.creationDate)))".utf8))
        info["/CreationDate"] = date
        info["/ModDate"] = date
        if finisher.standards.contains(.x4) { PDFX4.identify(&info) }
        return info
    }

    /// Copies the stream `number`: its data from the draft in pieces, unless it is one the
    /// finishing step changes (a page's content with artifacts, a form with key colours, a
    /// PNG's rows, a PDF picture's page, a page of heads).
    private mutating func copyStream(_ number: Int, dictionary: PDFDictionary, data: Range<Int>) throws {
        var dictionary = dictionary
        let rewritten = try rewrittenContents[number].map { page in
            try rewrite(try inflated(dictionary, data: data, of: "page \(page + 1)'s content"), page: page)
        } ?? rewrittenForm(&dictionary, data: data)
        if rewritten != nil {
            dictionary["/Filter"] = nil
            dictionary["/DecodeParms"] = nil
        }
        if let heads = forms[number] {
            guard let page = try reader.object(draft.pages[heads].number)?.value.dictionary else { throw FinishingError("a page of heads cannot be read") }
            dictionary = RunningHeadsOverlays.form(dictionary, of: page)
            // The spots its heads are printed in: the document's pages get theirs in `prepareAdditions`.
            dictionary["/Resources"] = try resources(dictionary["/Resources"], withColourSpaces: finisher.printedColours.spotColourSpaces(onPage: heads))
        }
        if let rewritten { return try writer.addStream(number, dictionary: label(dictionary), bytes: rewritten) }
        if finisher.placesPDFPages, PDFPageEnvelope.mayHoldEnvelope(dictionary),
           let placed = PDFPageEnvelope.unwrap(try reader.data(data)) {
            return pictureLayers.add(try PDFPageForm.write(placed.file, page: placed.page, as: number, into: writer, rgb: rgb))
        }
        if finisher.restoresPNGRows, PNGRowsInPDF.mayHoldEnvelope(dictionary),
           let restored = PNGRowsInPDF.restore(dictionary, data: try reader.data(data)) {
            var image = restored.dictionary
            if let mask = restored.mask {
                let maskNumber = writer.reserve()
                try writer.addStream(maskNumber, dictionary: label(mask.dictionary), length: mask.rows.count) { write in mask.rows.withUnsafeBytes { write($0) } }
                image["/SMask"] = .reference(maskNumber)
            }
            try writer.addStream(number, dictionary: label(image), length: restored.rows.count) { write in restored.rows.withUnsafeBytes { write($0) } }
            return
        }
        if finisher.marksInvertedCMYK, InvertedCMYKImages.mayNeedDecodeArray(dictionary),
           InvertedCMYKImages.storesInvertedValues(try reader.data(data)) {
            dictionary["/Decode"] = InvertedCMYKImages.decodeArray
        }
        try writer.addStream(number, dictionary: label(dictionary), length: data.count) { write in try reader.copyData(data) { write($0) } }
    }

    /// The content of a form Cairo made (a blurred shadow's fill under its soft mask) with its
    /// key colours written as inks, and its dictionary given the spots' colour spaces and rid
    /// of its transparency group's RGB blending space, so that the inks are blended as inks
    /// (in the page's space: the output intent's CMYK) and not through RGB; nil for a form
    /// without keys and for every other stream.
    private func rewrittenForm(_ dictionary: inout PDFDictionary, data: Range<Int>) throws -> [UInt8]? {
        let colours = finisher.printedColours
        guard colours.formsHoldKeys, dictionary["/Subtype"]?.name == "/Form" else { return nil }
        let content = try inflated(dictionary, data: data, of: "a form's content")
        let rewritten = try KeyColourRewrite.rewrite(content, colours: colours, of: "a form's content")
        guard rewritten != content else { return nil }
        dictionary["/Resources"] = try resources(dictionary["/Resources"], withColourSpaces: colours.allSpotColourSpaces)
        if case .dictionary(var group)? = dictionary["/Group"] {
            group["/CS"] = nil
            dictionary["/Group"] = .dictionary(group)
        }
        return rewritten
    }

    /// `resources`, a form's, with `spaces` (spots' colour spaces) added; resources Cairo wrote
    /// as an object of their own are copied into the form, changed (a page of heads's, which
    /// become its form's whatever page it is laid over).
    private func resources(_ resources: PDFValue?, withColourSpaces spaces: [(name: String, value: PDFValue)]) throws -> PDFValue? {
        guard !spaces.isEmpty else { return resources }
        var dictionary = PDFDictionary()
        if let number = resources?.referencedNumber {
            guard let own = try reader.object(number)?.value.dictionary else { throw FinishingError("a form's resources cannot be read") }
            dictionary = own
        } else if let own = resources?.dictionary {
            dictionary = own
        }
        var additions = PageAdditions()
        additions.addColourSpaces(spaces)
        try additions.apply(to: &dictionary)
        return .dictionary(dictionary)
    }

    /// A stream's dictionary labelled for PDF/X-4 (`DeviceIndependentRGB`).
    private func label(_ dictionary: PDFDictionary) -> PDFDictionary {
        rgb?.label(.dictionary(dictionary), isResources: false).dictionary ?? dictionary
    }

    /// A stream's data inflated: `/FlateDecode` without parameters, as Cairo writes a page's
    /// content, or no filter.
    private func inflated(_ dictionary: PDFDictionary, data: Range<Int>, of what: String) throws -> [UInt8] {
        try Self.inflated(dictionary, data: data, from: reader, of: what)
    }

    private static func inflated(_ dictionary: PDFDictionary, data: Range<Int>, from reader: PDFDraftReader, of what: String) throws -> [UInt8] {
        let bytes = try reader.data(data)
        switch dictionary["/Filter"] {
        case nil: return bytes
        case .name("/FlateDecode")? where dictionary["/DecodeParms"] == nil: return try Inflate.bytes(bytes, of: what)
        default: throw FinishingError("\(what) is compressed in a way the finishing step does not read")
        }
    }

    /// Whether the content of the draft's page `index` is rewritten: it has artifacts to mark
    /// (a page of heads, its links' sequences), or key colours Cairo drew to write as inks.
    private func rewritesContent(ofPage index: Int) -> Bool {
        let hasArtifacts = finisher.structure?.hasArtifacts(onPage: index) ?? false
            || !finisher.runningHeads.linkSequences(onPage: index, in: draft.pages).isEmpty
        return hasArtifacts || finisher.printedColours.pagesWithKeys.contains(index)
    }

    /// `content`, the whole content of the draft's page `index`, with its artifacts marked
    /// (`ArtifactMarking`) and its key colours written as inks (`KeyColourRewrite`).
    private func rewrite(_ content: [UInt8], page index: Int) throws -> [UInt8] {
        var content = content
        let artifacts = (finisher.structure?.artifacts(onPage: index) ?? []) + finisher.runningHeads.linkSequences(onPage: index, in: draft.pages)
        if !artifacts.isEmpty {
            content = try ArtifactMarking.mark(content, mcids: artifacts, page: index)
        }
        if finisher.printedColours.pagesWithKeys.contains(index) {
            content = try KeyColourRewrite.rewrite(content, colours: finisher.printedColours, of: "the content stream of page \(index + 1)")
        }
        return content
    }

    /// The streams `contents` of the page `index` joined and rewritten, as a new stream;
    /// returns its number.
    private func writeRewritten(_ contents: [Int], page index: Int) throws -> Int {
        var whole: [UInt8] = []
        for number in contents {
            guard let stream = try reader.object(number), let data = stream.data, let dictionary = stream.value.dictionary else {
                throw FinishingError("page \(index + 1) has no content stream")
            }
            whole += try inflated(dictionary, data: data, of: "page \(index + 1)'s content")
            // Streams joined are one content: a token must not run into the next stream's.
            whole.append(0x0A)
        }
        let number = writer.reserve()
        try writer.addStream(number, dictionary: PDFDictionary(), bytes: try rewrite(whole, page: index))
        return number
    }
}
