/// How a dictionary spells letters, named by its first line: UTF-8, KOI8-R (Russian's), or one
/// byte a letter in ISO 8859-1 (German's, Dutch's, Portuguese's, and any other name, as typeset
/// read them before).
enum HyphenationEncoding: Sendable {
    case utf8
    case latin1
    case koi8R

    init(name: some Collection<UInt8>) {
        switch String(decoding: name, as: UTF8.self) {
        case "UTF-8": self = .utf8
        case "KOI8-R": self = .koi8R
        default: self = .latin1
        }
    }

    /// KOI8-R's letters from 0xC0 on; the rest of its upper half is box drawing, but for ё and Ё.
    private static let koi8RLetters = Array("юабцдефгхийклмнопярстужвьызшэщчъЮАБЦДЕФГХИЙКЛМНОПЯРСТУЖВЬЫЗШЭЩЧЪ".unicodeScalars)

    /// KOI8-R's byte for each of U+0410 … U+044F (А … я), the letters above: a letter is looked
    /// up, not searched for.
    private static let koi8RBytes: [UInt8] = {
        var bytes = [UInt8](repeating: 0, count: 64)
        for (index, letter) in koi8RLetters.enumerated() { bytes[Int(letter.value) - 0x410] = 0xC0 + UInt8(index) }
        return bytes
    }()

    /// Appends the bytes of `scalar` to `bytes`, its break to be read at the last of them;
    /// false, and nothing appended, when the encoding has no such letter.
    @inline(__always)
    func spell(_ scalar: Unicode.Scalar, into bytes: inout [UInt8]) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            bytes.append(UInt8(value))
            return true
        }
        switch self {
        case .utf8:
            UTF8.encode(scalar) { bytes.append($0) }
        case .latin1:
            guard value <= 0xFF else { return false }
            bytes.append(UInt8(value))
        case .koi8R:
            switch value {
            case 0x410 ... 0x44F: bytes.append(Self.koi8RBytes[Int(value) - 0x410])
            case 0x451: bytes.append(0xA3)   // ё
            case 0x401: bytes.append(0xB3)   // Ё
            default: return false
            }
        }
        return true
    }

    /// The bytes of `scalars`, each of whose last byte carries its break; nil when one cannot be spelled.
    func bytes(of scalars: some Sequence<Unicode.Scalar>) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.underestimatedCount * 2)
        for scalar in scalars {
            guard spell(scalar, into: &bytes) else { return nil }
        }
        return bytes
    }

    /// Whether `bytes[index]` ends a letter: every byte does but in UTF-8, where a letter's
    /// bytes after its first are continuation bytes.
    @inline(__always)
    func endsLetter(_ bytes: [UInt8], at index: Int) -> Bool {
        self != .utf8 || index + 1 == bytes.count || bytes[index + 1] & 0xC0 != 0x80
    }
}
