/// The byte a one-character text has in WinAnsiEncoding (ISO 32000-1, Annex D.2; Windows code
/// page 1252): printable ASCII as itself, Latin-1's U+00A0–U+00FF as their code points, and the
/// typographer's punctuation and the few letters code page 1252 puts in 0x80–0x9F. A simple font
/// gives such a text this byte when it is free (`SimpleFontCodes`), so that its code is the
/// same whatever the order the pages meet the document's characters in: the no-break space is
/// 0xA0 and a hyphen added at a line's end (read as U+00AD) 0xAD in every run, however the
/// lines fall.
enum WinAnsiBytes {
    /// Code page 1252's characters in 0x80–0x9F, by code point; the five bytes it leaves
    /// unassigned there (0x81, 0x8D, 0x8F, 0x90, 0x9D) stand for no character.
    private static let punctuationAndLetters: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86,
        0x2021: 0x87, 0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C,
        0x017D: 0x8E, 0x2018: 0x91, 0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95,
        0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98, 0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B,
        0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]

    /// The bytes no character has: the ones a pair without a byte of its own is given first.
    static let unassigned: [UInt8] = [0x81, 0x8D, 0x8F, 0x90, 0x9D]

    /// `utf8`'s byte when it is one character WinAnsiEncoding has, other than the space (code
    /// 32 is the word space's); nil otherwise.
    static func byte(of utf8: [UInt8]) -> UInt8? {
        guard let character = onlyScalar(of: utf8) else { return nil }
        switch character {
        case 0x21 ... 0x7E, 0xA0 ... 0xFF: return UInt8(character)
        default: return punctuationAndLetters[character]
        }
    }

    /// The code point of a UTF-8 text of one scalar of up to three bytes (WinAnsi's are all
    /// in the Basic Multilingual Plane), else nil.
    private static func onlyScalar(of utf8: [UInt8]) -> UInt32? {
        switch utf8.count {
        case 1 where utf8[0] < 0x80: return UInt32(utf8[0])
        case 2 where utf8[0] & 0xE0 == 0xC0 && utf8[1] & 0xC0 == 0x80:
            return UInt32(utf8[0] & 0x1F) << 6 | UInt32(utf8[1] & 0x3F)
        case 3 where utf8[0] & 0xF0 == 0xE0 && utf8[1] & 0xC0 == 0x80 && utf8[2] & 0xC0 == 0x80:
            return UInt32(utf8[0] & 0x0F) << 12 | UInt32(utf8[1] & 0x3F) << 6 | UInt32(utf8[2] & 0x3F)
        default: return nil
        }
    }
}
