/// The characters of Chinese and Japanese text that the itemizer can answer about without
/// Unicode's property tables: the CJK ideographs (U+3400–U+9FFF, the Yijing hexagrams among
/// them), the CJK punctuation before the ideographic tone marks (U+3001–U+3029) and the
/// fullwidth forms of ASCII (U+FF01–U+FF5E). None of them is a space, a control, a mark, a
/// variation selector, a joiner or an emoji modifier (`TextItemizerTests` checks each against
/// the tables). A table search costs some 350 instructions a property, and the itemizer asked
/// five of every character of a Chinese book: 12 % of its instructions.
enum WideCharacters {
    @inline(__always)
    static func isPlain(_ value: UInt32) -> Bool {
        value &- 0x3400 <= 0x9FFF - 0x3400 || value &- 0x3001 <= 0x3029 - 0x3001 || value &- 0xFF01 <= 0xFF5E - 0xFF01
    }

    /// Every scalar `isPlain` answers for, for the test that checks them.
    static let plainRanges: [ClosedRange<UInt32>] = [0x3001 ... 0x3029, 0x3400 ... 0x9FFF, 0xFF01 ... 0xFF5E]
}
