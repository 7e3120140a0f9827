import Layout
import Text

/// An element of the PDF's structure tree: a standard structure type and its children in
/// reading order.
final class StructureElement {
    enum Kid {
        /// Marked content: the MCID of a sequence on the page at an index (from 0).
        case content(page: Int, mcid: Int)
        case element(StructureElement)
        /// The page's link annotation at an index among its link annotations.
        case annotation(page: Int, index: Int)
    }

    /// Its structure type; a `<figure>` found to hold no picture is made a `Div` when the tree
    /// is built (`StructureTree.init`).
    fileprivate(set) var role: String
    private(set) var kids: [Kid] = []
    /// What few elements have (a figure's description, a span's language, a link's address),
    /// kept apart: a book's tens of thousands of paragraphs have none of it, and the tree is
    /// held through the finishing step.
    private var details: Details?

    private final class Details {
        var alternativeText: String?
        var language: String?
        var bounds: (page: Int, rect: Rect)?
        var address: String?
        var tableAttributes: TableAttributes?
        var identifier: String?
        var title: String?
    }

    init(role: String) {
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

    func append(_ kid: Kid) {
        kids.append(kid)
    }

    func append(_ element: StructureElement) {
        kids.append(.element(element))
    }

    /// An element whose every child is a `Span` of one language other than the document's (a
    /// paragraph in another language) says that language itself, its spans' content its own:
    /// `/Lang` belongs on the element that has it (PDF/UA-1 7.2), and a screen reader switches
    /// voice once for the paragraph rather than for a span inside it.
    func takeLanguageOfItsSpans() {
        var language: String?
        var inner: [Kid] = []
        for kid in kids {
            guard case .element(let span) = kid, span.role == "Span", let spanLanguage = span.language,
                  language == nil || language == spanLanguage else { return }
            language = spanLanguage
            inner += span.kids
        }
        guard let language else { return }
        self.language = language
        kids = inner
    }

    /// The page of its first marked content, its own or its first child's: the element's `/Pg`.
    var firstPage: Int? {
        for kid in kids {
            switch kid {
            case .content(let page, _), .annotation(let page, _): return page
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
    let root = StructureElement(role: "Document")

    /// The structure type of an aside: `Aside`, what it is (PDF 2.0's standard type), which
    /// `roleMap` maps to PDF 1.7's `Sect`, a self-contained part of the document, for the
    /// readers of PDF/UA-1 (based on PDF 1.7, where `Aside` is not a standard type; `Note` is
    /// for notes, which PDF/UA wants identified).
    static let asideRole = "Aside"

    /// A box's element: a figure's `Figure`, an aside's `Aside`, a footnote's `Note`.
    static func role(of kind: BoxStyle.Kind) -> String {
        switch kind {
        case .figure: "Figure"
        case .aside: asideRole
        case .footnote: "Note"
        }
    }

    /// The types of typeset's own and the standard types they are read as (the structure
    /// tree root's `/RoleMap`).
    static let roleMap = [asideRole: "Sect"]

    init(_ record: StructureRecord) {
        var pieces: [(page: Int, mcid: Int, annotation: Int, piece: MarkedPiece)] = []
        for (page, marks) in record.pages.enumerated() {
            var annotations = 0
            for (mcid, piece) in marks.enumerated() {
                pieces.append((page, mcid, annotations, piece))
                if case .linkAnnotation = piece.kind { annotations += 1 }
            }
        }
        pieces.sort { a, b in
            a.piece.readingOrder != b.piece.readingOrder ? a.piece.readingOrder < b.piece.readingOrder : (a.page, a.mcid) < (b.page, b.mcid)
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
        while index < pieces.count {
            let paragraphStart = pieces[index].piece.paragraph
            var end = index
            if case .artifact = pieces[index].piece.kind {
                index += 1
                continue
            }
            while end < pieces.count, pieces[end].piece.paragraph == paragraphStart { end += 1 }
            let paragraph = record.paragraphs[paragraphStart] ?? LogicalParagraph(style: ParagraphStyle())
            if let article = record.articles[paragraphStart] {
                articles.enter(article) { includer in
                    let element = StructureElement(role: "Art")
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
                        let caption = StructureElement(role: "Caption")
                        container.append(caption)
                        captions[number] = caption
                    }
                    parent = captions[number]!
                }
                let made = StructureElement(role: paragraph.role)
                if paragraph.isListItem {
                    let list: StructureElement
                    if case .element(let last)? = parent.kids.last, last.role == "L",
                       numberedLists.contains(ObjectIdentifier(last)) == paragraph.isNumberedItem {
                        list = last
                    } else {
                        list = StructureElement(role: "L")
                        parent.append(list)
                        if paragraph.isNumberedItem { numberedLists.insert(ObjectIdentifier(list)) }
                    }
                    let item = StructureElement(role: "LI")
                    list.append(item)
                    label = StructureElement(role: "Lbl")
                    item.append(label!)
                    item.append(made)
                } else {
                    parent.append(made)
                }
                element = made
                return made
            }
            for (page, mcid, annotation, piece) in pieces[index ..< end] {
                switch piece.kind {
                case .picture(let index):
                    let (alternativeText, rect) = (record.pictures[Int(index)].alternativeText, record.pictures[Int(index)].rect)
                    // In a `<figure>`, a picture its description covers (the figure's own, or the
                    // first picture's) is the figure's content; one described otherwise is a
                    // figure of its own inside it.
                    if inFigure, container.alternativeText == nil { container.alternativeText = alternativeText }
                    var figure = container
                    if !inFigure || (alternativeText != nil && alternativeText != container.alternativeText) {
                        figure = StructureElement(role: "Figure")
                        figure.alternativeText = alternativeText
                        (inFigure ? container : element ?? container).append(figure)
                    }
                    if figure.bounds == nil { figure.bounds = (page, rect) }
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
                    Self.link(record.strings[Int(address)], in: paragraphElement(), language: nil).append(.annotation(page: page, index: annotation))
                case .listLabel:
                    _ = paragraphElement()
                    (label ?? paragraphElement()).append(.content(page: page, mcid: mcid))
                case .artifact:
                    break
                }
            }
            element?.takeLanguageOfItsSpans()
            index = end
        }
        // A `<figure>` of no picture (a table and its caption) has nothing to describe: a
        // `Figure` must have `/Alt` (PDF/UA-1 7.3; `pdfua check` found it missing), a `Div`
        // groups the table and its `Caption` as the figure did.
        for (number, element) in boxes where element.role == "Figure" && !figuresWithPictures.contains(number) {
            element.role = "Div"
        }
    }

    /// The link to `address` that `parent` ends with, or a new one: the pieces of one link
    /// (over lines, columns or pages) and its annotations make one element. A footnote's
    /// marker is a reference to its note: its link is inside a `Reference` (PDF/UA-1 7.9, which
    /// the note's `Note` answers).
    private static func link(_ address: String, in parent: StructureElement, language: String?) -> StructureElement {
        var parent = parent
        if case .note? = FootnoteLinks.Target(address: address) {
            if case .element(let last)? = parent.kids.last, last.role == "Reference",
               case .element(let link)? = last.kids.first, link.address == address {
                parent = last
            } else {
                let reference = StructureElement(role: "Reference")
                parent.append(reference)
                parent = reference
            }
        }
        if case .element(let last)? = parent.kids.last, last.role == "Link", last.address == address { return last }
        let link = StructureElement(role: "Link")
        link.address = address
        link.language = language
        parent.append(link)
        return link
    }

    /// The span in `language` that `parent` ends with, or a new one.
    private static func span(_ language: String, in parent: StructureElement) -> StructureElement {
        if case .element(let last)? = parent.kids.last, last.role == "Span", last.language == language { return last }
        let span = StructureElement(role: "Span")
        span.language = language
        parent.append(span)
        return span
    }
}
