import CICU
import Text

/// The embedding levels of one paragraph by the Unicode Bidirectional Algorithm (UAX #9), as
/// ICU resolves them: even levels run left to right, odd levels right to left.
public struct BidiParagraph: Sendable {
    /// One level per UTF-16 unit of the paragraph, rule L1 applied only at its end (where a
    /// line ends is known later; see `visualOrder`).
    public let levels: [UInt8]
    /// 0 for a left-to-right paragraph, 1 for a right-to-left one.
    public let baseLevel: UInt8

    public var isRightToLeft: Bool { baseLevel & 1 == 1 }

    /// Levels of `text` (one paragraph, without its terminator) in `direction`; `.auto` takes
    /// the direction of the first strong character (rules P2–P3), left to right when none.
    public init<C: Collection>(_ text: C, direction: WritingDirection) where C.Element == UInt16 {
        let units = Array(text)
        // Text without a right-to-left character or a bidi control is all level 0 in a
        // left-to-right paragraph: most paragraphs need no call into ICU.
        if direction != .rtl, !units.contains(where: Self.mayNeedBidi) {
            levels = [UInt8](repeating: 0, count: units.count)
            baseLevel = 0
            return
        }
        var resolved = [UInt8](repeating: 0, count: units.count)
        let code: Int32 = direction == .ltr ? 0 : direction == .rtl ? 1 : -1
        let base = units.withUnsafeBufferPointer { tk_bidi_levels($0.baseAddress, Int32($0.count), code, &resolved) }
        guard base >= 0 else {
            // ICU failed (it should not): show the text in logical order rather than none.
            levels = [UInt8](repeating: direction == .rtl ? 1 : 0, count: units.count)
            baseLevel = direction == .rtl ? 1 : 0
            return
        }
        levels = resolved
        baseLevel = UInt8(base)
    }

    /// Whether a UTF-16 unit may be right to left or change levels: Hebrew and everything after
    /// it up to the CJK blocks, the bidi controls, and the right-to-left presentation forms and
    /// supplementary scripts (surrogates).
    @inline(__always)
    static func mayNeedBidi(_ unit: UInt16) -> Bool {
        if unit < 0x0590 { return false }
        return unit < 0x0900 || (0x200E ... 0x200F).contains(unit) || (0x202A ... 0x202E).contains(unit)
            || (0x2066 ... 0x2069).contains(unit) || (0xD800 ... 0xDFFF).contains(unit) || (0xFB1D ... 0xFEFF).contains(unit)
    }

    /// Rule L2: the visual order of items with these levels, left to right; element i is the
    /// index of the item shown i-th.
    public static func visualOrder(levels: [UInt8]) -> [Int] {
        guard levels.contains(where: { $0 != levels.first }) || levels.first.map({ $0 & 1 == 1 }) == true else {
            return Array(levels.indices)
        }
        var order = [Int32](repeating: 0, count: levels.count)
        _ = levels.withUnsafeBufferPointer { tk_bidi_reorder($0.baseAddress, Int32($0.count), &order) }
        return order.map { Int($0) }
    }
}
