/// What the finishing step adds to one page of Cairo's draft as it copies it: streams painted
/// before and after the page's own content (the text layer, the crop marks, the running
/// heads: each wraps what is there already, in `q` … `Q`), and entries of its resources (the
/// layer's fonts, the marks' colour space, the heads' form).
struct PageAdditions {
    /// Streams before the page's own, outermost first.
    private(set) var before: [Int] = []
    /// Streams after the page's own, innermost first.
    private(set) var after: [Int] = []
    /// Entries added to a category of the resources (`/Font`, `/ColorSpace`, `/XObject`).
    private(set) var resources: [(category: String, name: String, value: PDFValue)] = []
    /// The page's own content replaced by this stream (its streams joined and rewritten).
    var replacedContent: Int?

    var isEmpty: Bool { before.isEmpty && after.isEmpty && resources.isEmpty && replacedContent == nil }

    /// Paints `opening` before everything the page paints so far and `closing` after it.
    mutating func wrap(opening: Int, closing: [Int]) {
        before.insert(opening, at: 0)
        after += closing
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
        let all = before + own + after
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
