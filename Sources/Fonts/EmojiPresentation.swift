/// How a character that can be an emoji is shown (Unicode's UTS #51): as an emoji, in colour
/// from an emoji face, or as text, in a face of the text around it.
public enum EmojiPresentation: Hashable, Sendable {
    case emoji
    case text

    /// U+FE0F: the character before it is shown as an emoji.
    public static let emojiSelector: Unicode.Scalar = "\u{FE0F}"
    /// U+FE0E: the character before it is shown as text.
    public static let textSelector: Unicode.Scalar = "\u{FE0E}"

    /// The presentation asked for by a character and the one after it: a selector after it
    /// decides; without one, the character's Emoji_Presentation property does (❤ is text,
    /// ⌚ an emoji). Nil for a character that is no emoji, whatever follows it.
    public static func of(_ scalar: Unicode.Scalar, followedBy next: Unicode.Scalar?) -> EmojiPresentation? {
        guard mayBeEmoji(scalar) else { return nil }   // digits, # and * (keycaps) stay text
        let properties = scalar.properties
        guard properties.isEmoji else { return nil }
        switch next {
        case emojiSelector?: return .emoji
        case textSelector?: return .text
        default: return properties.isEmojiPresentation ? .emoji : .text
        }
    }

    /// Whether `scalar` is shown as an emoji without a selector (Emoji_Presentation).
    public static func isEmojiByDefault(_ scalar: Unicode.Scalar) -> Bool {
        mayBeEmoji(scalar) && scalar.properties.isEmojiPresentation
    }

    /// Whether `scalar` lies where Unicode's emoji other than ASCII's are (© ®, U+203C to
    /// U+3299, and from U+1F000): a range test that spares the letters of Latin, Cyrillic or
    /// CJK text the property lookups in the itemizer and the font preflight.
    public static func mayBeEmoji(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value == 0xA9 || value == 0xAE || (0x203C ... 0x3299).contains(value) || value >= 0x1F000
    }

    /// The presentation of a cluster: that of its first character and the one after it.
    public static func of<C: Collection>(cluster scalars: C) -> EmojiPresentation? where C.Element == Unicode.Scalar {
        guard let first = scalars.first else { return nil }
        return of(first, followedBy: scalars.dropFirst().first)
    }
}
