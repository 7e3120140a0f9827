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
    }

    /// Words by context; consecutive words nearly always share one, so it is looked up once.
    private var caches: [Context: [UTF16Key: ShapedGlyphs]] = [:]
    private var currentContext: Context?
    private var current: [UTF16Key: ShapedGlyphs] = [:]
    private var cachedWordCount = 0
    private let buffer: OpaquePointer
    /// Past this many cached words the cache starts again (bounds memory on huge vocabularies).
    public var cacheLimit = 200_000
    public private(set) var cacheHits = 0
    public private(set) var cacheMisses = 0

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
        shape(ArraySlice(text), font: font, language: language, features: features, script: script, rightToLeft: rightToLeft)
    }

    /// The same for a slice of a text's storage (what layout passes, word after word: this
    /// overload is not generic, so the call from another module is not an unspecialised one).
    public func shape(_ text: ArraySlice<UInt16>, font: Font, language: String = "en", features: FeatureSet = .standard,
                      script: String? = nil, rightToLeft: Bool = false) -> ShapedGlyphs {
        let word = UTF16Key(text)
        if let current = currentContext, current.fontID == font.id, current.rightToLeft == rightToLeft,
           current.language == language, current.script == script, current.features == features {
            // The context of the word before: nothing to switch (the common case).
        } else {
            switchContext(to: Context(fontID: font.id, language: language, features: features, script: script, rightToLeft: rightToLeft))
        }
        if let cached = current[word] {
            cacheHits += 1
            return cached
        }
        cacheMisses += 1
        let shaped = shapeUncached(word.units, font: font, context: currentContext!)
        if cachedWordCount >= cacheLimit {
            caches.removeAll()
            current.removeAll()
            cachedWordCount = 0
        }
        current[word] = shaped
        cachedWordCount += 1
        return shaped
    }

    private func switchContext(to context: Context) {
        if let previous = currentContext { caches[previous] = current }
        current = caches.removeValue(forKey: context) ?? [:]
        currentContext = context
    }

    private func shapeUncached(_ text: ArraySlice<UInt16>, font: Font, context: Context) -> ShapedGlyphs {
        let features = context.features
        hb_buffer_clear_contents(buffer)
        text.withUnsafeBufferPointer { units in
            hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), 0, Int32(units.count))
        }
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
        var shaped = ShapedGlyphs()
        let n = Int(count)
        shaped.glyphIDs.reserveCapacity(n)
        shaped.advances.reserveCapacity(n)
        shaped.xOffsets.reserveCapacity(n)
        shaped.yOffsets.reserveCapacity(n)
        shaped.clusters.reserveCapacity(n)
        for index in 0 ..< n {
            let info = infos![index]
            let position = positions![index]
            // A variation selector the face has no use for is shaped as an invisible glyph,
            // which is the face's space: a PDF then maps that glyph to the selector, and every
            // real space drawn with it extracts as nothing ("I ❤️you"). It draws nothing, so it
            // goes; its character is read with the one it selects.
            if position.x_advance == 0, Self.isVariationSelector(text, at: Int(info.cluster) + text.startIndex) { continue }
            shaped.glyphIDs.append(info.codepoint)
            shaped.advances.append(position.x_advance)
            shaped.xOffsets.append(position.x_offset)
            shaped.yOffsets.append(position.y_offset)
            shaped.clusters.append(Int32(info.cluster))
        }
        return shaped
    }

    /// U+FE00–FE0F, or U+E0100–E01EF (a surrogate pair).
    private static func isVariationSelector(_ text: ArraySlice<UInt16>, at offset: Int) -> Bool {
        guard offset < text.endIndex else { return false }
        let unit = text[offset]
        if (0xFE00 ... 0xFE0F).contains(unit) { return true }
        return unit == 0xDB40 && offset + 1 < text.endIndex && (0xDD00 ... 0xDDEF).contains(text[offset + 1])
    }

    private static func feature(_ tag: String, _ value: UInt32) -> hb_feature_t {
        let bytes = Array(tag.utf8)
        let tagValue = UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
        return hb_feature_t(tag: tagValue, value: value, start: 0, end: UInt32.max)
    }
}
