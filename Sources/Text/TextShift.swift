/// How an edit moves the offsets of the text after it: each offset at or past `from` (the
/// change's end in the old text) moves by `by`, those before it stay. What a page set from an
/// earlier text is shifted by when `typeset watch` takes it again after an edit that changed
/// the text's length (`TextChange.shift`); `text` is the new text, which its frames index.
public struct TextShift: Sendable {
    public var from: Int
    public var by: Int
    public var text: AttributedText

    public init(from: Int, by: Int, text: AttributedText) {
        self.from = from
        self.by = by
        self.text = text
    }

    public func callAsFunction(_ offset: Int) -> Int {
        offset >= from ? offset + by : offset
    }

    /// A range moves whole with its first character: a range that starts before the change
    /// ends before it or at its start (one holding the change is never taken again).
    public func callAsFunction(_ range: Range<Int>) -> Range<Int> {
        range.lowerBound >= from ? range.lowerBound + by ..< range.upperBound + by : range
    }
}

/// A value that names offsets in the text it was set from: shifted, it names the same
/// characters in the text after an edit before them. Every layout value a kept page holds is
/// one (`KeptPagesShiftTests` compares a shifted setting with a cold one field by field, so
/// an offset added and not shifted fails there).
public protocol TextOffsetsHolder {
    func shifted(by shift: TextShift) -> Self
}

extension Array: TextOffsetsHolder where Element: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> [Element] {
        map { $0.shifted(by: shift) }
    }
}

extension Optional: TextOffsetsHolder where Wrapped: TextOffsetsHolder {
    public func shifted(by shift: TextShift) -> Wrapped? {
        map { $0.shifted(by: shift) }
    }
}

extension TextChange {
    /// How the change moves the old text's offsets after it, into `text`, the new one.
    public func shift(into text: AttributedText) -> TextShift {
        TextShift(from: oldEnd, by: lengthChange, text: text)
    }
}
