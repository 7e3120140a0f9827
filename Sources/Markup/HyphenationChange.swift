import Text

/// What a `<p>` or a named style changes in the paragraph's hyphenation rules:
/// `hyphenate-min-word`, `hyphenate-min-before`, `hyphenate-min-after`, `hyphenate-limit`
/// and `hyphenate-capitalized` (see `HyphenationRules`). Every field left nil keeps the value
/// in force.
struct HyphenationChange: Equatable {
    var minimumWord: Int?
    var minimumBefore: Int?
    var minimumAfter: Int?
    var consecutiveLimit: Int?
    var capitalized: Bool?

    static let attributeNames = ["hyphenate-min-word", "hyphenate-min-before", "hyphenate-min-after", "hyphenate-limit",
                                 "hyphenate-capitalized"]

    /// Longer words are not looked up in the dictionary at all (see Hyphenator).
    static let longestWord = 64
    /// More hyphenated lines in a row than any designer allows; the search keeps a node for
    /// each count up to the limit, so the limit bounds its work too.
    static let largestLimit = 25

    /// Reads `attribute` if it is a hyphenation attribute (reporting a bad value); false if it is not one.
    mutating func read(_ attribute: TagAttribute, _ values: ValueReader) -> Bool {
        let letters = 1 ... Double(Self.longestWord)
        switch attribute.key {
        case "hyphenateminword":
            minimumWord = values.wholeNumber(attribute, in: 2 ... Double(Self.longestWord)) ?? minimumWord
        case "hyphenateminbefore":
            minimumBefore = values.wholeNumber(attribute, in: letters) ?? minimumBefore
        case "hyphenateminafter":
            minimumAfter = values.wholeNumber(attribute, in: letters) ?? minimumAfter
        case "hyphenatelimit":
            consecutiveLimit = values.wholeNumber(attribute, in: 0 ... Double(Self.largestLimit)) ?? consecutiveLimit
        case "hyphenatecapitalized":
            capitalized = values.boolean(attribute) ?? capitalized
        default:
            return false
        }
        return true
    }

    /// This change followed by `later`: where both set something, `later` wins.
    mutating func merge(_ later: HyphenationChange) {
        minimumWord = later.minimumWord ?? minimumWord
        minimumBefore = later.minimumBefore ?? minimumBefore
        minimumAfter = later.minimumAfter ?? minimumAfter
        consecutiveLimit = later.consecutiveLimit ?? consecutiveLimit
        capitalized = later.capitalized ?? capitalized
    }

    func apply(to rules: inout HyphenationRules) {
        if let minimumWord { rules.minimumWord = minimumWord }
        if let minimumBefore { rules.minimumBefore = minimumBefore }
        if let minimumAfter { rules.minimumAfter = minimumAfter }
        if let consecutiveLimit { rules.consecutiveLimit = consecutiveLimit }
        if let capitalized { rules.capitalized = capitalized }
    }
}
