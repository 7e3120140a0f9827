/// The language fontconfig is told about when it looks for a face for one character.
///
/// A Han character is drawn differently in Chinese, Japanese and Korean, and Noto CJK has one
/// face per locale; Urdu wants Nastaliq where Arabic wants Naskh. So the text's language is
/// passed on when it is written in the character's script, and otherwise a language that uses
/// the script stands for it. Both the lookup (`FontLibrary`) and the table Layout reads
/// (`FontTable`) key fallbacks by this hint, so it is derived in this one place.
public enum FallbackLanguage {
    /// The fontconfig language (`FC_LANG`) for `scalar` in text tagged `language` (BCP 47), or
    /// "" when the character's script has no language worth telling fontconfig about.
    public static func hint(for scalar: Unicode.Scalar, language: String) -> String {
        guard let script = FallbackScript(scalar) else { return "" }
        let tag = LanguageTag(language)
        switch script {
        case .han, .cjkSymbols:
            // Chinese is told apart by region or script subtag: the glyphs differ.
            switch tag.primary {
            case "zh": return tag.chineseLocale
            case "yue": return "zh-hk"
            case "ja": return "ja"
            case "ko": return "ko"
            default: return "zh-cn"
            }
        case .bopomofo:
            return tag.primary == "zh" ? tag.chineseLocale : "zh-tw"
        case .kana:
            return "ja"
        case .hangul:
            return "ko"
        case .arabic:
            return arabicScriptLanguages.contains(tag.primary) ? tag.primary : "ar"
        case .hebrew:
            return tag.primary == "yi" ? "yi" : "he"
        case .devanagari:
            return devanagariLanguages.contains(tag.primary) ? tag.primary : "hi"
        case .thai:
            return "th"
        }
    }

    /// Languages written in Arabic script that fontconfig knows (Urdu, say, has its own faces).
    private static let arabicScriptLanguages: Set<String> = ["ar", "fa", "ur", "ps", "sd", "ug", "ks"]
    private static let devanagariLanguages: Set<String> = ["hi", "mr", "ne", "sa", "kok", "mai", "bho", "bh", "brx", "doi", "hne", "sat"]
}

/// The scripts whose faces depend on a language (see `FallbackLanguage`); everything else is
/// looked up without one. Swift's standard library does not expose the Unicode Script
/// property, and a table of the blocks that matter here is enough.
enum FallbackScript {
    case han, cjkSymbols, bopomofo, kana, hangul, arabic, hebrew, devanagari, thai

    init?(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        // Most text is below U+0590: leave before walking the table.
        if value < 0x0590 { return nil }
        for (range, script) in Self.blocks where range.contains(value) {
            self = script
            return
        }
        return nil
    }

    /// Blocks in code-point order.
    private static let blocks: [(ClosedRange<UInt32>, FallbackScript)] = [
        (0x0590 ... 0x05FF, .hebrew),
        (0x0600 ... 0x06FF, .arabic),
        (0x0750 ... 0x077F, .arabic),
        (0x0870 ... 0x08FF, .arabic),
        (0x0900 ... 0x097F, .devanagari),
        (0x0E00 ... 0x0E7F, .thai),
        (0x1100 ... 0x11FF, .hangul),
        (0x2E80 ... 0x2FDF, .han),          // radicals
        (0x2FF0 ... 0x2FFF, .cjkSymbols),   // ideographic description
        (0x3000 ... 0x303F, .cjkSymbols),   // CJK punctuation: its position differs by locale
        (0x3040 ... 0x30FF, .kana),
        (0x3100 ... 0x312F, .bopomofo),
        (0x3130 ... 0x318F, .hangul),
        (0x3190 ... 0x319F, .han),          // kanbun
        (0x31A0 ... 0x31BF, .bopomofo),
        (0x31C0 ... 0x31EF, .han),          // strokes
        (0x31F0 ... 0x31FF, .kana),
        (0x3200 ... 0x33FF, .cjkSymbols),   // enclosed letters and compatibility
        (0x3400 ... 0x4DBF, .han),
        (0x4E00 ... 0x9FFF, .han),
        (0xA8E0 ... 0xA8FF, .devanagari),
        (0xA960 ... 0xA97F, .hangul),
        (0xAC00 ... 0xD7FF, .hangul),
        (0xF900 ... 0xFAFF, .han),
        (0xFB1D ... 0xFB4F, .hebrew),
        (0xFB50 ... 0xFDFF, .arabic),
        (0xFE30 ... 0xFE4F, .cjkSymbols),   // vertical forms
        (0xFE70 ... 0xFEFF, .arabic),
        (0xFF00 ... 0xFF60, .cjkSymbols),   // full-width forms
        (0xFF61 ... 0xFF65, .cjkSymbols),
        (0xFF66 ... 0xFF9F, .kana),         // half-width katakana
        (0xFFA0 ... 0xFFDC, .hangul),
        (0xFFE0 ... 0xFFEF, .cjkSymbols),
        (0x10E60 ... 0x10E7F, .arabic),
        (0x11B00 ... 0x11B5F, .devanagari),
        (0x1B000 ... 0x1B16F, .kana),
        (0x1EE00 ... 0x1EEFF, .arabic),
        (0x20000 ... 0x3FFFF, .han),        // planes 2 and 3
    ]
}

/// The parts of a BCP 47 tag that choose a face: the language, and for Chinese the locale.
struct LanguageTag {
    /// The language subtag, lowercased ("zh" for "zh-Hant-TW").
    var primary: String
    private var subtags: [Substring]

    init(_ tag: String) {
        let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        primary = parts.first.map(String.init) ?? ""
        subtags = Array(parts.dropFirst())
    }

    /// fontconfig's Chinese locales: zh-cn (simplified), zh-tw, zh-hk, zh-mo, zh-sg.
    var chineseLocale: String {
        for region in ["tw", "hk", "mo", "sg", "cn"] where subtags.contains(Substring(region)) { return "zh-" + region }
        if subtags.contains("hant") { return "zh-tw" }
        return "zh-cn"
    }
}
