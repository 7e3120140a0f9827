import Diagnostics
import Images
import Text

/// A face a document asks for (family, weight, slant), with where it was first asked for,
/// so that the Fonts stage can say where a missing face was requested.
public struct FontRequest: Hashable, Sendable {
    public var descriptor: FontDescriptor
    public var location: SourceLocation?
    public var sourceLine: String?

    public init(descriptor: FontDescriptor, location: SourceLocation? = nil, sourceLine: String? = nil) {
        self.descriptor = descriptor
        self.location = location
        self.sourceLine = sourceLine
    }

    public var family: String { descriptor.family }
}

/// What the parser makes of a document.
public struct MarkupDocument: Sendable {
    public var text: AttributedText
    /// Where each character of `text` came from in the markup, for messages about it.
    public var sourceMap: TextSourceMap
    /// Each family the document uses, in order of first use.
    public var fontRequests: [FontRequest]
    /// The title and running heads from `<meta>`.
    public var meta: DocumentMeta
    /// Every `<section>`, in order (`SectionStyle.number` is its place here, from 1).
    public var sections: [SectionDeclaration] = []
    /// Every `<exclusion>`, in order.
    public var exclusions: [ExclusionDeclaration] = []
    /// Every `<keep>` block, in order (`KeepDeclaration.number` is its place here, from 1).
    public var keeps: [KeepDeclaration] = []
    /// Every `<columnbreak>` that starts a paragraph, in order, for messages about the pages.
    public var columnBreaks: [ColumnBreakDeclaration] = []
    /// Where each picture and box was written, for messages about one (`ElementPlaces`).
    public var elementPlaces = ElementPlaces()
    /// Where each link's `<a>` is, for messages about a link found in `text`.
    public var linkTags = LinkTags()
    /// Every style sheet read (`<import>`, `--style`), as absolute paths, in the order they were read.
    public var styleSheets: [String] = []
    /// The articles of an issue (`<include>`), in order.
    public var articles: [Article] = []
    /// Every file included (`<include>`), as absolute paths, each once, in the order they were read.
    public var includedFiles: [String] = []
    /// The picture files the `<img>`s name, each opened once as it was checked: every later
    /// step reads the pictures from here, never by name (`PictureFiles`).
    public var pictures = PictureFiles()
    /// Every element given an `id`, in order, and every `<ref>` with what it printed.
    public var anchors: [ReferenceAnchor] = []
    public var referenceUses: [ReferenceUse] = []
    /// Whether the document has a `<contents>` (`ContentsList`).
    public var listsContents = false
    /// Its notes numbered by page (`footnote-numbering="page"`), in order, with what they printed.
    public var pageNumberedNotes: [PageNumberedNote] = []
    public var diagnostics: [Diagnostic]

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Every file the markup read or looked for, as absolute paths: the files included, the
    /// style sheets and the pictures, found or not (`PictureFiles.lookedFor`).
    public var filesLookedFor: [String] { includedFiles + styleSheets + pictures.lookedFor }
}

/// A `<columnbreak>`: the start of the paragraph it breaks before, and where its tag is.
public struct ColumnBreakDeclaration: Hashable, Sendable {
    public var textOffset: Int
    public var location: SourceLocation
    public var sourceLine: String
}

/// The styles a document starts with, before any tag.
public struct MarkupDefaults: Sendable, Equatable {
    public var attributes: TextAttributes
    public var paragraphStyle: ParagraphStyle
    /// Multiplies every size: the body's, the named styles' and those the markup writes (a
    /// reader's preferred text size).
    public var textScale: Double
    /// The command line gave the language: `<meta lang>` does not change it.
    public var languageIsFixed = false

    public init(attributes: TextAttributes, paragraphStyle: ParagraphStyle = ParagraphStyle(), textScale: Double = 1) {
        self.attributes = attributes
        self.paragraphStyle = paragraphStyle
        self.textScale = textScale
    }

    /// The attributes of untagged text: `attributes` at the text scale.
    public var bodyAttributes: TextAttributes {
        var body = attributes
        body.fontSize = min(attributes.fontSize * textScale, CharacterStyleChange.maximumSize)
        return body
    }
}
