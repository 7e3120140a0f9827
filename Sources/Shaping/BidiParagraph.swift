import CICU
import Text

/// The embedding levels of one paragraph by the Unicode Bidirectional Algorithm (UAX #9), as
/// ICU resolves them: even levels run left to right, odd levels right to left.
public struct BidiParagraph: Sendable {
    /// One level per UTF-16 unit of the paragraph, rule L1 applied only at its end (where a
    /// line ends is known later; see `visualOrder`). Nil when every level is 0, as in most
    /// paragraphs of most books: no array is made for them.
    private let resolved: [UInt8]?
    private let count: Int
    /// 0 for a left-to-right paragraph, 1 for a right-to-left one.
    public let baseLevel: UInt8

    public var isRightToLeft: Bool { baseLevel & 1 == 1 }

    /// Levels of `text` (one paragraph, without its terminator) in `direction`; `.auto` takes
    /// the direction of the first strong character (rules P2–P3), left to right when none.
    public init<C: Collection>(_ text: C, direction: WritingDirection) where C.Element == UInt16 {
        self.init(TextUnitSlice(Array(text)), direction: direction)
    }

    /// The same for a slice of a text's storage, what layout passes for every paragraph: not
    /// generic, so that the scan for right-to-left text runs over the units in place rather
    /// than through an unspecialised iterator. `unitsBelowU0100`: the caller knows every unit
    /// is (its text is kept a byte a character), so no scan is needed to know none is right to
    /// left (a scan read every unit of every paragraph: 27 M instructions on the book with
    /// its references).
    public init(_ text: TextUnitSlice, direction: WritingDirection, unitsBelowU0100: Bool = false) {
        count = text.count
        // Text without a right-to-left character or a bidi control is all level 0 in a
        // left-to-right paragraph: most paragraphs need no call into ICU.
        if direction != .rtl,
           unitsBelowU0100 || !text.withUnsafeBufferPointer({ $0.contains(where: Self.mayNeedBidi) }) {
            resolved = nil
            baseLevel = 0
            return
        }
        var levels = [UInt8](repeating: 0, count: text.count)
        let code: Int32 = direction == .ltr ? 0 : direction == .rtl ? 1 : -1
        let base = text.withUnsafeBufferPointer { tk_bidi_levels($0.baseAddress, Int32($0.count), code, &levels) }
        guard base >= 0 else {
            // ICU failed (it should not): show the text in logical order rather than none.
            resolved = direction == .rtl ? [UInt8](repeating: 1, count: text.count) : nil
            baseLevel = direction == .rtl ? 1 : 0
            return
        }
        resolved = levels.contains(where: { $0 != 0 }) ? levels : nil
        baseLevel = UInt8(base)
    }

    /// One level per UTF-16 unit.
    public var levels: [UInt8] { resolved ?? [UInt8](repeating: 0, count: count) }

    /// The level of the unit at `index` (from the paragraph's start).
    @inline(__always)
    public func level(at index: Int) -> UInt8 { resolved?[index] ?? 0 }

    /// The end of the run of units with the level of `start`, at most `end`.
    public func levelRunEnd(from start: Int, to end: Int) -> Int {
        guard let resolved else { return end }
        let level = resolved[start]
        return resolved[start ..< end].firstIndex { $0 != level } ?? end
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
