/// The one rule for language tags, shared by `<font lang>`, `<p lang>` and `--lang`, so that a
/// tag the markup refuses is refused on the command line too.
public enum LanguageTag {
    /// What `lang` and `--lang` expect, for messages.
    public static let expectation = "a BCP 47 language tag such as en, en-GB or de-CH"

    /// Whether `text` has the shape of a BCP 47 tag such as `en`, `en-GB`, `de-CH-1996`,
    /// `zh-Hant`: a language of 2 to 8 letters, then subtags of 1 to 8 letters or digits.
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let language = parts[0], subtags = parts.dropFirst()
        let validLanguage = (2 ... 8).contains(language.count) && language.allSatisfy { $0.isASCII && $0.isLetter }
        let validSubtags = subtags.allSatisfy { (1 ... 8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        return validLanguage && validSubtags
    }

    /// " (did you mean 'en-US'?)" for a tag written as a locale is (`en_US`, as POSIX and Java
    /// write them), or nothing.
    public static func hint(for text: String) -> String {
        let dashed = String(text.map { $0 == "_" ? "-" : $0 })
        return dashed != text && isValid(dashed) ? " (did you mean '\(dashed)'?)" : ""
    }
}
