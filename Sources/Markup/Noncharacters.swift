/// Unicode's noncharacters: U+FDD0…U+FDEF and the last two code points of every plane
/// (U+FFFE, U+FFFF, U+1FFFE … U+10FFFF). They are valid in a file but name nothing printable,
/// and Cairo refuses text holding one ("input string not valid UTF-8") when the page is drawn,
/// far from the line that has it; so the markup finds them first.
enum Noncharacters {
    /// Whether `scalar` is a noncharacter.
    static func contains(_ scalar: UInt32) -> Bool {
        (0xFDD0 ... 0xFDEF).contains(scalar) || scalar & 0xFFFE == 0xFFFE
    }

    /// How many UTF-16 units the noncharacter at `offset` takes (1 or 2); nil when none starts there.
    static func length<Units: RandomAccessCollection<UInt16>>(in units: Units, at offset: Int, end: Int) -> Int? where Units.Index == Int {
        let unit = units[offset]
        if mayStart(unit) {
            if !UTF16.isLeadSurrogate(unit) { return 1 }
            // Beyond the first plane, only a lead surrogate ending in six 1 bits and a trail
            // surrogate U+DFFE or U+DFFF make U+nFFFE or U+nFFFF.
            if offset + 1 < end, units[offset + 1] | 1 == 0xDFFF { return 2 }
        }
        return nil
    }

    /// Whether `unit` may start a noncharacter: cheap, for the scanner's inner loop.
    static func mayStart(_ unit: UInt16) -> Bool {
        (0xFDD0 ... 0xFDEF).contains(unit) || unit >= 0xFFFE || unit & 0xFC3F == 0xD83F
    }

    /// "U+FFFF", "U+10FFFE".
    static func name(of units: some Collection<UInt16>) -> String {
        let scalar = String(decoding: units, as: UTF16.self).unicodeScalars.first!.value
        return "U+" + String(scalar, radix: 16, uppercase: true)   // never fewer than four digits
    }
}
