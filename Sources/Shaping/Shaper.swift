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
    struct Context: Hashable {
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

    /// Words by context; a table, once made, stays its context's for the Shaper's life (see
    /// ShapingContext).
    private var caches: [Context: ShapedWordTable] = [:]
    /// The last two contexts resolved: consecutive calls nearly always share one, and a
    /// paragraph's hyphen takes turns with its words' context.
    private var currentContext: ShapingContext?
    private var previousContext: ShapingContext?
    /// What the tables hold together (`ShapedWordTable.bytesHeld`). Unchecked, as the counts
    /// below: read and written for each word not met before, where a check is some 60
    /// instructions.
    @exclusivity(unchecked) public private(set) var cacheBytesHeld = 0
    private let buffer: OpaquePointer
    /// The glyphs of the word being shaped, one array kept from word to word: its table copies
    /// them, so a word not met before makes no array of its own.
    @exclusivity(unchecked) private var wordGlyphs: [ShapedGlyph] = []
    /// HarfBuzz's language and script for the last names shaped in, looked up again only when
    /// a word's context names others (a look-up is a string's hash and a walk of HarfBuzz's list).
    private var lastLanguage: (name: String, language: hb_language_t?)?
    private var lastScript: (name: String, script: hb_script_t)?
    /// Past this many bytes held the cache starts again: memory follows the budget, not the
    /// number of distinct words (a price list or a verse-by-verse book has a word per line no
    /// other line repeats). See docs/pipeline.md, "Memory that follows the text", entry "Caches
    /// bounded by bytes".
    public var cacheBudget = Shaper.defaultCacheBudget
    public static let defaultCacheBudget = 4 << 20
    @exclusivity(unchecked) public private(set) var cacheRestarts = 0
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
    /// from the cache for the time of the call. `body` must not shape. For word after word of
    /// one run, resolve the context once and use `withGlyphs(of:in:_:)`.
    public func withGlyphs(of text: ArraySlice<UInt16>, font: Font, language: String = "en", features: FeatureSet = .standard,
                           script: String? = nil, rightToLeft: Bool = false, _ body: (UnsafeBufferPointer<ShapedGlyph>) -> Void) {
        withGlyphs(of: text, in: context(font: font, language: language, features: features, script: script, rightToLeft: rightToLeft),
                   body)
    }

    /// The context to shape a run's words in (see ShapingContext).
    public func context(font: Font, language: String = "en", features: FeatureSet = .standard, script: String? = nil,
                        rightToLeft: Bool = false) -> ShapingContext {
        if let current = currentContext, current.font === font,
           current.key.matches(fontID: font.id, language: language, features: features, script: script, rightToLeft: rightToLeft) {
            return current
        }
        if let previous = previousContext, previous.font === font,
           previous.key.matches(fontID: font.id, language: language, features: features, script: script, rightToLeft: rightToLeft) {
            swap(&currentContext, &previousContext)
            return previous
        }
        let key = Context(fontID: font.id, language: language, features: features, script: script, rightToLeft: rightToLeft)
        let words: ShapedWordTable
        if let known = caches[key] {
            words = known
        } else {
            words = ShapedWordTable()
            caches[key] = words
        }
        let context = ShapingContext(font: font, key: key, words: words)
        previousContext = currentContext
        currentContext = context
        return context
    }

    /// The glyphs of `text`, a slice of a text's storage, shaped in `context`, lent to `body`
    /// from the cache for the time of the call (what layout does, word after word: no array is
    /// made per word). `body` must not shape.
    public func withGlyphs(of text: ArraySlice<UInt16>, in context: ShapingContext, _ body: (UnsafeBufferPointer<ShapedGlyph>) -> Void) {
        text.withUnsafeBufferPointer { word in withGlyphs(of: word, in: context, body) }
    }

    /// The same for a word read through a pointer: a caller that holds its paragraph's units
    /// so retains no slice of them per word.
    public func withGlyphs(of word: UnsafeBufferPointer<UInt16>, in context: ShapingContext,
                           _ body: (UnsafeBufferPointer<ShapedGlyph>) -> Void) {
        let words = context.words
        let hash = ShapedWordTable.hash(word)
        let entry: Int
        if let known = words.entry(of: word, hash: hash) {
            cacheHits += 1
            words.noteMetAgain(known)
            entry = known
        } else {
            cacheMisses += 1
            shapeUncached(word, item: 0 ..< word.count, font: context.font, context: context.key, into: &wordGlyphs)
            // Kept only within the budget, counting what keeping it would allocate.
            if cacheBytesHeld + words.bytesToKeep(word, glyphs: wordGlyphs) > cacheBudget {
                startCacheAgain { words.bytesToKeep(word, glyphs: wordGlyphs) }
            }
            let before = words.bytesHeld
            entry = words.keep(word, hash: hash, glyphs: wordGlyphs)
            cacheBytesHeld += words.bytesHeld - before
        }
        words.lendGlyphs(ofEntry: entry, to: body)
    }

    /// Drops the cached words but those met again since the last start: a book's vocabulary
    /// then outlives the words no other line has (a verse's reference, a part number). Those
    /// kept take at most half the budget, so that a start, a pass over the words, leaves room
    /// for at least as many bytes of new words as it kept, and costs less than shaping them;
    /// when what is kept leaves no room for the `bytesToKeep()` about to be kept, no word is
    /// kept. The tables are emptied in place, not replaced, so that the contexts callers hold
    /// stay their contexts' (see ShapingContext).
    private func startCacheAgain(toMakeRoomFor bytesToKeep: () -> Int) {
        var allowance = cacheBudget / 2
        for words in caches.values { allowance -= words.keepOnlyWordsMetAgain(within: allowance) }
        cacheBytesHeld = caches.values.reduce(0) { $0 + $1.bytesHeld }
        if cacheBytesHeld + bytesToKeep() > cacheBudget {
            for words in caches.values { words.removeAll() }
            cacheBytesHeld = caches.values.reduce(0) { $0 + $1.bytesHeld }
        }
        cacheRestarts += 1
    }

    /// The glyphs of `item` of `text`, the rest of `text` its context (see WordPieceShaping);
    /// clusters from the item's start.
    func shapeUncached(_ text: UnsafeBufferPointer<UInt16>, item: Range<Int>, font: Font, context: Context) -> [ShapedGlyph] {
        var shaped: [ShapedGlyph] = []
        shapeUncached(text, item: item, font: font, context: context, into: &shaped)
        return shaped
    }

    /// The same into `shaped`, emptied first.
    private func shapeUncached(_ text: UnsafeBufferPointer<UInt16>, item: Range<Int>, font: Font, context: Context,
                               into shaped: inout [ShapedGlyph]) {
        let features = context.features
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), UInt32(item.lowerBound), Int32(item.count))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_language(buffer, harfBuzzLanguage(context.language))
        // The direction comes from the bidi algorithm and the script from the itemizer, not
        // from HarfBuzz's guess: a run of neutrals in Arabic text is right to left.
        hb_buffer_set_direction(buffer, context.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if let script = context.script { hb_buffer_set_script(buffer, harfBuzzScript(script)) }
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
        shaped.removeAll(keepingCapacity: true)
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
                                      yOffset: position.y_offset, cluster: Int32(info.cluster) - Int32(item.lowerBound)))
        }
    }

    // Strings through `withCString`: one passed as a C string is copied into an array made
    // for the call.
    private func harfBuzzLanguage(_ name: String) -> hb_language_t? {
        if let last = lastLanguage, last.name == name { return last.language }
        let language: hb_language_t? = name.withCString { hb_language_from_string($0, -1) }
        lastLanguage = (name, language)
        return language
    }

    private func harfBuzzScript(_ name: String) -> hb_script_t {
        if let last = lastScript, last.name == name { return last.script }
        let script = name.withCString { hb_script_from_string($0, -1) }
        lastScript = (name, script)
        return script
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
