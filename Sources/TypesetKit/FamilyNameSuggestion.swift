import Diagnostics

/// What a font family typeset could not find was probably meant as, for "did you mean": a
/// family with its weight or slant written into the name (`Liberation Sans Bold`, as a font
/// menu lists faces), which the markup asks for with attributes of their own; a family named
/// by its last words (`Pagella` for `TeX Gyre Pagella`); or a misspelt one (`Liberaton Sans`).
struct FamilyNameSuggestion {
    /// The markup's attributes for each word a face's name may end with.
    private static let styleWords: [String: (attribute: String, value: String)] = [
        "thin": ("weight", "thin"), "extralight": ("weight", "extralight"), "ultralight": ("weight", "extralight"),
        "light": ("weight", "light"), "regular": ("weight", "regular"), "medium": ("weight", "medium"),
        "semibold": ("weight", "semibold"), "demibold": ("weight", "semibold"), "bold": ("weight", "bold"),
        "extrabold": ("weight", "extrabold"), "ultrabold": ("weight", "extrabold"), "black": ("weight", "black"),
        "heavy": ("weight", "black"), "italic": ("slant", "italic"), "oblique": ("slant", "italic"),
    ]

    let families: [String]
    /// Each family's words in lower case, made once for all the names looked up.
    private let familyWords: [[Substring]]

    init(families: [String]) {
        self.families = families
        familyWords = families.map { $0.lowercased().split(separator: " ") }
    }
    /// Longer than any family with three style words and a slip: no family is near it, and
    /// looking costs a pass over the name for each family.
    static let longestName = 100

    /// `face="Liberation Sans" weight="bold"` for a tag (`asAttributes`), `"Liberation Sans"`
    /// for the command line's `--font`; nil when no family is near enough to name.
    func suggestion(for requested: String, asAttributes: Bool) -> String? {
        guard requested.utf8.count <= Self.longestName else { return nil }
        let words = requested.split(separator: " ").map(String.init)
        for styleCount in stride(from: min(3, words.count - 1), through: 1, by: -1) {
            let family = words.dropLast(styleCount).joined(separator: " ")
            guard let styles = Self.styles(in: words.suffix(styleCount).joined()),
                  let found = families.first(where: { $0.caseInsensitiveCompare(family) == .orderedSame })
                      ?? Suggestion.closest(to: family, among: families) else { continue }
            return asAttributes ? "face=\"\(found)\"" + styles.map { " \($0.attribute)=\"\($0.value)\"" }.joined() : "\"\(found)\""
        }
        let nameWords = requested.lowercased().split(separator: " ")
        let named = families.indices.filter { Self.endsWithWords(nameWords, familyWords[$0]) }.map { families[$0] }
        guard let found = named.count == 1 ? named[0] : Suggestion.closest(to: requested, among: families) else { return nil }
        return asAttributes ? "face=\"\(found)\"" : "\"\(found)\""
    }

    /// The style words `text` is made of, run together (`BoldItalic`, `SemiBold`), or nil.
    private static func styles(in text: String) -> [(attribute: String, value: String)]? {
        let rest = text.lowercased().filter { $0 != "-" }
        if rest.isEmpty { return [] }
        for (word, style) in styleWords where rest.hasPrefix(word) {
            if let after = styles(in: String(rest.dropFirst(word.count))) { return [style] + after }
        }
        return nil
    }

    /// Whether a family's last words are the name's, and it has more (`TeX Gyre Pagella`, `Pagella`).
    private static func endsWithWords(_ nameWords: [Substring], _ familyWords: [Substring]) -> Bool {
        !nameWords.isEmpty && familyWords.count > nameWords.count && familyWords.suffix(nameWords.count).elementsEqual(nameWords)
    }
}
