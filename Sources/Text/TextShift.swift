/// How an edit moves the offsets of the text after it: each offset at or past `from` (the
/// change's end in the old text) moves by `by`, those before it stay. What a page set from an
/// earlier text is shifted by when `typeset watch` takes it again after an edit that changed
/// the text's length (`TextChange.shift`); `text` is the new text, which its frames index.
public struct TextShift: Sendable {
    public var from: Int
    public var by: Int
    public var text: AttributedText
    /// How the numbers of the pictures, boxes, tables, sections and kept blocks after the change move.
    public var numbers: ElementNumberShift

    public init(from: Int, by: Int, text: AttributedText, numbers: ElementNumberShift = .none) {
        self.from = from
        self.by = by
        self.text = text
        self.numbers = numbers
    }

    @inlinable
    public func callAsFunction(_ offset: Int) -> Int {
        offset >= from ? offset + by : offset
    }

    /// A range moves whole with its first character: a range that starts before the change
    /// ends before it or at its start (one holding the change is never taken again).
    @inlinable
    public func callAsFunction(_ range: Range<Int>) -> Range<Int> {
        range.lowerBound >= from ? range.lowerBound + by ..< range.upperBound + by : range
    }

    /// Each of `offsets` moved, in place: a run's clusters, a line plan's starts.
    @inlinable
    public func move(_ offsets: inout [Int]) {
        offsets.withUnsafeMutableBufferPointer { offsets in
            for index in offsets.indices where offsets[index] >= from { offsets[index] += by }
        }
    }
}

/// A value that names offsets in the text it was set from: shifted, it names the same
/// characters in the text after an edit before them. Every layout value a kept page holds is
/// one (`KeptPagesShiftTests` compares a shifted setting with a cold one field by field, so
/// an offset added and not shifted fails there). Shifted in place: a taken page's lines, runs
/// and clusters are changed where they lie, not copied element by element.
public protocol TextOffsetsHolder {
    mutating func shift(by shift: TextShift)
}

extension TextOffsetsHolder {
    /// A copy of the value, shifted.
    @inlinable
    public func shifted(by shift: TextShift) -> Self {
        var value = self
        value.shift(by: shift)
        return value
    }
}

// Inlinable, so that each module's use is specialised to its element: unspecialised, the
// elements went through the protocol's witness one copy at a time (75 M instructions of an
// edit's 681 M on the magazine).
extension Array: TextOffsetsHolder where Element: TextOffsetsHolder {
    @inlinable
    public mutating func shift(by shift: TextShift) {
        for index in indices { self[index].shift(by: shift) }
    }
}

extension Optional: TextOffsetsHolder where Wrapped: TextOffsetsHolder {
    @inlinable
    public mutating func shift(by shift: TextShift) {
        self?.shift(by: shift)
    }
}

extension TextChange {
    /// How the change moves the old text's offsets after it, into `text`, the new one.
    public func shift(into text: AttributedText) -> TextShift {
        TextShift(from: oldEnd, by: lengthChange, text: text, numbers: numbers)
    }
}
