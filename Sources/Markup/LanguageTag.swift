/// The one rule for language tags, shared by `<font lang>`, `<p lang>` and `--lang`, so that a
/// tag the markup refuses is refused on the command line too.
public enum LanguageTag {
    /// What `lang` and `--lang` expect, for messages.
    public static let expectation = "a BCP 47 language tag such as en, en-GB or de-CH"

    /// Whether `text` has the shape of a BCP 47 tag such as `en`, `en-GB`, `de-CH-1996`,
    /// `zh-Hant`, `tlh`: a language of 2 or 3 letters (ISO 639; BCP 47's registry holds no
    /// longer one, so `klingon` names no language), then subtags of 1 to 8 letters or digits.
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let language = parts[0], subtags = parts.dropFirst()
        let validLanguage = (2 ... 3).contains(language.count) && language.allSatisfy { $0.isASCII && $0.isLetter }
        let validSubtags = subtags.allSatisfy { (1 ... 8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        return validLanguage && validSubtags
    }

    /// " (did you mean 'en-US'?)" for a tag written as a locale is (`en_US`, as POSIX and Java
    /// write them), " (did you mean 'de'?)" for a language's English name (`german`), what a
    /// language code is for another word, or nothing.
    public static func hint(for text: String) -> String {
        let dashed = String(text.map { $0 == "_" ? "-" : $0 })
        if dashed != text, isValid(dashed) { return " (did you mean '\(dashed)'?)" }
        if let code = LanguageNames.code(ofName: text) { return " (did you mean '\(code)'?)" }
        let language = text.prefix { $0 != "-" }
        if (4 ... 8).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) {
            return " (its language, \"\(language)\", is a name, not a code: a language code has two or three letters)"
        }
        return ""
    }
}
