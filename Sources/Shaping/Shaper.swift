import CHarfBuzz
import Fonts
import Text

/// OpenType features applied when shaping; kerning and standard ligatures are on by default.
public struct FeatureSet: Hashable, Sendable {
    public var kerning: Bool
    public var ligatures: Bool
    /// Further features, applied after the two switches above (so `-liga` here wins).
    public var features: [FontFeature]

    public init(kerning: Bool = true, ligatures: Bool = true, features: [FontFeature] = []) {
        self.kerning = kerning
        self.ligatures = ligatures
        self.features = features
    }

    public static let standard = FeatureSet()

    /// The features text with these attributes is shaped with. Letter-spaced text loses its
    /// ligatures, as in CSS: spacing a ligature's letters apart is not possible.
    public init(_ attributes: TextAttributes) {
        self.init(kerning: attributes.kerning, ligatures: attributes.ligatures && attributes.tracking == 0,
                  features: attributes.features)
    }
}

/// Shapes text with HarfBuzz. Words repeat, so results are cached per
/// (font, language, features, text): a word is shaped once however often it occurs.
///
/// Not thread-safe; one per document (HarfBuzz buffers and the cache are reused).
public final class Shaper {
    /// What besides the text decides the glyphs.
    private struct Context: Hashable {
        var fontID: Int
        var language: String
        var features: FeatureSet
        var script: String?
        var rightToLeft: Bool

        /// Whether these are the context: compared field by field, without hashing.
        func matches(fontID: Int, language: String, features: FeatureSet, script: String?, rightToLeft: Bool) -> Bool {
            self.fontID == fontID && self.rightToLeft == rightToLeft && self.language == language && self.script == script
                && self.features == features
        }
    }

    /// Words by context. Consecutive words nearly always share one, and a paragraph's hyphen
    /// takes turns with its words' context: the last two are at hand without a lookup.
    private var caches: [Context: ShapedWordTable] = [:]
    // Kept apart (not as tuples) so that a word's lookup copies no context; unchecked, as the
    // tables' arrays are (see ShapedWordTable).
    @exclusivity(unchecked) private var currentContext: Context?
    @exclusivity(unchecked) private var currentWords = ShapedWordTable()
    private var previousContext: Context?
    private var previousWords = ShapedWordTable()
    private var cachedWordCount = 0
    private let buffer: OpaquePointer
    /// Past this many cached words the cache starts again (bounds memory on huge vocabularies).
    public var cacheLimit = 200_000
    @exclusivity(unchecked) public private(set) var cacheHits = 0
    @exclusivity(unchecked) public private(set) var cacheMisses = 0

    public init() {
        buffer = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(buffer)
    }

    /// Shapes `text` (UTF-16) in `font`; clusters are offsets into `text`. `script` is an
    /// ISO 15924 code (nil: HarfBuzz guesses it). Right-to-left text comes back in visual
    /// order, as HarfBuzz gives it: its clusters decrease.
    public func shape<C: Collection>(_ text: C, font: Font, language: String = "en", features: FeatureSet = .standard,
                                     script: String? = nil, rightToLeft: Bool = false) -> ShapedGlyphs where C.Element == UInt16 {
        var shaped = ShapedGlyphs()
        withGlyphs(of: ArraySlice(text), font: font, language: language, features: features, script: script,
                   rightToLeft: rightToLeft) { glyphs in
            shaped = ShapedGlyphs(glyphs)
        }
        return shaped
    }

    /// The glyphs of `text`, a slice of a text's storage, as `shape` gives them, lent to `body`
    /// from the cache for the time of the call (what layout does, word after word: no array is
    /// made per word). `body` must not shape.
    public func withGlyphs(of text: ArraySlice<UInt16>, font: Font, language: String = "en", features: FeatureSet = .standard,
                           script: String? = nil, rightToLeft: Bool = false, _ body: (UnsafeBufferPointer<ShapedGlyph>) -> Void) {
        switchContext(fontID: font.id, language: language, features: features, script: script, rightToLeft: rightToLeft)
        var words = currentWords
        text.withUnsafeBufferPointer { word in
            let hash = ShapedWordTable.hash(word)
            let range: Range<Int>
            if let known = words.glyphRange(of: word, hash: hash) {
                cacheHits += 1
                range = known
            } else {
                cacheMisses += 1
                let shaped = shapeUncached(word, font: font, context: currentContext!)
                if cachedWordCount >= cacheLimit {
                    startCacheAgain()
                    words = currentWords
                }
                range = words.keep(word, hash: hash, glyphs: shaped)
                cachedWordCount += 1
            }
            words.lendGlyphs(range, to: body)
        }
    }

    /// Makes the context the current one.
    private func switchContext(fontID: Int, language: String, features: FeatureSet, script: String?, rightToLeft: Bool) {
        if currentContext?.matches(fontID: fontID, language: language, features: features, script: script,
                                   rightToLeft: rightToLeft) == true {
            return
        }
        if previousContext?.matches(fontID: fontID, language: language, features: features, script: script,
                                    rightToLeft: rightToLeft) == true {
            swap(&currentContext, &previousContext)
            swap(&currentWords, &previousWords)
            return
        }
        let context = Context(fontID: fontID, language: language, features: features, script: script, rightToLeft: rightToLeft)
        let words = caches[context] ?? ShapedWordTable()
        caches[context] = words
        previousContext = currentContext
        previousWords = currentWords
        currentContext = context
        currentWords = words
    }

    /// Drops every cached word, keeping the current context.
    private func startCacheAgain() {
        caches.removeAll()
        previousContext = nil
        previousWords = ShapedWordTable()
        currentWords = ShapedWordTable()
        if let context = currentContext { caches[context] = currentWords }
        cachedWordCount = 0
    }

    private func shapeUncached(_ text: UnsafeBufferPointer<UInt16>, font: Font, context: Context) -> [ShapedGlyph] {
        let features = context.features
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), 0, Int32(text.count))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_language(buffer, hb_language_from_string(context.language, -1))
        // The direction comes from the bidi algorithm and the script from the itemizer, not
        // from HarfBuzz's guess: a run of neutrals in Arabic text is right to left.
        hb_buffer_set_direction(buffer, context.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if let script = context.script { hb_buffer_set_script(buffer, hb_script_from_string(script, -1)) }
        hb_buffer_guess_segment_properties(buffer)

        var hbFeatures = [hb_feature_t]()
        if !features.kerning { hbFeatures.append(Self.feature("kern", 0)) }
        if !features.ligatures {
            hbFeatures.append(Self.feature("liga", 0))
            hbFeatures.append(Self.feature("clig", 0))
        }
        for feature in features.features where feature.tag.utf8.count == 4 {
            hbFeatures.append(Self.feature(feature.tag, feature.value))
        }
        hb_shape(font.harfBuzzFont, buffer, hbFeatures, UInt32(hbFeatures.count))

        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, &count)
        var shaped: [ShapedGlyph] = []
        shaped.reserveCapacity(Int(count))
        for index in 0 ..< Int(count) {
            let info = infos![index]
            let position = positions![index]
            // A variation selector the face has no use for is shaped as an invisible glyph,
            // which is the face's space: a PDF then maps that glyph to the selector, and every
            // real space drawn with it extracts as nothing ("I ❤️you"). It draws nothing, so it
            // goes; its character is read with the one it selects.
            if position.x_advance == 0, Self.isVariationSelector(text, at: Int(info.cluster)) { continue }
            shaped.append(ShapedGlyph(id: info.codepoint, advance: position.x_advance, xOffset: position.x_offset,
                                      yOffset: position.y_offset, cluster: Int32(info.cluster)))
        }
        return shaped
    }

    /// U+FE00–FE0F, or U+E0100–E01EF (a surrogate pair).
    private static func isVariationSelector(_ text: UnsafeBufferPointer<UInt16>, at offset: Int) -> Bool {
        guard offset < text.count else { return false }
        let unit = text[offset]
        if (0xFE00 ... 0xFE0F).contains(unit) { return true }
        return unit == 0xDB40 && offset + 1 < text.count && (0xDD00 ... 0xDDEF).contains(text[offset + 1])
    }

    private static func feature(_ tag: String, _ value: UInt32) -> hb_feature_t {
        let bytes = Array(tag.utf8)
        let tagValue = UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
        return hb_feature_t(tag: tagValue, value: value, start: 0, end: UInt32.max)
    }
}
