import Text

/// The name of the section in force at each place of the text, which `{section}` prints: a name
/// holds until the next named section (`SectionStyle.name`), as InDesign's section marker does,
/// in the order the text is read. A story resumed after another article's pages (`<resume>`)
/// goes on under the name its own article had in force, and that name holds after it: a
/// resumed feature's foot read "Nature", the flag of the article before it.
struct SectionNamesInForce {
    /// Where the name in force changes, in order.
    private let changes: [(position: Int, name: String)]

    /// The names in `text`, whose articles start at `articleStarts` (in order).
    init(text: AttributedText, articleStarts: [(position: Int, value: Article)]) {
        let runs = text.paragraphStyleRuns
        let named: [(position: Int, name: String, article: Article?)] = (0 ..< runs.runCount).compactMap { run in
            let style = runs.value(ofRun: run)
            return style.section?.name.map { (runs.range(ofRun: run).lowerBound, $0, style.article) }
        }
        var changes: [(position: Int, name: String)] = []
        var lastNameOfArticle: [Article: String] = [:]
        func change(to name: String, at position: Int) {
            if changes.last?.name != name { changes.append((position, name)) }
        }
        var nextNamed = 0, nextArticle = 0
        while nextNamed < named.count || nextArticle < articleStarts.count {
            // An article's start before a section named at the same place: the section's name wins.
            if nextArticle < articleStarts.count, nextNamed == named.count || articleStarts[nextArticle].position <= named[nextNamed].position {
                let start = articleStarts[nextArticle]
                if let own = lastNameOfArticle[start.value] { change(to: own, at: start.position) }
                nextArticle += 1
            } else {
                let section = named[nextNamed]
                if let article = section.article { lastNameOfArticle[article] = section.name }
                change(to: section.name, at: section.position)
                nextNamed += 1
            }
        }
        self.changes = changes
    }

    /// The name in force at `position`; nil before the first named section.
    func name(at position: Int) -> String? {
        changes.last { $0.position <= position }?.name
    }
}
