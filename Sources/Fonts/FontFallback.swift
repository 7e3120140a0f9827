import CFreeType

/// Faces for characters the chosen face lacks: fontconfig sorts every installed face by how
/// close it is to the chosen one, and the first that has the character wins (the first of the
/// chosen face's design, when one suits the language as well).
extension FontLibrary {
    /// A face that has `scalar`, as close as fontconfig can find to `primary` in design (serif,
    /// sans or monospace; `emoji` for characters shown as emoji by default), in `weight` and
    /// slant, and in the language `FallbackLanguage.hint` derives from the character and
    /// `language`. The bundled fonts are searched first, then the system's, as `resolve` does.
    /// `primary` itself when it has the character; nil when no installed face has it, and for
    /// private-use and unassigned code points: what a private-use character means is up to
    /// the face the text chose, and another face's glyph for it would be a different symbol.
    ///
    /// With a `presentation`, only a face of colour glyphs (emoji) or only one of outlines
    /// (text) will do, and an emoji is looked for even when `primary` has the character: U+FE0F
    /// or the character's Emoji_Presentation asks for the colour face (see `EmojiPresentation`).
    ///
    /// Each (request, configuration) is sorted once and each character looked up once per
    /// request; faces load through `load`, so ids stay in order of first use.
    public func fallbackFont(for scalar: Unicode.Scalar, primary: Font, weight: Int, italic: Bool,
                             language: String, presentation: EmojiPresentation? = nil) -> Font? {
        if presentation != .emoji, primary.hasGlyph(for: scalar) { return primary }
        switch scalar.properties.generalCategory {
        case .privateUse, .unassigned: return nil
        default: break
        }
        let emoji = presentation == .emoji || (presentation == nil && scalar.properties.isEmojiPresentation)
        let request = FallbackRequest(
            genericFamily: emoji ? "emoji" : primary.design.genericFamily,
            languageHint: FallbackLanguage.hint(for: scalar, language: language),
            weight: weight, italic: italic)
        let key = FallbackCache.FoundKey(request: request, scalar: scalar.value, presentation: presentation)
        if let known = fallbackCache.found[key] { return known }
        // Emoji have no serifs to match.
        let design = request.genericFamily == "emoji" ? nil : primary.design
        var found: Font?
        for (number, configuration) in [bundled, system].enumerated() {
            guard let configuration else { continue }
            let candidates = fallbackCache.candidates(configuration, number: number, request: request)
            for index in ranked(scalar, in: candidates, design: design, language: request.languageHint) {
                guard let face = candidates.face(index),
                      let font = try? load(path: face.path, faceIndex: face.faceIndex),
                      font.hasGlyph(for: scalar) else { continue }   // fontconfig's sets may differ from the cmap
                if let presentation, font.hasColorBitmaps != (presentation == .emoji) { continue }
                found = font
                break
            }
            if found != nil { break }
        }
        fallbackCache.found[key] = .some(found)
        return found
    }

    /// How many of the faces that have a character are examined for the primary's design.
    private static let designProbeLimit = 24

    /// The candidates that have `scalar`, best first: fontconfig's order, except that the
    /// first face of the primary's `design` goes ahead, when it suits the language as well as
    /// fontconfig's first choice does. fontconfig only knows a face's design from rules
    /// naming families: the bundled configuration has none, so next to TeX Gyre Pagella it
    /// would set Hebrew and Cyrillic in Liberation Sans rather than Liberation Serif, and the
    /// system's have them for few scripts (Noto Sans Hebrew comes before Noto Serif Hebrew).
    private func ranked(_ scalar: Unicode.Scalar, in candidates: FallbackCandidates, design: FontDesign?,
                        language: String) -> [Int] {
        var order = candidates.covering(scalar)
        guard let design, let first = order.first else { return order }
        let support = candidates.languageSupport(first, language)
        for (position, index) in order.prefix(Self.designProbeLimit).enumerated() {
            // Sorted by language before design can count: past this tier, languages suit worse.
            guard candidates.languageSupport(index, language) <= support else { break }
            guard let face = candidates.face(index), fallbackCache.design(of: face, library: library) == design else { continue }
            order.remove(at: position)
            order.insert(index, at: 0)
            break
        }
        return order
    }
}

/// The fallback lookups one `FontLibrary` has made: sorted candidates per request and
/// configuration, and the face found (or not) per request and character.
final class FallbackCache {
    struct CandidatesKey: Hashable {
        var configuration: Int
        var request: FallbackRequest
    }

    struct FoundKey: Hashable {
        var request: FallbackRequest
        var scalar: UInt32
        var presentation: EmojiPresentation?
    }

    private var candidates: [CandidatesKey: FallbackCandidates] = [:]
    /// `.some(nil)` records that nothing installed has the character.
    var found: [FoundKey: Font?] = [:]
    /// The design of each face file examined, without loading it as a `Font`.
    private var designs: [String: FontDesign?] = [:]

    /// The file is read as every face's is (`FontFileBytes`): only a regular file, opened
    /// without waiting (FreeType opening a named pipe by its name waited forever), never mapped
    /// (a file truncated while it is read is an error, not SIGBUS).
    func design(of face: (path: String, faceIndex: Int), library: FreeTypeLibrary) -> FontDesign? {
        let key = "\(face.path)#\(face.faceIndex)"
        if let known = designs[key] { return known }
        var design: FontDesign?
        if let file = try? FontFileBytes.of(face.path) {
            withExtendedLifetime(file) {
                let (error, loaded) = library.withFaceListLocked { file.newFace(in: library.handle, faceIndex: face.faceIndex) }
                guard error == 0, let loaded else { return }
                design = FontDesign.of(loaded)
                library.withFaceListLocked { _ = FT_Done_Face(loaded) }
            }
        }
        designs[key] = .some(design)
        return design
    }

    func candidates(_ configuration: FontconfigConfiguration, number: Int, request: FallbackRequest) -> FallbackCandidates {
        let key = CandidatesKey(configuration: number, request: request)
        if let known = candidates[key] { return known }
        let sorted = FallbackCandidates(configuration: configuration, request: request)
        candidates[key] = sorted
        return sorted
    }
}
