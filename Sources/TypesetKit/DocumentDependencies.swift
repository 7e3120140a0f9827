/// The files a document's output was made from: its markup, its pictures and the font files
/// of its faces. When none of them changes (and the options do not), the output would come
/// out the same, so build tools (`--depfile`) and `typeset watch` look at these.
public struct DocumentDependencies: Sendable, Equatable {
    /// The markup file as it was given; nil for markup already read, such as standard input.
    public var document: String?
    /// Every style sheet the document reads (`<import>`, `--style`), as absolute paths, in the order read.
    public var styleSheets: [String] = []
    /// Every file the document includes (`<include>`), as absolute paths, in the order read.
    public var includedFiles: [String] = []
    /// Every picture the document places, as absolute paths, each once: the text's in its order,
    /// then its master pages' (a logo).
    public var pictures: [String] = []
    /// The files of the faces in the document's font table, each once, sorted.
    public var fonts: [String] = []

    public init(document: String? = nil, pictures: [String] = [], fonts: [String] = []) {
        self.document = document
        self.pictures = pictures
        self.fonts = fonts
    }

    /// Those of a prepared document: its pictures and its font table's files.
    init(of prepared: borrowing PreparedDocument) {
        styleSheets = prepared.styleSheets
        includedFiles = prepared.includedFiles
        var seen = Set<String>()
        let masterPictures = prepared.runningHeads?.masters.flatMap(\.pictures).map(\.path) ?? []
        pictures = (prepared.text.attachments.map(\.image.path) + masterPictures).filter { seen.insert($0).inserted }
        fonts = prepared.fonts.fontFilePaths
    }

    /// The document, then the files it includes, its style sheets, its pictures and its fonts.
    public var all: [String] {
        (document.map { [$0] } ?? []) + includedFiles + styleSheets + pictures + fonts
    }
}
