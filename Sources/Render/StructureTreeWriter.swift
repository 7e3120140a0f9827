import CQPDF
import Layout

/// Writes a `StructureTree` in place of the tree Cairo wrote in drawing order: the elements,
/// a `/ParentTree` from each page's marked content and each link annotation back to its
/// element (with `/StructParents` and `/StructParent`), and in the catalog `/MarkInfo`,
/// `/Lang` and `/ViewerPreferences << /DisplayDocTitle true >>`.
///
/// It works in two steps around qpdf's writing of the file. `prepare` changes the draft qpdf
/// has open: the keys that lead to the tree, on the catalog, the pages and the annotations,
/// and Cairo's tree taken out. `append` then writes the elements and the parent tree after
/// the file qpdf wrote, as an incremental update (`PDFIncrementalUpdate`): a book has tens of
/// thousands of elements, which as qpdf's objects would cost qpdf more than the rest of the
/// file together, in time and in memory.
///
/// Elements are as small as the standard allows: no optional `/Type`, a lone kid without an
/// array, `/Pg` only where the element holds marked content itself.
struct StructureTreeWriter {
    /// The heights of the pages' MediaBoxes, to turn a picture's device rectangle into PDF's
    /// coordinates (y up).
    let pageHeights: [Double]
    let language: String
    /// The tree's elements in the order they are written (each before its children), with
    /// the index of their parent; the root's parent is nil (the structure tree root).
    private var elements: [(element: StructureElement, parent: Int?)] = []
    private var indexes: [ObjectIdentifier: Int] = [:]
    /// The link annotations the tree reaches, in the order of their `/StructParent` keys
    /// (which follow the pages' keys): the page, the annotation's index among its links, and
    /// its element's index.
    private var annotations: [(page: Int, index: Int, element: Int)] = []
    /// How many marked sequences each page has: its array's length in the parent tree.
    private let markedSequences: [Int]
    /// How many of them Cairo wrote (the first ones; the rest are in the text layer's stream).
    private let cairoSequences: [Int]

    /// A writer of `tree`, built from `record`, for a document in `language`.
    init(_ tree: StructureTree, record: StructureRecord, pageHeights: [Double], language: String) {
        self.pageHeights = pageHeights
        self.language = language
        markedSequences = record.pages.map(\.count)
        cairoSequences = record.drawnByCairo
        add(tree.root, parent: nil)
    }

    /// Adds `element`, then its children, each with theirs (depth first).
    private mutating func add(_ element: StructureElement, parent: Int?) {
        let index = elements.count
        elements.append((element, parent))
        indexes[ObjectIdentifier(element)] = index
        for kid in element.kids {
            switch kid {
            case .annotation(let page, let annotation): annotations.append((page, annotation, index))
            case .element(let child): add(child, parent: index)
            case .content: break
            }
        }
    }

    // MARK: Before qpdf writes the file

    /// Readies the draft qpdf has open for the tree: checks that the draft holds the marked
    /// content the tree was built from, points the catalog to a stand-in for the
    /// tree's root (the object of Cairo's root, which `append` replaces) and leaves out the
    /// rest of Cairo's tree, and gives each page and each link annotation its key in the
    /// parent tree.
    func prepare(in pdf: qpdf_data) throws {
        let catalog = qpdf_get_root(pdf)
        let pages = (0 ..< pageHeights.count).map { qpdf_get_page_n(pdf, $0) }
        try checkMarkedContent(catalog: catalog, pages: pages, in: pdf)
        let cairoTree = cairoTreeObjects(catalog: catalog, in: pdf)
        let links = try pages.map { try Self.linkAnnotations(of: $0, in: pdf) }
        for (key, page) in pages.enumerated() { qpdf_oh_replace_key(pdf, page, "/StructParents", qpdf_oh_new_integer(pdf, Int64(key))) }
        for (offset, annotation) in annotations.enumerated() {
            guard links[annotation.page].indices.contains(annotation.index) else {
                throw FinishingError("page \(annotation.page + 1) has \(links[annotation.page].count) link annotations, not the \(annotation.index + 1) drawn")
            }
            qpdf_oh_replace_key(pdf, links[annotation.page][annotation.index].handle(in: pdf), "/StructParent",
                                qpdf_oh_new_integer(pdf, Int64(pages.count + offset)))
        }
        qpdf_oh_release_all(pdf)

        let catalogAgain = qpdf_get_root(pdf)
        let standIn = qpdf_oh_parse(pdf, "<< /Type /StructTreeRoot >>")
        if let root = cairoTree.first {
            // Cairo's other objects go: a new object made later (running heads, PDF/X's output
            // intent) has qpdf 11 read every object of the file first (`fixDanglingReferences`),
            // Cairo's whole tree included, some 270 MB and 3 s for the KJV book. An object put
            // in place of one is not read. (A null made for each: the value given to
            // qpdf_replace_object becomes that object.)
            for number in cairoTree.dropFirst() { qpdf_replace_object(pdf, number.id, number.generation, qpdf_oh_new_null(pdf)) }
            qpdf_replace_object(pdf, root.id, root.generation, standIn)
        } else {
            // Nothing drawn was marked (a document without text): Cairo wrote no tree, and
            // a new object costs qpdf nothing to speak of.
            qpdf_oh_replace_key(pdf, catalogAgain, "/StructTreeRoot", qpdf_make_indirect_object(pdf, standIn))
        }
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

    /// The page's `/Link` annotations in order.
    static func linkAnnotations(of page: qpdf_oh, in pdf: qpdf_data) throws -> [QPDFObjectNumber] {
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

    /// The numbers of the objects of Cairo's structure tree, its root first: its parent tree, its
    /// pages' arrays, and every element its parent tree names (read as references, not resolved).
    private func cairoTreeObjects(catalog: qpdf_oh, in pdf: qpdf_data) -> [QPDFObjectNumber] {
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
        return numbers
    }

    /// Each page must hold as many marked sequences of Cairo's as were recorded for it, or the
    /// MCIDs would name the wrong pieces: Cairo's parent tree has one entry per MCID of a page.
    private func checkMarkedContent(catalog: qpdf_oh, pages: [qpdf_oh], in pdf: qpdf_data) throws {
        guard cairoSequences.count == pages.count else {
            throw FinishingError("structure recorded for \(markedSequences.count) pages, not the \(pages.count) drawn")
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
            guard drawn == cairoSequences[index] else {
                throw FinishingError("page \(index + 1) has \(drawn) marked-content sequences, not the \(cairoSequences[index]) recorded")
            }
        }
    }

    // MARK: After qpdf has written the file

    /// Writes the tree after the file qpdf wrote at `path`, its root in the stand-in's place.
    func append(to path: String) throws {
        let written = try WrittenPDF(path: path)
        guard written.pages.count == pageHeights.count else {
            throw FinishingError("the PDF has \(written.pages.count) pages, not the \(pageHeights.count) drawn")
        }
        var update = PDFIncrementalUpdate(trailer: written.trailer)
        let numbers = elements.map { _ in update.reserve() }
        let parentTree = update.reserve()
        var parents = markedSequences.map { [Int?](repeating: nil, count: $0) }
        for (index, entry) in elements.enumerated() {
            let parent = entry.parent.map { numbers[$0] } ?? written.structureTreeRoot
            update.set(numbers[index], try text(of: entry.element, parent: parent, numbers: numbers, in: written, parents: &parents, as: numbers[index]))
        }
        var root = PDFObjectText()
        root.raw("<< /Type /StructTreeRoot /RoleMap <<")
        for (role, standard) in StructureTree.roleMap.sorted(by: { $0.key < $1.key }) {
            root.name("/" + role)
            root.name("/" + standard)
        }
        root.raw(" >> /K")
        root.reference(numbers[0])
        root.raw(" /ParentTree")
        root.reference(parentTree)
        root.raw(" /ParentTreeNextKey")
        root.integer(pageHeights.count + annotations.count)
        root.raw(" >>")
        update.set(written.structureTreeRoot, root)
        update.set(parentTree, parentTreeText(parents, numbers: numbers))
        try update.append(to: path)
    }

    /// `element`'s dictionary, the object `number` under `parent`; records which element each
    /// of its marked sequences belongs to in `parents` (page by page, by MCID).
    private func text(of element: StructureElement, parent: Int, numbers: [Int], in written: WrittenPDF,
                      parents: inout [[Int?]], as number: Int) throws -> PDFObjectText {
        var text = PDFObjectText()
        text.raw("<< /S")
        text.name("/" + element.role)
        text.raw(" /P")
        text.reference(parent)
        // `/Pg` is the page of the element's own marked content: an MCID on another is an `/MCR`.
        let page = element.kids.lazy.compactMap { if case .content(let page, _) = $0 { return page } else { return nil } }.first
        if let page {
            text.raw(" /Pg")
            text.reference(written.pages[page])
        }
        if let alternativeText = element.alternativeText {
            text.raw(" /Alt")
            text.textString(alternativeText)
        }
        if let language = element.language {
            text.raw(" /Lang")
            text.textString(language)
        }
        if let bounds = element.bounds {
            // `<< /O /Layout /BBox [left bottom right top] >>` in the page's default coordinates.
            let height = pageHeights[bounds.page], rect = bounds.rect
            text.raw(" /A << /O /Layout /BBox [")
            for value in [rect.minX, height - rect.maxY, rect.maxX, height - rect.minY] { text.real(value) }
            text.raw("] >>")
        }
        var kids = PDFObjectText()
        for kid in element.kids {
            switch kid {
            case .content(let kidPage, let mcid):
                parents[kidPage][mcid] = number
                if kidPage == page {
                    kids.integer(mcid)
                } else {
                    kids.raw(" << /Type /MCR /Pg")
                    kids.reference(written.pages[kidPage])
                    kids.raw(" /MCID")
                    kids.integer(mcid)
                    kids.raw(" >>")
                }
            case .element(let child):
                kids.reference(numbers[indexes[ObjectIdentifier(child)]!])
            case .annotation(let kidPage, let index):
                guard written.linkAnnotations[kidPage].indices.contains(index) else {
                    throw FinishingError("page \(kidPage + 1) has \(written.linkAnnotations[kidPage].count) link annotations, not the \(index + 1) drawn")
                }
                kids.raw(" << /Type /OBJR /Pg")
                kids.reference(written.pages[kidPage])
                kids.raw(" /Obj")
                kids.reference(written.linkAnnotations[kidPage][index])
                kids.raw(" >>")
            }
        }
        if element.kids.count == 1 {
            text.raw(" /K ")
            text.append(kids)
        } else if !element.kids.isEmpty {
            text.raw(" /K [")
            text.append(kids)
            text.raw(" ]")
        }
        text.raw(" >>")
        return text
    }

    /// The parent tree: each page's elements by MCID, then each link annotation's element.
    private func parentTreeText(_ parents: [[Int?]], numbers: [Int]) -> PDFObjectText {
        var text = PDFObjectText()
        text.raw("<< /Nums [")
        for (key, elements) in parents.enumerated() {
            text.integer(key)
            text.raw(" [")
            for element in elements {
                if let element { text.reference(element) } else { text.raw(" null") }
            }
            text.raw(" ]")
        }
        for (offset, annotation) in annotations.enumerated() {
            text.integer(pageHeights.count + offset)
            text.reference(numbers[annotation.element])
        }
        text.raw(" ] >>")
        return text
    }
}
