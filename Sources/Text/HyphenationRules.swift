/// Which words a paragraph hyphenates and how often, as InDesign's hyphenation settings and
/// TeX's parameters say it (see docs/markup.md, `hyphenate-*`). Counts are of letters
/// (Unicode scalars), not of UTF-16 units.
public struct HyphenationRules: Hashable, Sendable {
    /// Letters in the shortest word that is hyphenated: "table" and "mo-ment" at 5, not "tab-by".
    public var minimumWord: Int
    /// Fewest letters left before a hyphen (TeX's \lefthyphenmin, 2 in English).
    public var minimumBefore: Int
    /// Fewest letters carried after it (\righthyphenmin, 3 in English: "print-ed" but not
    /// "printe-d"), so that the next line never starts with a fragment a reader must guess.
    public var minimumAfter: Int
    /// Most hyphenated lines in a row (0: no limit). Three, as InDesign's default: a ladder of
    /// four hyphens down a column's edge is what a proofreader marks, and fewer than three
    /// leaves narrow measures too little freedom, so their spaces open instead.
    public var consecutiveLimit: Int
    /// Whether a word that starts with a capital letter (a name, a heading's word, the first
    /// word of a sentence) may be hyphenated. Nil, the default: not, but in German, where every
    /// noun starts with a capital and a column of unbroken compounds would open its spaces wide.
    public var capitalized: Bool?

    /// Whether capitalised words are hyphenated in `language` (a BCP 47 tag).
    public func hyphenatesCapitalized(in language: String) -> Bool {
        capitalized ?? (language.prefix { $0 != "-" && $0 != "_" }.lowercased() == "de")
    }

    public init(minimumWord: Int = 5, minimumBefore: Int = 2, minimumAfter: Int = 3, consecutiveLimit: Int = 3,
                capitalized: Bool? = nil) {
        self.minimumWord = minimumWord
        self.minimumBefore = minimumBefore
        self.minimumAfter = minimumAfter
        self.consecutiveLimit = consecutiveLimit
        self.capitalized = capitalized
    }
}
