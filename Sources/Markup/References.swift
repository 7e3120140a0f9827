import Diagnostics
import Text

/// An element given an `id` (`<p id="…">`, `<section>`, `<figure>`, `<aside>`, `<table>`): what a
/// `<ref to="…">` can print about it.
public struct ReferenceAnchor: Sendable, Equatable {
    public var id: String
    /// Where the element's text starts: its page is the page holding this offset.
    public var textOffset: Int
    /// The element's kind (its tag's name) and its number among the elements of its kind
    /// (the third figure is 3), what `format="number"` prints.
    public var kind: String
    public var number: Int
    /// Its first paragraph with words (a section's heading, a figure's caption), what
    /// `format="title"` prints; empty when it has none.
    public var title: String
    public var location: SourceLocation
    /// A heading's outline level (`ContentsList`), 0 for an element given an id.
    public var outlineLevel = 0

    public init(id: String, textOffset: Int, kind: String, number: Int, title: String, location: SourceLocation) {
        self.id = id
        self.textOffset = textOffset
        self.kind = kind
        self.number = number
        self.title = title
        self.location = location
    }
}

/// A `<ref to="…">`: where it is, and what it printed.
public struct ReferenceUse: Sendable, Equatable {
    public var id: String
    public var format: ReferenceFormat
    /// What it printed in this parse: the value it was given, or a stand-in for one not yet known.
    public var printed: String
    public var location: SourceLocation
    public var sourceLine: String

    public init(id: String, format: ReferenceFormat, printed: String, location: SourceLocation, sourceLine: String) {
        self.id = id
        self.format = format
        self.printed = printed
        self.location = location
        self.sourceLine = sourceLine
    }
}

/// A footnote numbered by its page (`footnote-numbering="page"`): where its marker is in the
/// text, and the number it printed.
public struct PageNumberedNote: Sendable, Equatable {
    public var textOffset: Int
    public var number: Int
    public var location: SourceLocation
    public var sourceLine: String

    public init(textOffset: Int, number: Int, location: SourceLocation, sourceLine: String) {
        self.textOffset = textOffset
        self.number = number
        self.location = location
        self.sourceLine = sourceLine
    }
}

/// What a `<ref>` prints of its target.
public enum ReferenceFormat: String, Sendable, CaseIterable {
    case page, title, number
}

/// What the references of a document print: each target's page, found by laying the pages out,
/// and its title and number, found by reading the markup. A parse takes the values found by
/// the parse and layout before it (`ReferenceSettling`); the first takes none. So do the
/// numbers of notes numbered by page, from the pages their markers were set on.
public struct ReferenceValues: Sendable, Equatable {
    public var pages: [String: Int] = [:]
    public var anchors: [String: ReferenceAnchor] = [:]
    /// The number of each note numbered by page, in text order (empty until a layout found their pages).
    public var noteNumbers: [Int] = []

    public init() {}

    /// The headings a contents list lists (`ContentsList`), in order.
    public var headings: [ReferenceAnchor] {
        anchors.values.filter { $0.kind == ContentsList.headingKind }.sorted { $0.textOffset < $1.textOffset }
    }

    /// `notePages`: the page of each page-numbered note's marker, in text order.
    public init(anchors: [ReferenceAnchor], pages: [String: Int], notePages: [Int] = []) {
        self.anchors = Dictionary(anchors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.pages = pages
        noteNumbers = FootnoteNumbering.restartingOnEachPage(notePages)
    }

    /// What `<ref to="id" format="…">` prints, nil while it is not known. A page not yet laid out
    /// prints as nothing is known: a stand-in (`standIn`) the next parse replaces.
    public func text(of id: String, _ format: ReferenceFormat) -> String? {
        switch format {
        case .page: pages[id].map(String.init)
        case .title: anchors[id]?.title
        case .number: anchors[id].map { String($0.number) }
        }
    }

    /// What a reference prints before its value is known: a two-figure number, the width of most
    /// page numbers, so that the first setting is seldom far from the last (TeX prints "??").
    static let standIn = "00"
}
