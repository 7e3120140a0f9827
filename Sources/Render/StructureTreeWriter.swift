import CQPDF
import Layout

/// Writes a `StructureTree` into the PDF qpdf has open, in place of the tree Cairo wrote in
/// drawing order: the elements, a `/ParentTree` from each page's marked content and each link
/// annotation back to its element (with `/StructParents` and `/StructParent`), and in the
/// catalog `/MarkInfo`, `/Lang` and `/ViewerPreferences << /DisplayDocTitle true >>`.
///
/// Cairo's elements are no longer referenced once the catalog points to the new root, and
/// qpdf does not write objects nothing refers to.
///
/// A book has tens of thousands of elements, and qpdf keeps every one until the file is
/// written: each is made as small as the standard allows (no optional `/Type`, a lone kid
/// without an array, `/Pg` only where the element holds marked content itself), and objects
/// are remembered by number, their handles released as each element is written.
struct StructureTreeWriter {
    let pdf: qpdf_data
    /// The heights of the pages' MediaBoxes, to turn a picture's device rectangle into PDF's
    /// coordinates (y up).
    let pageHeights: [Double]

    private var pages: [QPDFObjectNumber] = []
    /// Each page's link annotations, in the order Cairo made them.
    private var linkAnnotations: [[QPDFObjectNumber]] = []
    /// Each page's elements by MCID.
    private var parents: [[QPDFObjectNumber?]] = []
    /// Each link annotation's element, by its `/StructParent` key (after the pages' keys).
    private var annotationParents: [QPDFObjectNumber] = []
    /// The object numbers of Cairo's tree, given to the new one's objects (see `newNumber()`).
    private var reusable: [QPDFObjectNumber] = []
    /// Direct values many elements share, made once (`/P` as a name, MCIDs below a page's
    /// usual count): an element holds the same value rather than a copy of its own, some
    /// hundreds of bytes less in qpdf for each.
    private var roleNames: [String: qpdf_oh] = [:]
    private var smallIntegers: [qpdf_oh] = []

    init(pdf: qpdf_data, pageHeights: [Double]) {
        self.pdf = pdf
        self.pageHeights = pageHeights
    }

    /// Writes `tree`, whose marked content `record` describes, for a document in `language`.
    mutating func write(_ tree: StructureTree, record: StructureRecord, language: String) throws {
        let catalog = qpdf_get_root(pdf)
        let pageHandles = (0 ..< pageHeights.count).map { qpdf_get_page_n(pdf, $0) }
        pages = try pageHandles.enumerated().map { index, page in
            guard let number = QPDFObjectNumber(page, in: pdf) else { throw FinishingError("page \(index + 1) is not an indirect object") }
            return number
        }
        try checkMarkedContent(record, catalog: catalog, pages: pageHandles)
        reusable = cairoTreeObjects(catalog: catalog)
        linkAnnotations = try pageHandles.map(linkAnnotations(of:))
        parents = record.pages.map { [QPDFObjectNumber?](repeating: nil, count: $0.count) }
        qpdf_oh_release_all(pdf)

        let root = newNumber(), parentTree = newNumber(), document = newNumber()
        try write(tree.root, as: document, parent: root)
        writeParentTree(parentTree)

        let rootDictionary = qpdf_oh_new_dictionary(pdf)
        qpdf_oh_replace_key(pdf, rootDictionary, "/Type", qpdf_oh_new_name(pdf, "/StructTreeRoot"))
        let roles = qpdf_oh_new_dictionary(pdf)
        for (role, standard) in StructureTree.roleMap { qpdf_oh_replace_key(pdf, roles, "/" + role, qpdf_oh_new_name(pdf, "/" + standard)) }
        qpdf_oh_replace_key(pdf, rootDictionary, "/RoleMap", roles)
        qpdf_oh_replace_key(pdf, rootDictionary, "/K", document.handle(in: pdf))
        qpdf_oh_replace_key(pdf, rootDictionary, "/ParentTree", parentTree.handle(in: pdf))
        qpdf_oh_replace_key(pdf, rootDictionary, "/ParentTreeNextKey", qpdf_oh_new_integer(pdf, Int64(pages.count + annotationParents.count)))
        qpdf_replace_object(pdf, root.id, root.generation, rootDictionary)

        // Taken again: the handle above went with the others.
        let catalogAgain = qpdf_get_root(pdf)
        qpdf_oh_replace_key(pdf, catalogAgain, "/StructTreeRoot", root.handle(in: pdf))
        qpdf_oh_replace_key(pdf, catalogAgain, "/MarkInfo", qpdf_oh_parse(pdf, "<< /Marked true >>"))
        qpdf_oh_replace_key(pdf, catalogAgain, "/Lang", qpdf_oh_new_unicode_string(pdf, language))
        let preferences = qpdf_oh_get_key(pdf, catalogAgain, "/ViewerPreferences")
        if qpdf_oh_is_dictionary(pdf, preferences) != QPDF_FALSE {
            qpdf_oh_replace_key(pdf, preferences, "/DisplayDocTitle", qpdf_oh_new_bool(pdf, QPDF_TRUE))
        } else {
            qpdf_oh_replace_key(pdf, catalogAgain, "/ViewerPreferences", qpdf_oh_parse(pdf, "<< /DisplayDocTitle true >>"))
        }
        qpdf_oh_release_all(pdf)
    }

    /// Writes `element` as the object `number` under `parent`, then its children (the numbers
    /// of its child elements are taken as its `/K` is written).
    private mutating func write(_ element: StructureElement, as number: QPDFObjectNumber, parent: QPDFObjectNumber) throws {
        // The handles made here are released when the element is written; the shared values stay.
        var handles: [qpdf_oh] = []
        func made(_ handle: qpdf_oh) -> qpdf_oh {
            handles.append(handle)
            return handle
        }
        let dictionary = made(qpdf_oh_new_dictionary(pdf))
        qpdf_oh_replace_key(pdf, dictionary, "/S", roleName(element.role))
        qpdf_oh_replace_key(pdf, dictionary, "/P", made(parent.handle(in: pdf)))
        // `/Pg` is the page of the element's own marked content: an MCID on another is an `/MCR`.
        let page = element.kids.lazy.compactMap { if case .content(let page, _) = $0 { return page } else { return nil } }.first
        if let page { qpdf_oh_replace_key(pdf, dictionary, "/Pg", made(pages[page].handle(in: pdf))) }
        if let text = element.alternativeText { qpdf_oh_replace_key(pdf, dictionary, "/Alt", made(qpdf_oh_new_unicode_string(pdf, text))) }
        if let language = element.language { qpdf_oh_replace_key(pdf, dictionary, "/Lang", made(qpdf_oh_new_unicode_string(pdf, language))) }
        if let bounds = element.bounds { qpdf_oh_replace_key(pdf, dictionary, "/A", made(layoutAttributes(bounds))) }
        var children: [(element: StructureElement, number: QPDFObjectNumber)] = []
        var kids: [qpdf_oh] = []
        kids.reserveCapacity(element.kids.count)
        for kid in element.kids {
            switch kid {
            case .content(let kidPage, let mcid):
                parents[kidPage][mcid] = number
                if kidPage == page {
                    kids.append(integer(mcid))
                } else {
                    let reference = made(qpdf_oh_new_dictionary(pdf))
                    qpdf_oh_replace_key(pdf, reference, "/Type", roleName("MCR"))
                    qpdf_oh_replace_key(pdf, reference, "/Pg", made(pages[kidPage].handle(in: pdf)))
                    qpdf_oh_replace_key(pdf, reference, "/MCID", integer(mcid))
                    kids.append(reference)
                }
            case .element(let child):
                let childNumber = newNumber()
                children.append((child, childNumber))
                kids.append(made(childNumber.handle(in: pdf)))
            case .annotation(let kidPage, let index):
                guard linkAnnotations[kidPage].indices.contains(index) else {
                    throw FinishingError("page \(kidPage + 1) has \(linkAnnotations[kidPage].count) link annotations, not the \(index + 1) drawn")
                }
                let annotation = made(linkAnnotations[kidPage][index].handle(in: pdf))
                qpdf_oh_replace_key(pdf, annotation, "/StructParent", made(qpdf_oh_new_integer(pdf, Int64(pages.count + annotationParents.count))))
                annotationParents.append(number)
                let reference = made(qpdf_oh_new_dictionary(pdf))
                qpdf_oh_replace_key(pdf, reference, "/Type", roleName("OBJR"))
                qpdf_oh_replace_key(pdf, reference, "/Pg", made(pages[kidPage].handle(in: pdf)))
                qpdf_oh_replace_key(pdf, reference, "/Obj", annotation)
                kids.append(reference)
            }
        }
        if kids.count == 1 {
            qpdf_oh_replace_key(pdf, dictionary, "/K", kids[0])
        } else if !kids.isEmpty {
            qpdf_oh_replace_key(pdf, dictionary, "/K", made(QPDFObjects.array(kids, in: pdf)))
        }
        qpdf_replace_object(pdf, number.id, number.generation, dictionary)
        for handle in handles { qpdf_oh_release(pdf, handle) }
        for child in children { try write(child.element, as: child.number, parent: number) }
    }

    /// The name `/role`, one direct object shared by every element of that type.
    private mutating func roleName(_ role: String) -> qpdf_oh {
        if let name = roleNames[role] { return name }
        let name = qpdf_oh_new_name(pdf, "/" + role)
        roleNames[role] = name
        return name
    }

    /// `value` as a direct integer, shared by every use of it below 256 (a larger one, rare
    /// as an MCID, is a handle of its own until the tree is written).
    private mutating func integer(_ value: Int) -> qpdf_oh {
        guard value < 256 else { return qpdf_oh_new_integer(pdf, Int64(value)) }
        while smallIntegers.count <= value { smallIntegers.append(qpdf_oh_new_integer(pdf, Int64(smallIntegers.count))) }
        return smallIntegers[value]
    }

    /// The parent tree as the object `number`: each page's elements by MCID, then each link
    /// annotation's element; each page gets its `/StructParents` key.
    private func writeParentTree(_ number: QPDFObjectNumber) {
        let numbers = qpdf_oh_new_array(pdf)
        for (index, elements) in parents.enumerated() {
            // This page's handles are released once its entry is made; the objects stay in `numbers`.
            var handles: [qpdf_oh] = []
            func made(_ handle: qpdf_oh) -> qpdf_oh {
                handles.append(handle)
                return handle
            }
            let array = made(qpdf_oh_new_array(pdf))
            for element in elements { qpdf_oh_append_item(pdf, array, made(element?.handle(in: pdf) ?? qpdf_oh_new_null(pdf))) }
            qpdf_oh_append_item(pdf, numbers, made(qpdf_oh_new_integer(pdf, Int64(index))))
            qpdf_oh_append_item(pdf, numbers, array)
            qpdf_oh_replace_key(pdf, made(pages[index].handle(in: pdf)), "/StructParents", made(qpdf_oh_new_integer(pdf, Int64(index))))
            for handle in handles { qpdf_oh_release(pdf, handle) }
        }
        for (offset, element) in annotationParents.enumerated() {
            qpdf_oh_append_item(pdf, numbers, qpdf_oh_new_integer(pdf, Int64(pages.count + offset)))
            qpdf_oh_append_item(pdf, numbers, element.handle(in: pdf))
        }
        let parentTree = qpdf_oh_new_dictionary(pdf)
        qpdf_oh_replace_key(pdf, parentTree, "/Nums", numbers)
        qpdf_replace_object(pdf, number.id, number.generation, parentTree)
        qpdf_oh_release_all(pdf)
    }

    /// A number for a new object: one of Cairo's tree while one is left.
    ///
    /// qpdf 11's first new object number makes it read and keep every object of the file
    /// (`QPDF::fixDanglingReferences`), Cairo's whole tree included: for the KJV book that
    /// is some 270 MB and 3 s. Objects put in place of Cairo's (`qpdf_replace_object`) are
    /// not read, and the numbers left over are written by no one.
    private mutating func newNumber() -> QPDFObjectNumber {
        if let number = reusable.popLast() { return number }
        let made = qpdf_make_indirect_object(pdf, qpdf_oh_new_null(pdf))
        defer { qpdf_oh_release(pdf, made) }
        return QPDFObjectNumber(made, in: pdf)!
    }

    /// The numbers of the objects of Cairo's structure tree: its root, its parent tree, its
    /// pages' arrays, and every element its parent tree names (read as references, not resolved).
    private func cairoTreeObjects(catalog: qpdf_oh) -> [QPDFObjectNumber] {
        var seen = Set<QPDFObjectNumber>()
        var numbers: [QPDFObjectNumber] = []
        func keep(_ object: qpdf_oh) {
            if let number = QPDFObjectNumber(object, in: pdf), seen.insert(number).inserted { numbers.append(number) }
        }
        let root = qpdf_oh_get_key(pdf, catalog, "/StructTreeRoot")
        keep(root)
        let parentTree = qpdf_oh_get_key(pdf, root, "/ParentTree")
        keep(parentTree)
        let numbersArray = qpdf_oh_get_key(pdf, parentTree, "/Nums")
        guard qpdf_oh_is_array(pdf, numbersArray) != QPDF_FALSE else { return numbers }
        for index in 0 ..< qpdf_oh_get_array_n_items(pdf, numbersArray) {
            let value = qpdf_oh_get_array_item(pdf, numbersArray, index)
            // A page's array is an object of its own: given a new object, its parsed
            // references are not kept in qpdf's memory until the end.
            keep(value)
            if qpdf_oh_is_array(pdf, value) != QPDF_FALSE {
                for item in 0 ..< qpdf_oh_get_array_n_items(pdf, value) { keep(qpdf_oh_get_array_item(pdf, value, item)) }
            }
        }
        return numbers.reversed()
    }

    /// `<< /O /Layout /BBox [left bottom right top] >>` in the page's default coordinates.
    private func layoutAttributes(_ bounds: (page: Int, rect: Rect)) -> qpdf_oh {
        let height = pageHeights[bounds.page]
        let rect = bounds.rect
        let numbers = [rect.minX, height - rect.maxY, rect.maxX, height - rect.minY].map { String(format: "%.3f", $0) }
        return qpdf_oh_parse(pdf, "<< /O /Layout /BBox [\(numbers.joined(separator: " "))] >>")
    }

    /// The page's `/Link` annotations in order.
    private func linkAnnotations(of page: qpdf_oh) throws -> [QPDFObjectNumber] {
        let annotations = qpdf_oh_get_key(pdf, page, "/Annots")
        guard qpdf_oh_is_array(pdf, annotations) != QPDF_FALSE else { return [] }
        return try (0 ..< qpdf_oh_get_array_n_items(pdf, annotations)).compactMap { index in
            let annotation = qpdf_oh_get_array_item(pdf, annotations, index)
            guard qpdf_oh_is_name_and_equals(pdf, qpdf_oh_get_key(pdf, annotation, "/Subtype"), "/Link") != QPDF_FALSE else { return nil }
            // An `/OBJR` refers to its annotation, which must therefore be an object of its own.
            guard let number = QPDFObjectNumber(annotation, in: pdf) else { throw FinishingError("a link annotation is not an indirect object") }
            return number
        }
    }

    /// Each page must hold as many marked sequences as were recorded for it, or the MCIDs would
    /// name the wrong pieces: Cairo's parent tree has one entry per MCID of a page.
    private func checkMarkedContent(_ record: StructureRecord, catalog: qpdf_oh, pages: [qpdf_oh]) throws {
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
