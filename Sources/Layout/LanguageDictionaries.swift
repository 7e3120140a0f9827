import Breaking

/// The hyphenation dictionary of each word's language for one pass over a paragraph's words
/// (`ParagraphBreaker.items`), looked up again only when the language changes: a look-up
/// hashes the language's name, and the items of every search from a new line start, trial
/// layouts' too, hyphenate all their words.
struct LanguageDictionaries {
    private let lookUp: (String) -> Hyphenator?
    private var language: String?
    private var dictionary: Hyphenator?

    init(lookUp: @escaping (String) -> Hyphenator?) {
        self.lookUp = lookUp
    }

    /// The dictionary for a word in `wordLanguage`, if there is one.
    mutating func dictionary(for wordLanguage: String) -> Hyphenator? {
        if wordLanguage != language { (language, dictionary) = (wordLanguage, lookUp(wordLanguage)) }
        return dictionary
    }
}
