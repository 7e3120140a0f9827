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

    /// The bytes of `scalars`, each of whose last byte carries its break; nil when one cannot be spelled.
    func bytes(of scalars: [Unicode.Scalar]) -> [UInt8]? {
        switch self {
        case .utf8:
            var bytes: [UInt8] = []
            bytes.reserveCapacity(scalars.count * 2)
            for scalar in scalars { bytes.append(contentsOf: String(scalar).utf8) }
            return bytes
        case .latin1:
            guard scalars.allSatisfy({ $0.value <= 0xFF }) else { return nil }
            return scalars.map { UInt8($0.value) }
        case .koi8R:
            var bytes: [UInt8] = []
            bytes.reserveCapacity(scalars.count)
            for scalar in scalars {
                if scalar.value < 0x80 {
                    bytes.append(UInt8(scalar.value))
                } else if scalar == "ё" {
                    bytes.append(0xA3)
                } else if scalar == "Ё" {
                    bytes.append(0xB3)
                } else if let index = Self.koi8RLetters.firstIndex(of: scalar) {
                    bytes.append(0xC0 + UInt8(index))
                } else {
                    return nil
                }
            }
            return bytes
        }
    }
}
