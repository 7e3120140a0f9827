import Breaking
import Diagnostics
import Markup
import Shaping
import Text

/// A warning, once a language, at the first character of text in a language typeset has no
/// hyphenation patterns for, as babel and polyglossia warn of one ("No hyphenation patterns
/// were preloaded …"): its lines are set unhyphenated, and a CI log should say so. A tag that
/// is not well formed is the markup's error, as Typst's (`LanguageTag`); one well formed that
/// neither the patterns nor HarfBuzz know (`xx`) names no language typeset can do anything
/// for, and is warned of as such. Languages written without hyphens are not warned about, nor
/// text in paragraphs that are not hyphenated, unless HarfBuzz does not know the language either.
enum LanguageSupportCheck {
    private enum Support { case nothingMissing, shapingOnly, none }

    static func warnings(_ text: AttributedText, sourceMap: TextSourceMap) -> [Diagnostic] {
        var support: [String: Support] = [:]
        var warned: Set<String> = []
        var warnings: [Diagnostic] = []
        for run in text.attributeRuns(in: 0 ..< text.length) where !warned.contains(run.value.language) {
            let language = run.value.language
            let primary = String(language.prefix { $0 != "-" }).lowercased()
            let found = support[language] ?? {
                if Hyphenator.hasPatterns(for: language) || Hyphenator.languagesWrittenWithoutHyphens.contains(primary) { return .nothingMissing }
                return OpenTypeLanguage.isKnown(language) ? .shapingOnly : .none
            }()
            support[language] = found
            let message: String
            switch found {
            case .nothingMissing: continue
            case .shapingOnly:
                // A run in a paragraph that is not hyphenated loses nothing: a later one may.
                guard text.paragraphStyle(at: run.range.lowerBound).hyphenate else { continue }
                message = "no hyphenation patterns for lang \"\(language)\" (no hyph_\(primary).dic among \(Hyphenator.dictionaryDirectory)'s): "
                    + "its text is set without hyphenation"
            case .none:
                message = "lang \"\(language)\" names a language typeset knows nothing of (no hyphenation patterns, and no OpenType "
                    + "language system in HarfBuzz): its text is set without hyphenation and shaped by its script's default rules"
            }
            warned.insert(language)
            warnings.append(sourceMap.diagnostic(.warning, message, atTextOffset: run.range.lowerBound))
        }
        return warnings
    }
}
