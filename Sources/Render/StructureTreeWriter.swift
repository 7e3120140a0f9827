import Layout

/// Writes a `StructureTree` in place of the tree Cairo wrote in drawing order: the elements,
/// a `/ParentTree` from each page's marked content and each link annotation back to its
/// element (with `/StructParents` and `/StructParent`), and in the catalog `/MarkInfo`,
/// `/Lang` and `/ViewerPreferences << /DisplayDocTitle true >>`.
///
/// The finishing step (`PDFFinisher`) leaves Cairo's tree out as it copies the draft, gives the
/// catalog, the pages and the link annotations the keys this says, and writes the elements
/// and the parent tree (`write`) straight into object streams: a book has tens of thousands
/// of elements, written as text, a few hundred instructions and no memory each once written.
///
/// Elements are as small as the standard allows: no optional `/Type`, a lone kid without an
/// array, `/Pg` only where the element holds marked content itself.
struct StructureTreeWriter {
    /// The heights of the pages' MediaBoxes, to turn a picture's device rectangle into PDF's
    /// coordinates (y up).
    let pageHeights: [Double]
    let language: String
    /// The tree's root element. Its elements are written each before its children, their
    /// places in that order kept in the elements (`writingOrder`).
    private let root: StructureElement
    /// How many elements the tree has.
    private var elementCount = 0
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
        root = tree.root
        add(tree.root)
    }

    /// Gives `element` its place in the writing order, then its children theirs, each with
    /// theirs (depth first).
    private mutating func add(_ element: StructureElement) {
        let index = elementCount
        element.writingOrder = Int32(index)
        elementCount += 1
        for kid in element.kids {
            switch kid {
            case .annotation(let page, let annotation): annotations.append((Int(page), Int(annotation), index))
            case .element(let child): add(child)
            case .content: break
            }
        }
    }

    /// How many marked sequences of each page Cairo drew, which its draft's parent tree must hold.
    var sequencesDrawnByCairo: [Int] { cairoSequences }

    /// Each link annotation the tree reaches: its page, its index among the page's links, and
    /// its key in the parent tree (after the pages' keys, which are their indexes).
    var annotationKeys: [(page: Int, index: Int, key: Int)] {
        annotations.enumerated().map { ($1.page, $1.index, pageHeights.count + $0) }
    }

    // MARK: The draft's keys

    /// Checks that the draft holds the marked content the tree was built from: each page must
    /// hold as many marked sequences of Cairo's as were recorded for it, or the MCIDs would
    /// name the wrong pieces (Cairo's parent tree has one entry per MCID of a page).
    func check(_ draft: PDFDraftPages) throws {
        guard cairoSequences.count == pageHeights.count, pageHeights.count <= draft.pages.count else {
            throw FinishingError("structure recorded for \(markedSequences.count) pages, not the \(pageHeights.count) drawn")
        }
        for (index, recorded) in cairoSequences.enumerated() {
            let drawn = draft.pages[index].structParents.flatMap { draft.markedSequences[$0] } ?? 0
            guard drawn == recorded else {
                throw FinishingError("page \(index + 1) has \(drawn) marked-content sequences, not the \(recorded) recorded")
            }
        }
    }

    /// Each link annotation's key in the parent tree, by its object in the draft; `pageLinks`
    /// are each page's link annotations, in order.
    func structParents(of pageLinks: [[Int]]) throws -> [Int: Int] {
        var keys: [Int: Int] = [:]
        for annotation in annotationKeys {
            guard pageLinks.indices.contains(annotation.page) else { throw FinishingError("no page \(annotation.page + 1) has link annotations") }
            let links = pageLinks[annotation.page]
            guard links.indices.contains(annotation.index) else {
                throw FinishingError("page \(annotation.page + 1) has \(links.count) link annotations, not the \(annotation.index + 1) drawn")
            }
            keys[links[annotation.index]] = annotation.key
        }
        return keys
    }

    /// The catalog's entries for the tree, whose root is the object `root`: `/MarkInfo`,
    /// `/Lang` and `/ViewerPreferences << /DisplayDocTitle true >>`.
    func mark(_ catalog: inout PDFDictionary, root: Int) {
        catalog["/StructTreeRoot"] = .reference(root)
        catalog["/MarkInfo"] = .dictionary(PDFDictionary([("/Marked", .boolean(true))]))
        var language = PDFObjectText()
        language.textString(self.language)
        catalog["/Lang"] = .string(language.bytes)
        var preferences = catalog["/ViewerPreferences"]?.dictionary ?? PDFDictionary()
        preferences["/DisplayDocTitle"] = .boolean(true)
        catalog["/ViewerPreferences"] = .dictionary(preferences)
    }

    // MARK: The tree's objects

    /// Gives every object of the tree to `set`: the elements and the parent tree, numbered by
    /// `reserve`, and the root as the object `root`. `pages` and `linkAnnotations` are the
    /// numbers of the file's pages and of each page's link annotations, in order.
    func write(root: Int, pages: [Int], linkAnnotations: [[Int]], reserve: () -> Int, set: (Int, PDFObjectText) throws -> Void) throws {
        let file = FileObjects(pages: pages, linkAnnotations: linkAnnotations)
        let numbers = (0 ..< elementCount).map { _ in reserve() }
        let parentTree = reserve()
        var parents = markedSequences.map { [UInt32](repeating: 0, count: $0) }
        /// `element` under the object `parent`, then its children (the writing order).
        func write(_ element: StructureElement, parent: Int) throws {
            let number = numbers[Int(element.writingOrder)]
            try set(number, try text(of: element, parent: parent, numbers: numbers, in: file, parents: &parents, as: number))
            for case .element(let child) in element.kids { try write(child, parent: number) }
        }
        try write(self.root, parent: root)
        var rootText = PDFObjectText()
        rootText.raw("<< /Type /StructTreeRoot /RoleMap <<")
        for (role, standard) in StructureTree.roleMap.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            rootText.name("/" + role.rawValue)
            rootText.name("/" + standard)
        }
        rootText.raw(" >> /K")
        rootText.reference(numbers[0])
        rootText.raw(" /ParentTree")
        rootText.reference(parentTree)
        rootText.raw(" /ParentTreeNextKey")
        rootText.integer(pageHeights.count + annotations.count)
        rootText.raw(" >>")
        try set(root, rootText)
        try set(parentTree, parentTreeText(parents, numbers: numbers))
    }

    /// The numbers of the file's objects the elements refer to.
    private struct FileObjects {
        var pages: [Int]
        var linkAnnotations: [[Int]]
    }

    /// `element`'s dictionary, the object `number` under `parent`; records which element each
    /// of its marked sequences belongs to in `parents` (page by page, by MCID; 0 for none,
    /// which no object is numbered).
    private func text(of element: StructureElement, parent: Int, numbers: [Int], in written: FileObjects,
                      parents: inout [[UInt32]], as number: Int) throws -> PDFObjectText {
        var text = PDFObjectText()
        text.raw("<< /S")
        text.name("/" + element.role.rawValue)
        text.raw(" /P")
        text.reference(parent)
        // `/Pg` is the page of the element's own marked content: an MCID on another is an `/MCR`.
        let kids = element.kids
        let page = kids.lazy.compactMap { if case .content(let page, _) = $0 { return Int(page) } else { return nil } }.first
        if let page {
            text.raw(" /Pg")
            text.reference(written.pages[page])
        }
        if let title = element.title {
            text.raw(" /T")
            text.textString(title)
        }
        if let alternativeText = element.alternativeText {
            text.raw(" /Alt")
            text.textString(alternativeText)
        }
        if let identifier = element.identifier {
            text.raw(" /ID")
            text.textString(identifier)
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
        } else if let table = element.tableAttributes, !table.isEmpty {
            // A table cell's: `<< /O /Table /Scope /Column /RowSpan 2 /ColSpan 3 >>`.
            text.raw(" /A << /O /Table")
            if let scope = table.scope {
                text.raw(" /Scope")
                text.name("/" + scope)
            }
            if table.rowSpan > 1 {
                text.raw(" /RowSpan")
                text.integer(table.rowSpan)
            }
            if table.columnSpan > 1 {
                text.raw(" /ColSpan")
                text.integer(table.columnSpan)
            }
            text.raw(" >>")
        }
        // The kids straight after `/K`: an array only when there are several.
        if kids.count == 1 {
            text.raw(" /K ")
        } else if !kids.isEmpty {
            text.raw(" /K [")
        }
        for kid in kids {
            switch kid {
            case .content(let kidPage, let mcid):
                let (kidPage, mcid) = (Int(kidPage), Int(mcid))
                parents[kidPage][mcid] = UInt32(number)
                if kidPage == page {
                    text.integer(mcid)
                } else {
                    text.raw(" << /Type /MCR /Pg")
                    text.reference(written.pages[kidPage])
                    text.raw(" /MCID")
                    text.integer(mcid)
                    text.raw(" >>")
                }
            case .element(let child):
                text.reference(numbers[Int(child.writingOrder)])
            case .annotation(let kidPage, let index):
                let (kidPage, index) = (Int(kidPage), Int(index))
                guard written.linkAnnotations[kidPage].indices.contains(index) else {
                    throw FinishingError("page \(kidPage + 1) has \(written.linkAnnotations[kidPage].count) link annotations, not the \(index + 1) drawn")
                }
                text.raw(" << /Type /OBJR /Pg")
                text.reference(written.pages[kidPage])
                text.raw(" /Obj")
                text.reference(written.linkAnnotations[kidPage][index])
                text.raw(" >>")
            }
        }
        if kids.count > 1 { text.raw(" ]") }
        text.raw(" >>")
        return text
    }

    /// The parent tree: each page's elements by MCID, then each link annotation's element.
    private func parentTreeText(_ parents: [[UInt32]], numbers: [Int]) -> PDFObjectText {
        var text = PDFObjectText()
        text.raw("<< /Nums [")
        for (key, elements) in parents.enumerated() {
            text.integer(key)
            text.raw(" [")
            for element in elements {
                if element != 0 { text.reference(Int(element)) } else { text.raw(" null") }
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
