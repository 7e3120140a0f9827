import CQPDF
import Foundation
import Images

/// A PDF picture's page placed as it is, as pdfpages and InDesign place a PDF: the page's
/// content and every object its resources reach, copied from the picture's file into the
/// finished PDF as a form XObject. Its colours stay in the spaces the file wrote them in
/// (`k`, `/Separation` spots, ICC spaces), its fonts and text stay the file's, and its streams
/// keep their bytes and filters; drawn by poppler through Cairo instead, every colour became
/// RGB (docs/pipeline.md, "A PDF picture's page goes into a PDF as a form copied from its file").
///
/// qpdf reads the file (cross-reference and object streams, filters, a damaged file's objects
/// found again); the objects are walked from the page, each copied once under a number of the
/// finished file, so that a loop of forms is copied as the loop it is, never followed round.
/// The form's matrix maps the page's crop box, turned as the page's `/Rotate` says, onto the
/// unit square, where Cairo's image of the envelope (`PDFPageEnvelope`) was painted: the form
/// is drawn with the picture's matrix and clip. What the form leaves out: the page's
/// annotations (as it is printed, as poppler drew it), page objects a resource names (not
/// followed: they would bring the file's page tree), and the file's structure (`/StructParent`,
/// whose numbers are the file's own parent tree's).
struct PDFPageForm {
    /// More objects than this reached from one page is no page a picture holds: the largest
    /// advertisements have some thousands.
    static let maximumObjects = 1_000_000
    /// Dictionaries and arrays nested deeper than this in one object are refused (qpdf's own
    /// parser stops at 500).
    private static let deepestNesting = 256

    struct ObjectID: Hashable {
        var number: Int32
        var generation: Int32
    }

    let qpdf: QPDFLibrary
    let pdf: qpdf_data
    /// Where the objects go, and the PDF/X-4 labelling of their RGB (`writePage` sets them).
    private var writer: PDFStreamingWriter?
    private var rgb: DeviceIndependentRGB?
    /// The number in the finished file of each object of the picture's file copied or to be.
    private var numbers: [ObjectID: Int] = [:]
    /// The objects given a number and not yet written, and whether each is a resource dictionary.
    private var pending: [(id: ObjectID, isResources: Bool)] = []
    /// The file's layers hidden in the view it opens in, and those copied (`PDFPictureLayers`).
    private var hiddenGroups: Set<ObjectID> = []
    private var groups: [ObjectID: PDFPictureLayers.Group] = [:]

    /// Writes the page `page` (from 0) of the PDF `file` as the form XObject `number` into
    /// `writer`, with every object it uses, RGB labelled by `rgb` (PDF/X-4); returns the
    /// layers copied, which the finished file's catalog lists.
    static func write(_ file: [UInt8], page: Int, as number: Int, into writer: PDFStreamingWriter,
                      rgb: DeviceIndependentRGB?) throws -> [PDFPictureLayers.Group] {
        var groups: [PDFPictureLayers.Group] = []
        try read(file) { form in
            try form.writePage(page, as: number, into: writer, rgb: rgb)
            // In the order of the file's objects, as its layers panel most likely lists them.
            groups = form.groups.sorted { ($0.key.number, $0.key.generation) < ($1.key.number, $1.key.generation) }.map(\.value)
        }
        return groups
    }

    /// Whether qpdf reads the page `page` (from 0) of the PDF `file` as the finishing step
    /// will, before any output is begun: the page, its boxes, and nothing it draws with
    /// drawing itself (`PDFPageContentGraph`: a loop poppler stops at its own depth, but a
    /// reader of the finished file may not). With `requiringEmbeddedFonts` (PDF/X-4), every
    /// font its text is shown in must be embedded in the file.
    static func check(_ file: [UInt8], page: Int, requiringEmbeddedFonts: Bool) throws {
        try read(file) { form in
            let handle = try form.page(page)
            _ = try form.cropBox(of: handle)
            let graph = try form.contentGraph(of: handle)
            try form.check("cannot be read")
            if requiringEmbeddedFonts, !graph.fontsNotEmbedded.isEmpty {
                let names = graph.fontsNotEmbedded.map { "\"\($0)\"" }
                let fonts = names.count == 1 ? "font \(names[0]) is" : "fonts \(names.joined(separator: ", ")) are"
                throw FinishingError("the PDF picture's \(fonts) not embedded, and PDF/X-4 needs every font embedded: "
                    + "embed \(names.count == 1 ? "it" : "them") where the picture is made, or leave out --pdf-standard x4")
            }
        }
    }

    /// Opens `file` with qpdf for `body`, which reads it while it is open.
    private static func read(_ file: [UInt8], _ body: (inout PDFPageForm) throws -> Void) throws {
        let qpdf = try QPDFLibrary.opened()
        guard let pdf = qpdf.initialize() else { throw FinishingError("qpdf cannot start") }
        var handle: qpdf_data? = pdf
        defer { qpdf.cleanup(&handle) }
        // Problems are read back below, not printed by qpdf on standard error; warnings are
        // about damage qpdf worked round.
        qpdf.silenceErrors(pdf)
        qpdf.setSuppressWarnings(pdf, QPDF_TRUE)
        try file.withUnsafeBufferPointer { bytes in
            // qpdf reads the file from this memory as it needs it, until it is cleaned up.
            try bytes.withMemoryRebound(to: CChar.self) { characters in
                _ = qpdf.readMemory(pdf, "the PDF picture", characters.baseAddress, UInt64(characters.count), nil)
                var form = PDFPageForm(qpdf: qpdf, pdf: pdf)
                try form.check("cannot be read")
                try body(&form)
            }
        }
    }

    private init(qpdf: QPDFLibrary, pdf: qpdf_data) {
        (self.qpdf, self.pdf) = (qpdf, pdf)
    }

    /// The page `index` (from 0).
    private func page(_ index: Int) throws -> qpdf_oh {
        let count = qpdf.getNumPages(pdf)
        try check("has no pages qpdf can read")
        guard index < Int(count) else { throw FinishingError("the PDF picture has \(count) pages for qpdf, no page \(index + 1)") }
        return qpdf.getPageN(pdf, index)
    }

    private mutating func writePage(_ index: Int, as number: Int, into writer: PDFStreamingWriter, rgb: DeviceIndependentRGB?) throws {
        (self.writer, self.rgb) = (writer, rgb)
        hiddenGroups = groupsHiddenByDefault()
        let page = try page(index)
        let box = try cropBox(of: page)
        var dictionary = PDFDictionary([("/Type", .name("/XObject")), ("/Subtype", .name("/Form")),
                                        ("/BBox", .array([box.minX, box.minY, box.maxX, box.maxY].map(PDFValue.real))),
                                        ("/Matrix", .array(Self.unitSquareMatrix(box, rotation: rotation(of: page)).map(Self.preciseReal)))])
        let resources = inherited("/Resources", of: page)
        dictionary["/Resources"] = try resources.map { try value($0, depth: 1, isResources: true) } ?? .dictionary(PDFDictionary())
        let group = qpdf.ohGetKey(pdf, page, "/Group")
        if type(of: group) == ot_dictionary { dictionary["/Group"] = try value(group, depth: 1) }
        try writeContent(of: page, into: &dictionary, as: number, writer: writer)
        qpdf.ohReleaseAll(pdf)
        while let next = pending.popLast() {
            try writeObject(next.id, isResources: next.isResources, writer: writer)
            qpdf.ohReleaseAll(pdf)
        }
    }

    /// The page's content as the form's: a single stream's bytes as they are, with its filters;
    /// several streams joined, as a page's streams are one content.
    private mutating func writeContent(of page: qpdf_oh, into dictionary: inout PDFDictionary, as number: Int, writer: PDFStreamingWriter) throws {
        var contents = qpdf.ohGetKey(pdf, page, "/Contents")
        if type(of: contents) == ot_array, qpdf.ohGetArrayNItems(pdf, contents) == 1 { contents = qpdf.ohGetArrayItem(pdf, contents, 0) }
        if type(of: contents) == ot_stream {
            let own = try streamDictionary(contents)
            for key in ["/Filter", "/DecodeParms"] { dictionary[key] = own[key] }
            let data = try rawData(of: contents)
            defer { free(data.baseAddress) }
            return try writer.addStream(number, dictionary: label(dictionary, isResources: false), length: data.count) { write in write(UnsafeRawBufferPointer(data)) }
        }
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        _ = qpdf.ohGetPageContentData(pdf, page, &buffer, &length)
        defer { free(buffer) }
        try check("has a page content qpdf cannot read")
        let content = buffer.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
        try writer.addStream(number, dictionary: label(dictionary, isResources: false), bytes: content)
    }

    /// Copies the object `id` of the picture's file under its number.
    private mutating func writeObject(_ id: ObjectID, isResources: Bool, writer: PDFStreamingWriter) throws {
        guard let number = numbers[id] else { return }
        let object = qpdf.getObjectByID(pdf, id.number, id.generation)
        if type(of: object) == ot_stream {
            let dictionary = try streamDictionary(object)
            let data = try rawData(of: object)
            defer { free(data.baseAddress) }
            try writer.addStream(number, dictionary: label(dictionary, isResources: isResources), length: data.count) { write in
                write(UnsafeRawBufferPointer(data))
            }
        } else {
            let copied = try value(object, depth: 0)
            if copied.dictionary?["/Type"]?.name == "/OCG" { groups[id] = .init(number: number, isShown: !hiddenGroups.contains(id)) }
            try writer.add(number, rgb?.label(copied, isResources: isResources) ?? copied)
        }
        try check("has an object qpdf cannot read")
    }

    /// A stream's dictionary, copied, without its `/Length` (the writer gives the length of the
    /// bytes written).
    private mutating func streamDictionary(_ stream: qpdf_oh) throws -> PDFDictionary {
        var dictionary = try value(qpdf.ohGetDict(pdf, stream), depth: 0).dictionary ?? PDFDictionary()
        dictionary["/Length"] = nil
        return dictionary
    }

    /// A stream's bytes as the file holds them (its filters not undone), in memory the caller frees;
    /// Decoded (`decoding` qpdf's generalized filters: Flate, LZW, ASCII) for a content stream.
    func rawData(of stream: qpdf_oh, decoding: Bool = false) throws -> UnsafeMutableBufferPointer<UInt8> {
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        _ = qpdf.ohGetStreamData(pdf, stream, decoding ? qpdf_dl_generalized : qpdf_dl_none, nil, &buffer, &length)
        try check("has a stream qpdf cannot read")
        return UnsafeMutableBufferPointer(start: buffer, count: buffer == nil ? 0 : length)
    }

    /// `handle` as a value of the finished file: an indirect object met inside another
    /// (`depth` > 0) becomes a reference to its copy, numbered now and written later.
    private mutating func value(_ handle: qpdf_oh, depth: Int, isResources: Bool = false) throws -> PDFValue {
        guard depth <= Self.deepestNesting else { throw FinishingError("the PDF picture has values nested more than \(Self.deepestNesting) deep") }
        if depth > 0, qpdf.ohIsIndirect(pdf, handle) != QPDF_FALSE { return try reference(to: handle, isResources: isResources) }
        switch type(of: handle) {
        case ot_boolean, ot_real: return scalar(handle)
        case ot_string: return .string(unparsed(handle))
        case ot_integer: return .integer(Int(qpdf.ohGetIntValue(pdf, handle)))
        case ot_name: return .name(String(decoding: unparsed(handle), as: UTF8.self))
        case ot_array:
            let count = qpdf.ohGetArrayNItems(pdf, handle)
            return .array(try (0 ..< max(count, 0)).map { try value(qpdf.ohGetArrayItem(pdf, handle, $0), depth: depth + 1) })
        case ot_dictionary:
            var dictionary = PDFDictionary()
            for key in keys(of: handle) where !["/StructParent", "/StructParents"].contains(key) {
                dictionary[Self.escapedName(key)] = try value(qpdf.ohGetKey(pdf, handle, key), depth: depth + 1, isResources: key == "/Resources")
            }
            return .dictionary(dictionary)
        default:
            // Null, and what a file cannot hold in a value (a stream is always an object of its own).
            return .null
        }
    }

    private func scalar(_ handle: qpdf_oh) -> PDFValue {
        let text = unparsed(handle)
        switch text {
        case Array("true".utf8): return .boolean(true)
        case Array("false".utf8): return .boolean(false)
        default: return .real(text)
        }
    }

    /// A reference to the copy of the indirect object `handle`; a page or a page tree node is
    /// not followed (null in its place).
    private mutating func reference(to handle: qpdf_oh, isResources: Bool) throws -> PDFValue {
        let id = ObjectID(number: qpdf.ohGetObjectID(pdf, handle), generation: qpdf.ohGetGeneration(pdf, handle))
        if let number = numbers[id] { return .reference(number) }
        if type(of: handle) == ot_dictionary, ["/Page", "/Pages"].contains(String(decoding: unparsed(qpdf.ohGetKey(pdf, handle, "/Type")), as: UTF8.self)) {
            return .null
        }
        guard numbers.count < Self.maximumObjects else {
            throw FinishingError("the PDF picture's page uses more than \(Self.maximumObjects) objects")
        }
        guard let writer else { throw FinishingError("a PDF picture's objects are copied with nowhere to go") }
        let number = writer.reserve()
        numbers[id] = number
        pending.append((id, isResources))
        return .reference(number)
    }

    func keys(of dictionary: qpdf_oh) -> [String] {
        // qpdf keeps one key iteration at a time: the keys are read before any value is.
        var keys: [String] = []
        qpdf.ohBeginDictKeyIter(pdf, dictionary)
        while qpdf.ohDictMoreKeys(pdf) != QPDF_FALSE, let key = qpdf.ohDictNextKey(pdf) { keys.append(String(cString: key)) }
        return keys
    }

    /// The object's text as qpdf writes it (a string's bytes may hold zeros).
    func unparsed(_ handle: qpdf_oh) -> [UInt8] {
        guard let text = qpdf.ohUnparseBinary(pdf, handle) else { return [] }
        return text.withMemoryRebound(to: UInt8.self, capacity: 1) { Array(UnsafeBufferPointer(start: $0, count: qpdf.getLastStringLength(pdf))) }
    }

    func type(of handle: qpdf_oh) -> qpdf_object_type_e {
        qpdf.ohGetTypeCode(pdf, handle)
    }

    /// The value of `key` on the page or, where a page lacks it, the nearest page tree node above
    /// it that has it (`/Resources`, `/MediaBox`, `/CropBox` and `/Rotate` are inherited).
    func inherited(_ key: String, of page: qpdf_oh) -> qpdf_oh? {
        var node = page
        for _ in 0 ..< 64 {
            let value = qpdf.ohGetKey(pdf, node, key)
            if ![ot_null, ot_uninitialized].contains(type(of: value)) { return value }
            node = qpdf.ohGetKey(pdf, node, "/Parent")
            guard type(of: node) == ot_dictionary else { return nil }
        }
        return nil
    }

    /// The page's crop box within its media box, as poppler sizes the picture.
    private func cropBox(of page: qpdf_oh) throws -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        func box(_ key: String) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
            guard let array = inherited(key, of: page), type(of: array) == ot_array, qpdf.ohGetArrayNItems(pdf, array) == 4 else { return nil }
            let corners = (0 ..< 4).map { qpdf.ohGetNumericValue(pdf, qpdf.ohGetArrayItem(pdf, array, Int32($0))) }
            return (min(corners[0], corners[2]), min(corners[1], corners[3]), max(corners[0], corners[2]), max(corners[1], corners[3]))
        }
        let media = box("/MediaBox") ?? (0, 0, 612, 792)
        let crop = box("/CropBox") ?? media
        let shown = (minX: max(crop.minX, media.minX), minY: max(crop.minY, media.minY), maxX: min(crop.maxX, media.maxX), maxY: min(crop.maxY, media.maxY))
        guard shown.maxX > shown.minX, shown.maxY > shown.minY else { throw FinishingError("the PDF picture's page has an empty crop box") }
        return shown
    }

    /// The page's `/Rotate`, a quarter turn clockwise a step: 0, 90, 180 or 270.
    private func rotation(of page: qpdf_oh) -> Int {
        guard let rotate = inherited("/Rotate", of: page), type(of: rotate) == ot_integer else { return 0 }
        let degrees = Int(qpdf.ohGetIntValue(pdf, rotate))
        return degrees % 90 == 0 ? (degrees % 360 + 360) % 360 : 0
    }

    /// The form's matrix: the crop box `box`, turned `rotation` degrees clockwise as a reader
    /// shows the page, onto the unit square an image fills.
    static func unitSquareMatrix(_ box: (minX: Double, minY: Double, maxX: Double, maxY: Double), rotation: Int) -> [Double] {
        let (x0, y0, width, height) = (box.minX, box.minY, box.maxX - box.minX, box.maxY - box.minY)
        switch rotation {
        case 90: return [0, -1 / width, 1 / height, 0, -y0 / height, 1 + x0 / width]
        case 180: return [-1 / width, 0, 0, -1 / height, 1 + x0 / width, 1 + y0 / height]
        case 270: return [0, 1 / width, -1 / height, 0, 1 + y0 / height, -x0 / width]
        default: return [1 / width, 0, 0, 1 / height, -x0 / width, -y0 / height]
        }
    }

    /// A real to nine decimal places: the matrix's scale is one over the page's size.
    private static func preciseReal(_ value: Double) -> PDFValue {
        var text = String(format: "%.9f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return .real(Array((text == "-0" ? "0" : text).utf8))
    }

    /// A name as qpdf gives a dictionary's key (its `#xx` escapes undone) written again: what
    /// is not a regular character escaped.
    static func escapedName(_ name: String) -> String {
        var escaped = "/"
        for byte in name.utf8.dropFirst() {
            if (0x21 ... 0x7E).contains(byte), !Array("()<>[]{}/%#".utf8).contains(byte) {
                escaped.append(Character(Unicode.Scalar(byte)))
            } else {
                escaped += "#" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return escaped
    }

    private func label(_ dictionary: PDFDictionary, isResources: Bool) -> PDFDictionary {
        rgb?.label(.dictionary(dictionary), isResources: isResources).dictionary ?? dictionary
    }

    /// Throws qpdf's error, if it has one, saying the picture `what`.
    private func check(_ what: String) throws {
        guard qpdf.hasError(pdf) != QPDF_FALSE else { return }
        let error = qpdf.getError(pdf)
        throw FinishingError("the PDF picture \(what): \(error.flatMap { qpdf.getErrorFullText(pdf, $0) }.map { String(cString: $0) } ?? "unknown error")")
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
