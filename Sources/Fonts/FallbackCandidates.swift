import CFontconfig

/// Every face of one fontconfig configuration, sorted by how well it fits a fallback request
/// (generic family, language, weight, slant), each with the characters it covers.
///
/// Sorting is the expensive part, so it is done once per request; finding the face for a
/// character is then a walk down the list asking each character set. (FcFontMatch gives one
/// face, which need not have the character; asking it per character would sort every time.)
final class FallbackCandidates {
    /// Owned; its patterns own the character sets below.
    private let fontSet: UnsafeMutablePointer<FcFontSet>?
    private let patterns: [OpaquePointer]
    private let charsets: [OpaquePointer?]

    init(configuration: FontconfigConfiguration, request: FallbackRequest) {
        var fontSet: UnsafeMutablePointer<FcFontSet>?
        if let pattern = FcPatternCreate() {
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FAMILY, request.genericFamily)
            // Always a language, so that the process's locale (which FcDefaultSubstitute would
            // add) never changes the result: "und" matches no face's languages, which leaves
            // the order to the family, weight and slant.
            FcPatternAddString(pattern, FC_LANG, request.languageHint.isEmpty ? "und" : request.languageHint)
            FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(request.weight)))
            FcPatternAddInteger(pattern, FC_SLANT, request.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
            FcConfigSubstitute(configuration.config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            fontSet = FcFontSort(configuration.config, pattern, FcFalse, nil, &result)
        }
        self.fontSet = fontSet
        var patterns: [OpaquePointer] = []
        var charsets: [OpaquePointer?] = []
        if let set = fontSet?.pointee, let fonts = set.fonts {
            for index in 0 ..< Int(set.nfont) {
                guard let font = fonts[index] else { continue }
                var charset: OpaquePointer?
                if FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) != FcResultMatch { charset = nil }
                patterns.append(font)
                charsets.append(charset)
            }
        }
        self.patterns = patterns
        self.charsets = charsets
    }

    deinit {
        if let fontSet { FcFontSetDestroy(fontSet) }
    }

    /// The faces whose character sets have `scalar`, as indices in sorted order.
    func covering(_ scalar: Unicode.Scalar) -> [Int] {
        charsets.indices.filter { index in
            guard let charset = charsets[index] else { return false }
            return FcCharSetHasChar(charset, scalar.value) == FcTrue
        }
    }

    /// The file and face index of candidate `index`.
    func face(_ index: Int) -> (path: String, faceIndex: Int)? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(patterns[index], FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var faceIndex: Int32 = 0
        FcPatternGetInteger(patterns[index], FC_INDEX, 0, &faceIndex)
        return (String(cString: file), Int(faceIndex))
    }

    /// How well candidate `index` supports `language`: 0 fully, 1 in another territory, 2 not
    /// at all (FcLangResult). The list is sorted by this before anything but the family.
    func languageSupport(_ index: Int, _ language: String) -> Int {
        guard !language.isEmpty else { return 2 }
        var languages: OpaquePointer?
        guard FcPatternGetLangSet(patterns[index], FC_LANG, 0, &languages) == FcResultMatch, let languages else { return 2 }
        return Int(FcLangSetHasLang(languages, language).rawValue)
    }
}

/// What a fallback face is looked for with; one sorted list of candidates per request and
/// configuration.
struct FallbackRequest: Hashable {
    var genericFamily: String
    var languageHint: String
    var weight: Int
    var italic: Bool
}
