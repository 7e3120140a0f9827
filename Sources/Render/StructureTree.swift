import Layout
import Text

/// A standard structure type (ISO 32000-1, 14.8.4), or one of typeset's own that `roleMap`
/// maps to one: kept in a byte, since a book's tree has an element for each of its tens of
/// thousands of paragraphs.
enum StructureRole: String {
    case document = "Document", article = "Art", figure = "Figure", caption = "Caption", division = "Div"
    /// An aside: PDF 2.0's standard type, which `StructureTree.roleMap` maps to PDF 1.7's `Sect`.
    case aside = "Aside"
    case note = "Note", reference = "Reference", link = "Link", span = "Span"
    case paragraph = "P", heading1 = "H1", heading2 = "H2", heading3 = "H3", heading4 = "H4", heading5 = "H5", heading6 = "H6"
    case list = "L", listItem = "LI", label = "Lbl", listBody = "LBody"
    case table = "Table", tableHead = "THead", tableBody = "TBody", tableRow = "TR", tableHeader = "TH", tableData = "TD"
}

/// An element of the PDF's structure tree: a standard structure type and its children in
/// reading order.
///
/// Held through the finishing step, one for each paragraph of a book or a catalogue (50,000
/// lines, 50,000 elements), so it is kept small: a lone kid (a paragraph's one marked
/// sequence) inline rather than in an array of its own, the role in a byte, 32-bit pages and
/// MCIDs; 48 bytes of heap for such a paragraph where a `String` role and an array of kids took
/// 128.
final class StructureElement {
    enum Kid {
        /// Marked content: the MCID of a sequence on the page at an index (from 0).
        case content(page: Int32, mcid: Int32)
        case element(StructureElement)
        /// The page's link annotation at an index among its link annotations.
        case annotation(page: Int32, index: Int32)
    }

    /// The kids: most elements have one, which needs no array.
    private enum Kids {
        case none
        case one(Kid)
        case many([Kid])
    }

    // Declared largest first, so that the object is 40 bytes (a 48-byte allocation).
    /// What few elements have (a figure's description, a span's language, a link's address),
    /// kept apart: a book's tens of thousands of paragraphs have none of it.
    private var details: Details?
    private var storedKids = Kids.none
    /// Its structure type; a `<figure>` found to hold no picture is made a `Div` when the tree
    /// is built (`StructureTree.init`).
    fileprivate(set) var role: StructureRole
    /// Its place in the order the tree is written (`StructureTreeWriter`), which numbers its
    /// objects: kept here, where a table from element to place took 40 bytes an element.
    var writingOrder: Int32 = 0

    private final class Details {
        var alternativeText: String?
        var language: String?
        var bounds: (page: Int, rect: Rect)?
        var address: String?
        var tableAttributes: TableAttributes?
        var identifier: String?
        var title: String?
    }

    init(role: StructureRole) {
        self.role = role
    }

    var alternativeText: String? {
        get { details?.alternativeText }
        set { detailsMade().alternativeText = newValue }
    }

    /// A language other than the document's.
    var language: String? {
        get { details?.language }
        set { detailsMade().language = newValue }
    }

    /// The drawn rectangle of a picture (device space on the sheet, y down) and its page.
    var bounds: (page: Int, rect: Rect)? {
        get { details?.bounds }
        set { detailsMade().bounds = newValue }
    }

    /// A link's address, to find it again when its annotation comes.
    var address: String? {
        get { details?.address }
        set { detailsMade().address = newValue }
    }

    /// A table cell's `/Scope`, `/RowSpan` and `/ColSpan`.
    var tableAttributes: TableAttributes? {
        get { details?.tableAttributes }
        set { detailsMade().tableAttributes = newValue }
    }

    /// The element's `/ID`, unique in the document: a `Note` must have one (PDF/UA-1 7.9).
    var identifier: String? {
        get { details?.identifier }
        set { detailsMade().identifier = newValue }
    }

    /// The element's `/T`: an article's title.
    var title: String? {
        get { details?.title }
        set { detailsMade().title = newValue }
    }

    private func detailsMade() -> Details {
        if let details { return details }
        let made = Details()
        details = made
        return made
    }

    /// The kids in reading order.
    var kids: [Kid] {
        switch storedKids {
        case .none: []
        case .one(let kid): [kid]
        case .many(let kids): kids
        }
    }

    /// The kids' count, without making an array of a lone kid.
    var kidCount: Int {
        switch storedKids {
        case .none: 0
        case .one: 1
        case .many(let kids): kids.count
        }
    }

    var firstKid: Kid? {
        switch storedKids {
        case .none: nil
        case .one(let kid): kid
        case .many(let kids): kids.first
        }
    }

    var lastKid: Kid? {
        switch storedKids {
        case .none: nil
        case .one(let kid): kid
        case .many(let kids): kids.last
        }
    }

    func append(_ kid: Kid) {
        switch storedKids {
        case .none:
            storedKids = .one(kid)
        case .one(let first):
            storedKids = .many([first, kid])
        case .many(var kids):
            // Taken out first, so that the array is not shared and grows in place.
            storedKids = .none
            kids.append(kid)
            storedKids = .many(kids)
        }
    }

    func append(_ element: StructureElement) {
        append(.element(element))
    }

    private func replaceKids(with kids: [Kid]) {
        switch kids.count {
        case 0: storedKids = .none
        case 1: storedKids = .one(kids[0])
        default: storedKids = .many(kids)
        }
    }

    /// An element whose every child is a `Span` of one language other than the document's (a
    /// paragraph in another language) says that language itself, its spans' content its own:
    /// `/Lang` belongs on the element that has it (PDF/UA-1 7.2), and a screen reader switches
    /// voice once for the paragraph rather than for a span inside it.
    func takeLanguageOfItsSpans() {
        var language: String?
        var inner: [Kid] = []
        for kid in kids {
            guard case .element(let span) = kid, span.role == .span, let spanLanguage = span.language,
                  language == nil || language == spanLanguage else { return }
            language = spanLanguage
            inner += span.kids
        }
        guard let language else { return }
        self.language = language
        replaceKids(with: inner)
    }

    /// The page of its first marked content, its own or its first child's: the element's `/Pg`.
    var firstPage: Int? {
        for kid in kids {
            switch kid {
            case .content(let page, _), .annotation(let page, _): return Int(page)
            case .element(let element): if let page = element.firstPage { return page }
            }
        }
        return nil
    }
}

/// The structure tree of a document in its logical order, built from what was drawn
/// (`StructureRecord`): paragraphs in text order (a paragraph split over columns and pages is
/// one element, its pieces in text order), headings by outline level, figures with their
/// captions, asides, links holding their text and annotations, and `Span`s where the language
/// changes; an issue's articles (`<include>`) each an `Art` holding its own, titled by its
/// `<meta>`, nested as they are included.
struct StructureTree {
    let root = StructureElement(role: .document)

    /// A box's element: a figure's `Figure`, an aside's `Aside`, a footnote's `Note`.
    static func role(of kind: BoxStyle.Kind) -> StructureRole {
        switch kind {
        case .figure: .figure
        case .aside: .aside
        case .footnote: .note
        }
    }

    /// The types of typeset's own and the standard types they are read as (the structure
    /// tree root's `/RoleMap`): an aside, what it is in PDF 2.0, is read by PDF/UA-1's
    /// readers (PDF 1.7, where `Aside` is not a standard type) as a `Sect`, a self-contained
    /// part of the document (`Note` is for notes, which PDF/UA wants identified).
    static let roleMap: [StructureRole: String] = [.aside: "Sect"]

    /// Where a marked piece is in the record, and its page's link annotation when it is one:
    /// 12 bytes, where the piece copied beside its place took 48 (a catalogue's 100,000 pieces).
    private struct PiecePlace {
        var page: Int32
        var mcid: Int32
        /// The index of the page's link annotation the piece makes, among the page's.
        var annotation: Int32
    }

    init(_ record: StructureRecord) {
        var places: [PiecePlace] = []
        places.reserveCapacity(record.pages.reduce(0) { $0 + $1.count })
        /// How many link annotations of its own each page has: its heads' come after them.
        var ownAnnotations: [Int32] = []
        for (page, marks) in record.pages.enumerated() {
            var annotations: Int32 = 0
            for (mcid, piece) in marks.enumerated() {
                places.append(PiecePlace(page: Int32(page), mcid: Int32(mcid), annotation: annotations))
                if case .linkAnnotation = piece.kind { annotations += 1 }
            }
            ownAnnotations.append(annotations)
        }
        var headLinks = RunningHeadLinkPlaces(record)
        /// Each page's running-head links, a `Link` each, holding its annotation, in `parent`.
        func appendHeadLinks(ofPages pages: [Int], to parent: StructureElement) {
            for page in pages {
                for (offset, address) in (record.runningHeadLinks[page] ?? []).enumerated() {
                    let link = StructureElement(role: .link)
                    link.address = record.strings[Int(address)]
                    link.append(.annotation(page: Int32(page), index: ownAnnotations[page] + Int32(offset)))
                    parent.append(link)
                }
            }
        }
        appendHeadLinks(ofPages: headLinks.beforeAnyContent, to: root)
        func piece(_ place: PiecePlace) -> MarkedPiece { record.pages[Int(place.page)][Int(place.mcid)] }
        places.sort { a, b in
            let (first, second) = (piece(a).readingOrder, piece(b).readingOrder)
            return first != second ? first < second : (a.page, a.mcid) < (b.page, b.mcid)
        }
        var articles = OpenArticles<StructureElement>()
        var boxes: [Int: StructureElement] = [:]
        var captions: [Int: StructureElement] = [:]
        /// The `<figure>`s a picture was drawn in.
        var figuresWithPictures: Set<Int> = []
        var tables = TableElements()
        /// The lists of numbered items: a bullet list right after one (or one after a bullet
        /// list) is another list, as the markup counts them.
        var numberedLists: Set<ObjectIdentifier> = []
        var index = 0
        while index < places.count {
            let paragraphStart = piece(places[index]).paragraph
            var end = index
            if case .artifact = piece(places[index]).kind {
                index += 1
                continue
            }
            while end < places.count, piece(places[end]).paragraph == paragraphStart { end += 1 }
            let paragraph = record.paragraphs[paragraphStart]
            if let article = record.articles[paragraphStart] {
                articles.enter(article) { includer in
                    let element = StructureElement(role: .article)
                    element.title = article.title.map(BookmarkTitle.make(from:))
                    (includer ?? root).append(element)
                    return element
                }
            }
            let top = articles.innermost ?? root
            var container = top
            var inFigure = false
            if let number = paragraph.box, let box = record.boxes[number] {
                if boxes[number] == nil {
                    let element = StructureElement(role: Self.role(of: box.kind))
                    if box.kind == .figure { element.alternativeText = box.alternativeText }
                    if box.kind == .footnote { element.identifier = "note-\(number)" }
                    top.append(element)
                    boxes[number] = element
                }
                container = boxes[number]!
                inFigure = box.kind == .figure
            }
            if let cell = paragraph.cell {
                // A cell's paragraphs are in its `TH` or `TD` (a caption is never in a table).
                container = tables.cell(cell, in: container)
                inFigure = false
            }
            var element: StructureElement?
            var label: StructureElement?
            /// The paragraph's element, made when its first text comes: in a figure, inside its
            /// caption; a list item's body, in its `LI` after its label, in the `L` of the items
            /// right before it when they are of its kind (numbered or not).
            func paragraphElement() -> StructureElement {
                if let element { return element }
                var parent = container
                if inFigure, let number = paragraph.box {
                    if captions[number] == nil {
                        let caption = StructureElement(role: .caption)
                        container.append(caption)
                        captions[number] = caption
                    }
                    parent = captions[number]!
                }
                let made = StructureElement(role: paragraph.role)
                if paragraph.isListItem {
                    let list: StructureElement
                    if case .element(let last)? = parent.lastKid, last.role == .list,
                       numberedLists.contains(ObjectIdentifier(last)) == paragraph.isNumberedItem {
                        list = last
                    } else {
                        list = StructureElement(role: .list)
                        parent.append(list)
                        if paragraph.isNumberedItem { numberedLists.insert(ObjectIdentifier(list)) }
                    }
                    let item = StructureElement(role: .listItem)
                    list.append(item)
                    label = StructureElement(role: .label)
                    item.append(label!)
                    item.append(made)
                } else {
                    parent.append(made)
                }
                element = made
                return made
            }
            for place in places[index ..< end] {
                let (page, mcid) = (place.page, place.mcid)
                switch piece(place).kind {
                case .picture(let index):
                    let (alternativeText, rect) = (record.pictures[Int(index)].alternativeText, record.pictures[Int(index)].rect)
                    // In a `<figure>`, a picture its description covers (the figure's own, or the
                    // first picture's) is the figure's content; one described otherwise is a
                    // figure of its own inside it.
                    if inFigure, container.alternativeText == nil { container.alternativeText = alternativeText }
                    var figure = container
                    if !inFigure || (alternativeText != nil && alternativeText != container.alternativeText) {
                        figure = StructureElement(role: .figure)
                        figure.alternativeText = alternativeText
                        (inFigure ? container : element ?? container).append(figure)
                    }
                    if figure.bounds == nil { figure.bounds = (Int(page), rect) }
                    figure.append(.content(page: page, mcid: mcid))
                    if inFigure, let number = paragraph.box { figuresWithPictures.insert(number) }
                case .text(let linkIndex, let languageIndex):
                    let link = linkIndex.map { record.strings[Int($0)] }, language = record.strings[Int(languageIndex)]
                    let parent = paragraphElement()
                    let foreign = language.isEmpty || language == record.language ? nil : language
                    if let link {
                        Self.link(link, in: parent, language: foreign).append(.content(page: page, mcid: mcid))
                    } else if let foreign {
                        Self.span(foreign, in: parent).append(.content(page: page, mcid: mcid))
                    } else {
                        parent.append(.content(page: page, mcid: mcid))
                    }
                case .linkAnnotation(let address):
                    Self.link(record.strings[Int(address)], in: paragraphElement(), language: nil).append(.annotation(page: page, index: place.annotation))
                case .listLabel:
                    _ = paragraphElement()
                    (label ?? paragraphElement()).append(.content(page: page, mcid: mcid))
                case .artifact:
                    break
                }
            }
            element?.takeLanguageOfItsSpans()
            appendHeadLinks(ofPages: headLinks.pages(endingIn: paragraphStart), to: top)
            index = end
        }
        // A `<figure>` of no picture (a table and its caption) has nothing to describe: a
        // `Figure` must have `/Alt` (PDF/UA-1 7.3; `pdfua check` found it missing), a `Div`
        // groups the table and its `Caption` as the figure did.
        for (number, element) in boxes where element.role == .figure && !figuresWithPictures.contains(number) {
            element.role = .division
        }
    }

    /// The link to `address` that `parent` ends with, or a new one: the pieces of one link
    /// (over lines, columns or pages) and its annotations make one element. A footnote's
    /// marker is a reference to its note: its link is inside a `Reference` (PDF/UA-1 7.9, which
    /// the note's `Note` answers).
    private static func link(_ address: String, in parent: StructureElement, language: String?) -> StructureElement {
        var parent = parent
        if case .note? = FootnoteLinks.Target(address: address) {
            if case .element(let last)? = parent.lastKid, last.role == .reference,
               case .element(let link)? = last.firstKid, link.address == address {
                parent = last
            } else {
                let reference = StructureElement(role: .reference)
                parent.append(reference)
                parent = reference
            }
        }
        if case .element(let last)? = parent.lastKid, last.role == .link, last.address == address { return last }
        let link = StructureElement(role: .link)
        link.address = address
        link.language = language
        parent.append(link)
        return link
    }

    /// The span in `language` that `parent` ends with, or a new one.
    private static func span(_ language: String, in parent: StructureElement) -> StructureElement {
        if case .element(let last)? = parent.lastKid, last.role == .span, last.language == language { return last }
        let span = StructureElement(role: .span)
        span.language = language
        parent.append(span)
        return span
    }
}
