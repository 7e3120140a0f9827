/// A tag that styles the text up to its closing tag.
enum StyleElement: String {
    case font, p, b, i, u, s, sup, sub, nobr, a, caption
    /// A footnote's styles (`<footnote>`), closed by FootnoteTags before this lookup sees `</footnote>`.
    case footnote
    /// A table cell's styles (`<td>`, `<th>`), closed by TableTags before this lookup sees `</td>`.
    case cell = "td"
}

/// An open styling tag; the styles in force before it, which its closing tag restores, are held
/// in its stack's table (`OpenElements.savedStyles(of:)`).
struct OpenElement {
    var element: StyleElement
    var styles: SavedStylesTable.Slot
    /// Where its tag is, for messages about it.
    var tagOffset: Int?
    /// The text's length when it was opened: where the first paragraph it styles begins.
    var textLength: Int
}

/// An open styling tag taken off its stack with its styles, to be opened again elsewhere: the
/// tags a jumped story's first part left open (`StoryJumps`).
struct SetAsideElement {
    var element: StyleElement
    var styles: SavedStyles
    var tagOffset: Int?
    var textLength: Int
}

/// The open styling tags, innermost last. A stack, not recursion; each tag holds a few dozen
/// bytes, its saved styles shared with every other open tag that saved the same
/// (`SavedStylesTable`), and each kind of tag keeps where its open ones are, so that a closing
/// tag finds its innermost one without walking the tags opened inside it. The tutorial's markup
/// leaves a `<font>` open on each line, and a book written so has as many open as it has lines.
struct OpenElements {
    private var stack: [OpenElement] = []
    private var styles = SavedStylesTable()
    /// Where each kind's open tags are in `stack`, innermost last.
    private var places: [StyleElement: [Int]] = [:]

    /// What the open tags may hold at most, saved styles and all: 128 MB. The largest document
    /// read (`MarkupSource.maximumSize`, 32 MB) written as the tutorial writes it, a `<font>`
    /// and a line of text at least 20 bytes, leaves 1.6 million tags open, 64 MB; and the
    /// distinct styles 128 MB holds (some 148,000) nest deeper than any document has been seen
    /// to (the old limit, 20,000 open tags of any styles, was met by none but made-up ones).
    /// Without a bound, tags nested each with its own styles (`<font size="12.01">`, …)
    /// could ask some 7 GB.
    static let mostBytes = 128 << 20
    /// What an open tag holds besides its styles: its place in the stack and in its kind's.
    static let bytesPerElement = MemoryLayout<OpenElement>.stride + MemoryLayout<Int>.stride

    /// What the open tags hold.
    var bytes: Int { stack.count * Self.bytesPerElement + styles.bytes }
    /// Whether another tag would hold more than `mostBytes`.
    var isFull: Bool { bytes >= Self.mostBytes }

    var count: Int { stack.count }

    /// How many `element`s are open.
    func count(of element: StyleElement) -> Int {
        places[element]?.count ?? 0
    }

    /// The kind of tag most often open, and how many are: what a document that nests too
    /// deep has left open.
    var mostOpen: (element: StyleElement, count: Int)? {
        places.max { $0.value.count < $1.value.count }.map { ($0.key, $0.value.count) }
    }

    /// The innermost open `element`.
    func innermost(_ element: StyleElement) -> OpenElement? {
        places[element]?.last.map { stack[$0] }
    }

    /// The styles in force before `element` opened.
    func savedStyles(of element: OpenElement) -> SavedStyles {
        styles[element.styles]
    }

    /// Opens `element` with its tag at `tagOffset`, over `saved`, the styles before it.
    mutating func open(_ element: StyleElement, saving saved: SavedStyles, tagOffset: Int?, textLength: Int) {
        places[element, default: []].append(stack.count)
        stack.append(OpenElement(element: element, styles: styles.hold(saved), tagOffset: tagOffset, textLength: textLength))
    }

    /// Takes the innermost tag off, returning it with its styles.
    @discardableResult
    mutating func closeInnermost() -> SetAsideElement? {
        guard let top = stack.popLast() else { return nil }
        places[top.element]!.removeLast()
        let saved = styles[top.styles]
        styles.release(top.styles)
        return SetAsideElement(element: top.element, styles: saved, tagOffset: top.tagOffset, textLength: top.textLength)
    }

    /// The tags opened after the first `count` and still open, outermost first, with their styles.
    func elements(openedAfter count: Int) -> [SetAsideElement] {
        stack.dropFirst(count).map {
            SetAsideElement(element: $0.element, styles: styles[$0.styles], tagOffset: $0.tagOffset, textLength: $0.textLength)
        }
    }
}
