import CQPDF
import Foundation

/// What a PDF picture's page draws with, read through its resources before the page is copied
/// (`PDFPageForm`): every object with content of its own — forms, tiling patterns, Type 3 fonts
/// (whose glyphs are content) and soft masks' groups — and the fonts text is shown in. Each
/// such object is looked into once, whatever the number of paths to it, so the walk is as long
/// as the page's objects, never as the paths through them (a fan of forms naming the next one
/// twice, 40 deep, is 40 steps, not 2^40).
struct PDFPageContentGraph {
    /// Objects drawing each other deeper than this are refused: poppler stops drawing forms at
    /// 100, and no page a picture holds comes near.
    static let deepestDrawing = 256

    /// The streams of the page's content other than its own: forms, tiling patterns, Type 3
    /// glyph procedures and soft masks' groups.
    var contentStreams: Set<PDFPageForm.ObjectID> = []
    /// The names (`/BaseFont`, without its slash) of the fonts the page's content uses whose
    /// program is not in the file, in the order met, each once.
    var fontsNotEmbedded: [String] = []
}

extension PDFPageForm {
    /// The graph of what the page `page` draws with. Throws when an object draws itself through
    /// any objects between (a form naming itself, a pattern painting with itself, a Type 3
    /// glyph showing text in its own font, a soft mask masked by itself): a reader of the
    /// finished file might draw it forever. An object naming another counts as drawing it.
    func contentGraph(of page: qpdf_oh) throws -> PDFPageContentGraph {
        var walk = ContentWalk(form: self)
        if let resources = inherited("/Resources", of: page), type(of: resources) == ot_dictionary {
            try walk.visit(resources, depth: 0)
        }
        return walk.graph
    }
}

/// One walk of a page's content graph (`PDFPageForm.contentGraph(of:)`).
private struct ContentWalk {
    let form: PDFPageForm
    var graph = PDFPageContentGraph()
    /// The objects being looked into, from the page down to the current one, and those done.
    private var drawing: Set<PDFPageForm.ObjectID> = [], done: Set<PDFPageForm.ObjectID> = []

    init(form: PDFPageForm) {
        self.form = form
    }

    /// Looks into each object with content that the resource dictionary `resources` names
    /// (only those named `used`, when given).
    mutating func visit(_ resources: qpdf_oh, depth: Int, used: Set<String>? = nil) throws {
        func entries(_ resources: qpdf_oh, _ key: String) -> [(key: String, value: qpdf_oh)] {
            self.entries(resources, key).filter { used?.contains($0.key) ?? true }
        }
        for (_, object) in entries(resources, "/XObject") where name(of: entry(object, "/Subtype")) == "/Form" {
            try enter(object, kind: "a form", content: [object], caller: resources, depth: depth)
        }
        for (_, object) in entries(resources, "/Pattern") where form.type(of: object) == ot_stream {
            try enter(object, kind: "a pattern", content: [object], caller: resources, depth: depth)
        }
        for (_, font) in entries(resources, "/Font") {
            if name(of: entry(font, "/Subtype")) == "/Type3" {
                let glyphs = self.entries(entry(font, "/CharProcs")).map { $0.value }.filter { form.type(of: $0) == ot_stream }
                try enter(font, kind: "a Type 3 font", content: glyphs, caller: resources, depth: depth)
            } else {
                noteEmbedding(of: font)
            }
        }
        for (_, state) in entries(resources, "/ExtGState") {
            let group = entry(entry(state, "/SMask"), "/G")
            if form.type(of: group) == ot_stream {
                try enter(group, kind: "a soft mask's group", content: [group], caller: resources, depth: depth)
            }
        }
    }

    /// Looks into `object`, whose content is the streams `content`, with its own resources or,
    /// lacking them, its caller's (`caller`), as a reader draws it.
    private mutating func enter(_ object: qpdf_oh, kind: String, content: [qpdf_oh], caller: qpdf_oh, depth: Int) throws {
        let id = identity(of: object)
        if let id {
            guard !done.contains(id) else { return }
            guard drawing.insert(id).inserted else {
                throw FinishingError("the PDF picture has \(kind) that draws itself (object \(id.number)), which a reader would draw forever")
            }
        }
        guard depth < PDFPageContentGraph.deepestDrawing else {
            throw FinishingError("the PDF picture has forms, patterns or glyphs drawing each other more than \(PDFPageContentGraph.deepestDrawing) deep")
        }
        for stream in content { if let streamID = identity(of: stream) { graph.contentStreams.insert(streamID) } }
        let own = entry(object, "/Resources")
        if form.type(of: own) == ot_dictionary {
            try visit(own, depth: depth + 1)
        } else {
            // Drawn with its caller's resources, which name it (and everything its caller
            // draws): only the names its content uses are followed.
            try visit(caller, depth: depth + 1, used: try names(in: content))
        }
        if let id {
            drawing.remove(id)
            done.insert(id)
        }
    }

    /// Notes the font `font` when its program is not in the file: a simple font's descriptor,
    /// or a composite font's descendant's, has no `/FontFile`, `/FontFile2` or `/FontFile3`
    /// (the standard 14 fonts may have no descriptor at all).
    private mutating func noteEmbedding(of font: qpdf_oh) {
        if let id = identity(of: font) {
            guard done.insert(id).inserted else { return }
        }
        var described = font
        if name(of: entry(font, "/Subtype")) == "/Type0" {
            let descendants = entry(font, "/DescendantFonts")
            if form.type(of: descendants) == ot_array, form.qpdf.ohGetArrayNItems(form.pdf, descendants) > 0 {
                described = form.qpdf.ohGetArrayItem(form.pdf, descendants, 0)
            }
        }
        let descriptor = entry(described, "/FontDescriptor")
        let embedded = ["/FontFile", "/FontFile2", "/FontFile3"].contains { form.type(of: entry(descriptor, $0)) == ot_stream }
        guard !embedded else { return }
        let baseFont = String(name(of: entry(font, "/BaseFont")).dropFirst())
        let shown = baseFont.isEmpty ? "without a name" : baseFont
        if !graph.fontsNotEmbedded.contains(shown) { graph.fontsNotEmbedded.append(shown) }
    }

    /// Every name the streams `content` write (`/X0`, its `#xx` escapes undone): those their
    /// operators use, and perhaps some bytes of a string or an inline image read as one.
    private func names(in content: [qpdf_oh]) throws -> Set<String> {
        var names: Set<String> = []
        for stream in content {
            let data = try form.rawData(of: stream, decoding: true)
            defer { free(data.baseAddress) }
            var index = 0
            while index < data.count {
                guard data[index] == UInt8(ascii: "/") else {
                    index += 1
                    continue
                }
                var name = [UInt8(ascii: "/")]
                index += 1
                while index < data.count, !Self.endsName(data[index]) {
                    if data[index] == UInt8(ascii: "#"), index + 2 < data.count,
                       let byte = UInt8(String(decoding: data[index + 1 ... index + 2], as: UTF8.self), radix: 16) {
                        name.append(byte)
                        index += 3
                    } else {
                        name.append(data[index])
                        index += 1
                    }
                }
                names.insert(String(decoding: name, as: UTF8.self))
            }
        }
        return names
    }

    /// White space and the delimiters, which end a name.
    private static let nameEnds = Set(" \t\r\n\u{0C}\u{00}()<>[]{}/%".utf8)

    private static func endsName(_ byte: UInt8) -> Bool {
        nameEnds.contains(byte)
    }

    /// The value of `key` in the dictionary `object`, or in a stream's dictionary.
    private func entry(_ object: qpdf_oh, _ key: String) -> qpdf_oh {
        let type = form.type(of: object)
        if type == ot_stream { return form.qpdf.ohGetKey(form.pdf, form.qpdf.ohGetDict(form.pdf, object), key) }
        return form.qpdf.ohGetKey(form.pdf, object, key)
    }

    /// The entries of the dictionary `object` (of its entry `key`, if given); none if it is not one.
    private func entries(_ object: qpdf_oh, _ key: String? = nil) -> [(key: String, value: qpdf_oh)] {
        let dictionary = key.map { entry(object, $0) } ?? object
        guard form.type(of: dictionary) == ot_dictionary else { return [] }
        return form.keys(of: dictionary).map { ($0, form.qpdf.ohGetKey(form.pdf, dictionary, $0)) }
    }

    private func name(of handle: qpdf_oh) -> String {
        form.type(of: handle) == ot_name ? String(decoding: form.unparsed(handle), as: UTF8.self) : ""
    }

    /// The object number of an indirect object; nil for a direct one, which cannot be reached
    /// again but through an indirect one holding it.
    private func identity(of handle: qpdf_oh) -> PDFPageForm.ObjectID? {
        guard form.qpdf.ohIsIndirect(form.pdf, handle) != QPDF_FALSE else { return nil }
        return PDFPageForm.ObjectID(number: form.qpdf.ohGetObjectID(form.pdf, handle), generation: form.qpdf.ohGetGeneration(form.pdf, handle))
    }
}
