/// What Hyphenator asks of each character of a word, read from the character alone: the
/// properties of Swift's standard library, which are what `String.lowercased()` and
/// `Unicode.Scalar.Properties` gave when Hyphenator decoded each word into a `String`; ASCII's
/// by arithmetic, the answers being the same.
///
/// Each property not ASCII's is a search of the standard library's tables (some 300
/// instructions), so a lowercase letter, most of a word, is answered by one: in Unicode every
/// character with the Lowercase property is alphabetic, its own lowercase, and neither
/// uppercase nor titlecase (HyphenationLetterTests checks it for every character).
struct HyphenationLetter {
    let scalar: Unicode.Scalar
    /// Unicode's Lowercase property: a to z in ASCII.
    let isLowercase: Bool

    init(_ scalar: Unicode.Scalar) {
        self.scalar = scalar
        switch scalar.value {
        case 0x61 ... 0x7A: isLowercase = true
        case 0 ..< 0x80: isLowercase = false
        default: isLowercase = scalar.properties.isLowercase
        }
    }

    /// A letter (alphabetic) or an apostrophe, `'` or `’`: what a word to hyphenate is made of.
    /// A combining mark that is not alphabetic (the acute of a decomposed é), a soft hyphen or a
    /// digit makes it no such word.
    var belongsInWord: Bool {
        switch scalar.value {
        case 0x41 ... 0x5A, 0x61 ... 0x7A, 0x27: true
        case 0 ..< 0x80: false
        default: isLowercase || scalar.value == 0x2019 || scalar.properties.isAlphabetic
        }
    }

    /// Uppercase or titlecase (ǅ): a word that begins with one may be a name.
    var isCapital: Bool {
        switch scalar.value {
        case 0x41 ... 0x5A: true
        case 0 ..< 0x80: false
        default: !isLowercase && (scalar.properties.isUppercase || scalar.properties.generalCategory == .titlecaseLetter)
        }
    }

    /// The character in lowercase, as `String.lowercased()` maps it (Unicode's full mapping,
    /// without context: Σ is σ even at a word's end); nil where that is not one character of
    /// the same length in UTF-16. Of all Unicode only İ (U+0130) is such: its lowercase is i and
    /// a combining dot, and the word it is in was never hyphenated.
    var lowercase: Unicode.Scalar? {
        switch scalar.value {
        case 0x41 ... 0x5A: return Unicode.Scalar(UInt8(scalar.value + 0x20))
        case 0 ..< 0x80: return scalar
        default:
            guard !isLowercase, scalar.properties.changesWhenLowercased else { return scalar }
            var mapping = scalar.properties.lowercaseMapping.unicodeScalars.makeIterator()
            guard let first = mapping.next(), mapping.next() == nil, UTF16.width(first) == UTF16.width(scalar) else { return nil }
            return first
        }
    }
}
