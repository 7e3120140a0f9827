/// What the finishing step must know of Cairo's draft before it copies the first object: the
/// catalog, the pages and what each is made of, and Cairo's structure tree. Cairo writes a
/// page's content, resources and annotations before the page that names them, so the pages'
/// dictionaries are read first (a few hundred bytes each); this holds a few numbers a page.
struct PDFDraftPages {
    /// A page of the draft: its object and the objects it names.
    struct Page {
        var number: Int
        /// The streams of its `/Contents`, in order.
        var contents: [Int]
        /// Its `/Resources`: an object of its own, or nil when the page holds them itself.
        var resources: Int?
        /// Its `/Link` annotations, in order.
        var links: [Int]
        /// Its key in Cairo's parent tree.
        var structParents: Int?
    }

    let catalog: Int
    let info: Int?
    /// The page tree's root, Cairo's one node.
    let pageTree: Int
    let pages: [Page]
    /// Cairo's structure tree root, nil when it wrote none.
    let structureTreeRoot: Int?
    /// The objects of Cairo's structure tree other than its elements (which say
    /// `/Type /StructElem`): its root, its parent tree and the parent tree's arrays.
    let structureTreeObjects: Set<Int>
    /// How many marked sequences Cairo's parent tree gives each key that is an array.
    let markedSequences: [Int: Int]

    init(_ reader: PDFDraftReader) throws {
        guard let catalog = reader.trailer["/Root"]?.referencedNumber, let catalogDictionary = try reader.object(catalog)?.value.dictionary else {
            throw FinishingError("the draft has no catalog")
        }
        self.catalog = catalog
        info = reader.trailer["/Info"]?.referencedNumber
        guard let pageTree = catalogDictionary["/Pages"]?.referencedNumber else { throw FinishingError("the draft's catalog has no page tree") }
        self.pageTree = pageTree
        pages = try Self.pages(of: pageTree, in: reader)

        var treeObjects = Set<Int>(), counts: [Int: Int] = [:]
        let root = catalogDictionary["/StructTreeRoot"]?.referencedNumber
        if let root, let rootDictionary = try reader.object(root)?.value.dictionary {
            treeObjects.insert(root)
            var parentTree = rootDictionary["/ParentTree"]
            if let number = parentTree?.referencedNumber {
                treeObjects.insert(number)
                parentTree = try reader.object(number)?.value
            }
            let numbers = parentTree?.dictionary?["/Nums"]?.array ?? []
            for index in stride(from: 0, to: numbers.count - 1, by: 2) {
                guard let key = numbers[index].integer else { continue }
                var value = numbers[index + 1]
                if let number = value.referencedNumber {
                    value = try reader.object(number)?.value ?? .null
                    // A key naming an element (a link's) names one of the elements, dropped by type.
                    if value.array != nil { treeObjects.insert(number) }
                }
                if let items = value.array { counts[key] = items.count }
            }
        }
        structureTreeRoot = root
        structureTreeObjects = treeObjects
        markedSequences = counts
    }

    /// The pages under `node`, in order.
    private static func pages(of node: Int, in reader: PDFDraftReader) throws -> [Page] {
        var pages: [Page] = []
        var visited = Set<Int>()
        func walk(_ node: Int) throws {
            guard visited.insert(node).inserted, let dictionary = try reader.object(node)?.value.dictionary else {
                throw FinishingError("the draft's page tree is malformed at object \(node)")
            }
            guard dictionary["/Type"]?.name == "/Page" else {
                for kid in dictionary["/Kids"]?.array ?? [] {
                    guard let number = kid.referencedNumber else { throw FinishingError("a page of the draft is not an object of its own") }
                    try walk(number)
                }
                return
            }
            let contents: [Int]
            switch dictionary["/Contents"] {
            case .reference(let number, _)?: contents = [number]
            case .array(let items)?: contents = items.compactMap(\.referencedNumber)
            default: contents = []
            }
            var links: [Int] = []
            for annotation in dictionary["/Annots"]?.array ?? [] {
                // An `/OBJR` refers to its annotation, which must therefore be an object of its own.
                guard let number = annotation.referencedNumber else { continue }
                if try reader.object(number)?.value.dictionary?["/Subtype"]?.name == "/Link" { links.append(number) }
            }
            pages.append(Page(number: node, contents: contents, resources: dictionary["/Resources"]?.referencedNumber,
                              links: links, structParents: dictionary["/StructParents"]?.integer))
        }
        try walk(node)
        return pages
    }
}
