import Fonts
import Text

extension Shaper {
    /// The OpenType feature of superscript glyphs: figures and letters drawn small and high on
    /// the baseline by the face's designer (InDesign's OpenType superscript uses it).
    public static let superscriptFeature = FontFeature(tag: "sups", value: 1)

    /// Whether `font` has a superscript glyph (`sups`) for every character of `text`: shaped
    /// with the feature, each glyph differs from the one shaped without it, and none is missing.
    /// `script` is the text's around it (ISO 15924): a face may have the feature for one script
    /// only, and figures alone would be shaped as no script's.
    public func hasSuperscriptGlyphs<C: Collection>(for text: C, font: Font, script: String?) -> Bool where C.Element == UInt16 {
        guard !text.isEmpty else { return false }
        let plain = shape(text, font: font, script: script)
        let raised = shape(text, font: font, features: FeatureSet(features: [Self.superscriptFeature]), script: script)
        return plain.glyphIDs.count == raised.glyphIDs.count && !raised.glyphIDs.contains(0)
            && zip(plain.glyphIDs, raised.glyphIDs).allSatisfy { $0 != $1 }
    }
}
