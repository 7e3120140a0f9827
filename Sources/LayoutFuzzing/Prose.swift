import Foundation

/// Words of prose in the languages and scripts a magazine mixes, made into sentences: text that
/// breaks, hyphenates and shapes as real text does (long German compounds, French spacing
/// before `;:!?`, Chinese with Latin words in it, Arabic set right to left), never random bytes.
public enum ProseLanguage: String, CaseIterable, Sendable {
    case english = "en", german = "de", french = "fr", chinese = "zh", arabic = "ar"

    /// The words sentences are drawn from.
    var words: [String] {
        switch self {
        case .english:
            return ["the", "keeper", "wound", "lamp", "every", "four", "hours", "and", "wrote", "in", "a", "log", "of", "weather",
                    "library", "drawer", "seed", "marsh", "road", "at", "dusk", "nobody", "came", "for", "keys", "lighthouse",
                    "paraffin", "prisms", "catalogue", "borrowers", "tomatoes", "autumn", "extraordinary", "neighbourhood",
                    "responsibility", "correspondence", "photographer", "municipal", "afternoon", "understanding", "with",
                    "quietly", "remembered", "coffee", "morning", "village", "harbour", "mountains", "through", "because",
                    "administration", "notwithstanding", "considerable", "whispered", "gardening", "typewriter", "was", "to"]
        case .german:
            return ["der", "Leuchtturmwärter", "zog", "die", "Uhr", "alle", "vier", "Stunden", "auf", "und", "schrieb",
                    "Bürgerversammlung", "Gemeindeverwaltung", "Straßenbahnhaltestelle", "im", "Herbst", "kamen", "Kinder",
                    "mit", "Fahrrädern", "über", "Brücke", "Zeitungsausträgerin", "Sonntagnachmittag", "Kaffee", "Kuchen",
                    "Nachbarschaftshilfe", "Wetterbericht", "niemand", "wusste", "warum", "eine", "Bibliothek", "Saatgut"]
        case .french:
            return ["le", "gardien", "du", "phare", "remontait", "horloge", "toutes", "les", "quatre", "heures", "et",
                    "écrivait", "dans", "son", "journal", "la", "bibliothèque", "municipale", "prêtait", "des", "graines",
                    "au", "printemps", "personne", "ne", "savait", "pourquoi", "extraordinairement", "correspondance",
                    "après-midi", "café", "village", "tranquillement", "rédaction", "abonnement", "kiosque"]
        case .chinese:
            return ["灯塔", "看守人", "每隔", "四个小时", "上一次", "发条", "并且", "在", "日志", "里", "记下", "天气", "图书馆",
                    "种子", "春天", "借出", "秋天", "归还", "没有人", "知道", "为什么", "Typeset", "PDF", "HarfBuzz", "Unicode",
                    "咖啡", "早晨", "村庄", "港口", "编辑部", "杂志", "第", "13", "期"]
        case .arabic:
            return ["كان", "حارس", "المنارة", "يملأ", "المصباح", "كل", "أربع", "ساعات", "ويكتب", "في", "دفتره", "المكتبة",
                    "تعير", "البذور", "في", "الربيع", "ولا", "أحد", "يعرف", "لماذا", "القهوة", "الصباح", "القرية", "الميناء",
                    "المجلة", "العدد", "الجديد"]
        }
    }

    /// What goes between words: Chinese is written without spaces, but its Latin words keep them.
    var separator: String { self == .chinese ? "" : " " }
    /// Ends of sentences, in the language's punctuation.
    var stops: [String] {
        switch self {
        case .chinese: return ["。", "，", "！"]
        case .arabic: return [".", "،", "؟"]
        case .french: return [".", " ;", " :", " !", " ?"]
        default: return [".", ",", ";", ":", "?"]
        }
    }
}

/// Sentences of a language, from the fuzzer's generator.
public struct Prose {
    public var language: ProseLanguage

    public init(language: ProseLanguage) { self.language = language }

    /// About `count` words of text, in sentences that start with a capital (where the script
    /// has them) and end with a stop.
    public func words(_ count: Int, random: inout FuzzRandom) -> String {
        var text = ""
        var sentenceStart = true
        for index in 0 ..< max(1, count) {
            var word = random.pick(language.words)
            if language == .chinese, word.first?.isASCII == true { word = " \(word) " }
            if sentenceStart { word = word.prefix(1).uppercased() + word.dropFirst() }
            if index > 0 && !text.hasSuffix(" ") && !word.hasPrefix(" ") { text += language.separator }
            text += word
            sentenceStart = false
            if index == count - 1 || random.chance(0.12) {
                let stop = random.pick(language.stops)
                text += stop
                sentenceStart = [".", "?", " ?", " !", "。", "！", "؟"].contains(stop)
            }
        }
        // Spaces next to Chinese punctuation would not be written.
        return text.replacingOccurrences(of: "  ", with: " ").trimmingCharacters(in: .whitespaces)
    }
}
