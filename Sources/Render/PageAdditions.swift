/// What the finishing step adds to one page of Cairo's draft as it copies it: streams painted
/// before and after the page's own content (the text layer, the crop marks, the running
/// heads' form: each wraps what is there already, in `q` … `Q`; the running heads' text,
/// first or last, in a `q` … `Q` of its own), and entries of its resources (the layer's
/// fonts, the marks' colour space, the heads' form), and annotations added to its `/Annots`
/// (its running heads' links).
struct PageAdditions {
    /// Streams before the page's own, outermost first.
    private(set) var before: [Int] = []
    /// Streams after the page's own, innermost first.
    private(set) var after: [Int] = []
    /// Streams painted before all of `before` and after all of `after`, in order.
    private(set) var first: [Int] = []
    private(set) var last: [Int] = []
    /// Entries added to a category of the resources (`/Font`, `/ColorSpace`, `/XObject`).
    private(set) var resources: [(category: String, name: String, value: PDFValue)] = []
    /// The page's own content replaced by this stream (its streams joined and rewritten).
    var replacedContent: Int?
    /// Annotations after the page's own, by number.
    private(set) var annotations: [Int] = []

    var isEmpty: Bool {
        first.isEmpty && before.isEmpty && after.isEmpty && last.isEmpty && resources.isEmpty && replacedContent == nil && annotations.isEmpty
    }

    /// Paints `opening` before everything the page paints so far and `closing` after it.
    mutating func wrap(opening: Int, closing: [Int]) {
        before.insert(opening, at: 0)
        after += closing
    }

    /// Paints `stream`, which restores the graphics state it changes, before everything else
    /// (the streams wrapped round the page come after it).
    mutating func paintFirst(_ stream: Int) {
        first.append(stream)
    }

    /// Paints `stream`, which restores the graphics state it changes, after everything else
    /// (the streams wrapped round the page come before it): the text layer's stream leaves its
    /// coordinates in effect until the `Q` of a wrap round it.
    mutating func paintLast(_ stream: Int) {
        last.append(stream)
    }

    mutating func addAnnotations(_ numbers: [Int]) {
        annotations += numbers
    }

    /// The page's `/Annots`, `annots` (its own, if any), with the annotations added.
    func annotations(after annots: PDFValue?) throws -> PDFValue? {
        guard !annotations.isEmpty else { return annots }
        guard annots == nil || annots?.array != nil else { throw FinishingError("a page's /Annots is not an array of its own") }
        return .array((annots?.array ?? []) + annotations.map(PDFValue.reference))
    }

    mutating func addResource(_ category: String, _ name: String, _ value: PDFValue) {
        resources.append((category, name, value))
    }

    /// Adds each of `spaces` (`PrintedColours`' spots) to the `/ColorSpace` resources.
    mutating func addColourSpaces(_ spaces: [(name: String, value: PDFValue)]) {
        for space in spaces { addResource("/ColorSpace", space.name, space.value) }
    }

    /// The page's `/Contents` with the streams added round `contents`, its own.
    func contents(round contents: [Int]) -> PDFValue {
        let own = replacedContent.map { [$0] } ?? contents
        let all = first + before + own + after + last
        return all.count == 1 ? .reference(all[0]) : .array(all.map(PDFValue.reference))
    }

    /// `resources` with the entries added; throws when a category is not a dictionary of the
    /// resources' own (Cairo writes each in place).
    func apply(to resources: inout PDFDictionary) throws {
        for entry in self.resources {
            var category: PDFDictionary
            switch resources[entry.category] {
            case nil: category = PDFDictionary()
            case .dictionary(let dictionary)?: category = dictionary
            default: throw FinishingError("a page's \(entry.category) resources are not a dictionary of their own")
            }
            category[entry.name] = entry.value
            resources[entry.category] = .dictionary(category)
        }
    }
}
