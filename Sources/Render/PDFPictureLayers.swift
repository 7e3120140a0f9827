import CQPDF

/// The layers (optional content groups) of the PDF pictures placed in a document, kept with
/// the view their files open in: the copied forms keep their `/OC` entries and their `/OC`
/// marked content as the files wrote them (`PDFPageForm`), and the finished file's catalog
/// lists every copied group, those the picture's file shows by default on, the others off
/// (docs/pipeline.md, "A PDF picture's layers are kept, in the view its file opens in").
struct PDFPictureLayers {
    /// A group copied from a picture's file: its number in the finished file, and whether the
    /// file's default view shows it.
    struct Group {
        var number: Int
        var isShown: Bool
    }

    private(set) var groups: [Group] = []

    var isEmpty: Bool { groups.isEmpty }

    mutating func add(_ copied: [Group]) {
        groups += copied
    }

    /// The catalog's `/OCProperties`: every group, and one default configuration with the
    /// groups hidden off, a name, and every group in its order, as PDF/X-4 asks; no `/AS`, so
    /// that a press prints what a reader shows.
    var properties: PDFValue {
        let all = PDFValue.array(groups.map { .reference($0.number) })
        let view = PDFDictionary([("/Name", .string(Array("(Layers of the pictures)".utf8))),
                                  ("/BaseState", .name("/ON")),
                                  ("/OFF", .array(groups.filter { !$0.isShown }.map { .reference($0.number) })),
                                  ("/Order", all)])
        return .dictionary(PDFDictionary([("/OCGs", all), ("/D", .dictionary(view))]))
    }
}

extension PDFPageForm {
    /// The optional content groups the picture's file hides in the view it opens in (its
    /// catalog's `/OCProperties /D`): those in `/OFF`, or all but those in `/ON` when its base
    /// state is off. Empty for a file without layers.
    func groupsHiddenByDefault() -> Set<ObjectID> {
        let properties = qpdf.ohGetKey(pdf, qpdf.getRoot(pdf), "/OCProperties")
        let view = qpdf.ohGetKey(pdf, properties, "/D")
        guard type(of: view) == ot_dictionary else { return [] }
        guard String(decoding: unparsed(qpdf.ohGetKey(pdf, view, "/BaseState")), as: UTF8.self) == "/OFF" else {
            return groups(in: qpdf.ohGetKey(pdf, view, "/OFF"))
        }
        return groups(in: qpdf.ohGetKey(pdf, properties, "/OCGs")).subtracting(groups(in: qpdf.ohGetKey(pdf, view, "/ON")))
    }

    /// The objects the array `array` refers to; none if it is not an array.
    private func groups(in array: qpdf_oh) -> Set<ObjectID> {
        guard type(of: array) == ot_array else { return [] }
        let items = (0 ..< qpdf.ohGetArrayNItems(pdf, array)).map { qpdf.ohGetArrayItem(pdf, array, $0) }
        return Set(items.filter { qpdf.ohIsIndirect(pdf, $0) != QPDF_FALSE }.map {
            ObjectID(number: qpdf.ohGetObjectID(pdf, $0), generation: qpdf.ohGetGeneration(pdf, $0))
        })
    }
}
