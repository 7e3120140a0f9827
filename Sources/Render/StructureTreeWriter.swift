import CQPDF
import Layout

/// Writes a `StructureTree` into the PDF qpdf has open, in place of the tree Cairo wrote in
/// drawing order: the elements, a `/ParentTree` from each page's marked content and each link
/// annotation back to its element (with `/StructParents` and `/StructParent`), and in the
/// catalog `/MarkInfo`, `/Lang` and `/ViewerPreferences << /DisplayDocTitle true >>`.
///
/// Cairo's elements are no longer referenced once the catalog points to the new root, and
/// qpdf does not write objects nothing refers to.
struct StructureTreeWriter {
    let pdf: qpdf_data
    /// The heights of the pages' MediaBoxes, to turn a picture's device rectangle into PDF's
    /// coordinates (y up).
    let pageHeights: [Double]

    private var pages: [qpdf_oh] = []
    /// Each page's link annotations, in the order Cairo made them.
    private var linkAnnotations: [[qpdf_oh]] = []
    /// Each page's elements by MCID.
    private var parents: [[qpdf_oh?]] = []
    /// Each link annotation's element, by its `/StructParent` key (after the pages' keys).
    private var annotationParents: [qpdf_oh] = []
    /// The object numbers of Cairo's tree, given to the new one's objects (see `indirect(_:)`).
    private var reusable: [(id: Int32, generation: Int32)] = []

    init(pdf: qpdf_data, pageHeights: [Double]) {
        self.pdf = pdf
        self.pageHeights = pageHeights
    }

    /// Writes `tree`, whose marked content `record` describes, for a document in `language`.
    mutating func write(_ tree: StructureTree, record: StructureRecord, language: String) throws {
        let catalog = qpdf_get_root(pdf)
        pages = (0 ..< pageHeights.count).map { qpdf_get_page_n(pdf, $0) }
        try checkMarkedContent(record, catalog: catalog)
        reusable = cairoTreeObjects(catalog: catalog)
        linkAnnotations = pages.map(linkAnnotations(of:))
        parents = record.pages.map { [qpdf_oh?](repeating: nil, count: $0.count) }

        let root = indirect(qpdf_oh_new_dictionary(pdf))
        qpdf_oh_replace_key(pdf, root, "/Type", qpdf_oh_new_name(pdf, "/StructTreeRoot"))
        let document = try write(tree.root, parent: root)
        qpdf_oh_replace_key(pdf, root, "/K", document)

        let numbers = qpdf_oh_new_array(pdf)
        for (index, elements) in parents.enumerated() {
            let array = qpdf_oh_new_array(pdf)
            for element in elements { qpdf_oh_append_item(pdf, array, element ?? qpdf_oh_new_null(pdf)) }
            qpdf_oh_append_item(pdf, numbers, qpdf_oh_new_integer(pdf, Int64(index)))
            qpdf_oh_append_item(pdf, numbers, array)
            qpdf_oh_replace_key(pdf, pages[index], "/StructParents", qpdf_oh_new_integer(pdf, Int64(index)))
        }
        for (offset, element) in annotationParents.enumerated() {
            qpdf_oh_append_item(pdf, numbers, qpdf_oh_new_integer(pdf, Int64(pages.count + offset)))
            qpdf_oh_append_item(pdf, numbers, element)
        }
        let parentTree = qpdf_oh_new_dictionary(pdf)
        qpdf_oh_replace_key(pdf, parentTree, "/Nums", numbers)
        qpdf_oh_replace_key(pdf, root, "/ParentTree", indirect(parentTree))
        qpdf_oh_replace_key(pdf, root, "/ParentTreeNextKey", qpdf_oh_new_integer(pdf, Int64(pages.count + annotationParents.count)))

        qpdf_oh_replace_key(pdf, catalog, "/StructTreeRoot", root)
        qpdf_oh_replace_key(pdf, catalog, "/MarkInfo", qpdf_oh_parse(pdf, "<< /Marked true >>"))
        qpdf_oh_replace_key(pdf, catalog, "/Lang", qpdf_oh_new_unicode_string(pdf, language))
        let preferences = qpdf_oh_get_key(pdf, catalog, "/ViewerPreferences")
        if qpdf_oh_is_dictionary(pdf, preferences) != QPDF_FALSE {
            qpdf_oh_replace_key(pdf, preferences, "/DisplayDocTitle", qpdf_oh_new_bool(pdf, QPDF_TRUE))
        } else {
            qpdf_oh_replace_key(pdf, catalog, "/ViewerPreferences", qpdf_oh_parse(pdf, "<< /DisplayDocTitle true >>"))
        }
    }

    /// Writes `element` and its children under `parent`; returns its (indirect) object.
    private mutating func write(_ element: StructureElement, parent: qpdf_oh) throws -> qpdf_oh {
        let dictionary = qpdf_oh_new_dictionary(pdf)
        qpdf_oh_replace_key(pdf, dictionary, "/Type", qpdf_oh_new_name(pdf, "/StructElem"))
        qpdf_oh_replace_key(pdf, dictionary, "/S", qpdf_oh_new_name(pdf, "/" + element.role))
        qpdf_oh_replace_key(pdf, dictionary, "/P", parent)
        let page = element.firstPage
        if let page { qpdf_oh_replace_key(pdf, dictionary, "/Pg", pages[page]) }
        if let text = element.alternativeText { qpdf_oh_replace_key(pdf, dictionary, "/Alt", qpdf_oh_new_unicode_string(pdf, text)) }
        if let language = element.language { qpdf_oh_replace_key(pdf, dictionary, "/Lang", qpdf_oh_new_unicode_string(pdf, language)) }
        if let bounds = element.bounds { qpdf_oh_replace_key(pdf, dictionary, "/A", layoutAttributes(bounds)) }
        let handle = indirect(dictionary)
        qpdf_oh_release(pdf, dictionary)
        let kids = qpdf_oh_new_array(pdf)
        for kid in element.kids {
            switch kid {
            case .content(let kidPage, let mcid):
                parents[kidPage][mcid] = handle
                if kidPage == page {
                    append(qpdf_oh_new_integer(pdf, Int64(mcid)), to: kids)
                } else {
                    let reference = qpdf_oh_new_dictionary(pdf)
                    qpdf_oh_replace_key(pdf, reference, "/Type", qpdf_oh_new_name(pdf, "/MCR"))
                    qpdf_oh_replace_key(pdf, reference, "/Pg", pages[kidPage])
                    qpdf_oh_replace_key(pdf, reference, "/MCID", qpdf_oh_new_integer(pdf, Int64(mcid)))
                    append(reference, to: kids)
                }
            case .element(let child):
                // Kept: the parent tree refers to it.
                qpdf_oh_append_item(pdf, kids, try write(child, parent: handle))
            case .annotation(let kidPage, let index):
                guard linkAnnotations[kidPage].indices.contains(index) else {
                    throw FinishingError("page \(kidPage + 1) has \(linkAnnotations[kidPage].count) link annotations, not the \(index + 1) drawn")
                }
                let annotation = linkAnnotations[kidPage][index]
                qpdf_oh_replace_key(pdf, annotation, "/StructParent", qpdf_oh_new_integer(pdf, Int64(pages.count + annotationParents.count)))
                annotationParents.append(handle)
                let reference = qpdf_oh_new_dictionary(pdf)
                qpdf_oh_replace_key(pdf, reference, "/Type", qpdf_oh_new_name(pdf, "/OBJR"))
                qpdf_oh_replace_key(pdf, reference, "/Pg", pages[kidPage])
                qpdf_oh_replace_key(pdf, reference, "/Obj", annotation)
                append(reference, to: kids)
            }
        }
        qpdf_oh_replace_key(pdf, handle, "/K", kids)
        qpdf_oh_release(pdf, kids)
        return handle
    }

    /// `object` made an indirect object, under a number of Cairo's tree while one is left.
    ///
    /// qpdf 11's first new object number makes it read and keep every object of the file
    /// (`QPDF::fixDanglingReferences`), Cairo's whole tree included: for the KJV book that
    /// is some 270 MB and 3 s. Objects put in place of Cairo's (`qpdf_replace_object`) are
    /// not read, and the numbers left over are written by no one.
    private mutating func indirect(_ object: qpdf_oh) -> qpdf_oh {
        guard let number = reusable.popLast() else { return qpdf_make_indirect_object(pdf, object) }
        qpdf_replace_object(pdf, number.id, number.generation, object)
        return qpdf_get_object_by_id(pdf, number.id, number.generation)
    }

    /// The numbers of the objects of Cairo's structure tree: its root, its parent tree, and
    /// every element its parent tree names (read as references, not resolved).
    private func cairoTreeObjects(catalog: qpdf_oh) -> [(id: Int32, generation: Int32)] {
        var seen = Set<Int64>()
        var numbers: [(id: Int32, generation: Int32)] = []
        func keep(_ object: qpdf_oh) {
            guard qpdf_oh_is_indirect(pdf, object) != QPDF_FALSE else { return }
            let id = qpdf_oh_get_object_id(pdf, object), generation = qpdf_oh_get_generation(pdf, object)
            if seen.insert(Int64(id) << 16 | Int64(generation)).inserted { numbers.append((id, generation)) }
        }
        let root = qpdf_oh_get_key(pdf, catalog, "/StructTreeRoot")
        keep(root)
        let parentTree = qpdf_oh_get_key(pdf, root, "/ParentTree")
        keep(parentTree)
        let numbersArray = qpdf_oh_get_key(pdf, parentTree, "/Nums")
        guard qpdf_oh_is_array(pdf, numbersArray) != QPDF_FALSE else { return numbers }
        for index in 0 ..< qpdf_oh_get_array_n_items(pdf, numbersArray) {
            let value = qpdf_oh_get_array_item(pdf, numbersArray, index)
            if qpdf_oh_is_array(pdf, value) != QPDF_FALSE {
                for item in 0 ..< qpdf_oh_get_array_n_items(pdf, value) { keep(qpdf_oh_get_array_item(pdf, value, item)) }
            } else {
                keep(value)
            }
        }
        return numbers.reversed()
    }

    private func append(_ item: qpdf_oh, to array: qpdf_oh) {
        qpdf_oh_append_item(pdf, array, item)
        qpdf_oh_release(pdf, item)
    }

    /// `<< /O /Layout /BBox [left bottom right top] >>` in the page's default coordinates.
    private func layoutAttributes(_ bounds: (page: Int, rect: Rect)) -> qpdf_oh {
        let height = pageHeights[bounds.page]
        let rect = bounds.rect
        let numbers = [rect.minX, height - rect.maxY, rect.maxX, height - rect.minY].map { String(format: "%.3f", $0) }
        return qpdf_oh_parse(pdf, "<< /O /Layout /BBox [\(numbers.joined(separator: " "))] >>")
    }

    /// The page's `/Link` annotations in order.
    private func linkAnnotations(of page: qpdf_oh) -> [qpdf_oh] {
        let annotations = qpdf_oh_get_key(pdf, page, "/Annots")
        guard qpdf_oh_is_array(pdf, annotations) != QPDF_FALSE else { return [] }
        return (0 ..< qpdf_oh_get_array_n_items(pdf, annotations)).compactMap { index in
            let annotation = qpdf_oh_get_array_item(pdf, annotations, index)
            return qpdf_oh_is_name_and_equals(pdf, qpdf_oh_get_key(pdf, annotation, "/Subtype"), "/Link") != QPDF_FALSE
                ? annotation : nil
        }
    }

    /// Each page must hold as many marked sequences as were recorded for it, or the MCIDs would
    /// name the wrong pieces: Cairo's parent tree has one entry per MCID of a page.
    private func checkMarkedContent(_ record: StructureRecord, catalog: qpdf_oh) throws {
        guard record.pages.count == pages.count else {
            throw FinishingError("structure recorded for \(record.pages.count) pages, not the \(pages.count) drawn")
        }
        let numbers = qpdf_oh_get_key(pdf, qpdf_oh_get_key(pdf, qpdf_oh_get_key(pdf, catalog, "/StructTreeRoot"), "/ParentTree"), "/Nums")
        var counts: [Int: Int] = [:]
        if qpdf_oh_is_array(pdf, numbers) != QPDF_FALSE {
            let count = qpdf_oh_get_array_n_items(pdf, numbers)
            for index in stride(from: 0, to: count - 1, by: 2) {
                let value = qpdf_oh_get_array_item(pdf, numbers, index + 1)
                if qpdf_oh_is_array(pdf, value) != QPDF_FALSE {
                    counts[Int(qpdf_oh_get_int_value(pdf, qpdf_oh_get_array_item(pdf, numbers, index)))] = Int(qpdf_oh_get_array_n_items(pdf, value))
                }
            }
        }
        for (index, page) in pages.enumerated() {
            let key = qpdf_oh_get_key(pdf, page, "/StructParents")
            let drawn = qpdf_oh_is_integer(pdf, key) != QPDF_FALSE ? counts[Int(qpdf_oh_get_int_value(pdf, key))] ?? 0 : 0
            guard drawn == record.pages[index].count else {
                throw FinishingError("page \(index + 1) has \(drawn) marked-content sequences, not the \(record.pages[index].count) recorded")
            }
        }
    }
}
