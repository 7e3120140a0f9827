/// The ISO 639 codes of languages by their English names, for a `lang` written as a name
/// (`lang="german"`, `--lang klingon`): the message names the code meant. The languages of
/// Europe's presses and the world's most written ones; not a registry.
enum LanguageNames {
    static func code(ofName name: String) -> String? {
        codes[name.lowercased()]
    }

    private static let codes: [String: String] = [
        "arabic": "ar", "basque": "eu", "bulgarian": "bg", "catalan": "ca", "chinese": "zh", "croatian": "hr", "czech": "cs",
        "danish": "da", "dutch": "nl", "english": "en", "estonian": "et", "finnish": "fi", "french": "fr", "galician": "gl",
        "german": "de", "greek": "el", "hebrew": "he", "hindi": "hi", "hungarian": "hu", "icelandic": "is", "indonesian": "id",
        "irish": "ga", "italian": "it", "japanese": "ja", "klingon": "tlh", "korean": "ko", "latin": "la", "latvian": "lv",
        "lithuanian": "lt", "norwegian": "no", "persian": "fa", "polish": "pl", "portuguese": "pt", "romanian": "ro",
        "russian": "ru", "serbian": "sr", "slovak": "sk", "slovenian": "sl", "spanish": "es", "swahili": "sw", "swedish": "sv",
        "thai": "th", "turkish": "tr", "ukrainian": "uk", "vietnamese": "vi", "welsh": "cy",
    ]
}
