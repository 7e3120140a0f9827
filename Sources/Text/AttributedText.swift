/// Characters and the attributes over each range, like NSAttributedString.
/// Text is stored as UTF-16 code units, one byte each while they allow it (`TextUnits`);
/// every index in the pipeline is a UTF-16 offset.
public struct AttributedText: Sendable {
    /// U+FFFC, the character that stands for an inline picture.
    public static let objectReplacementCharacter: UInt16 = 0xFFFC
    public static let lineFeed: UInt16 = 0x0A
    public static let paragraphSeparator: UInt16 = 0x2029

    public private(set) var storage = TextUnits()
    public private(set) var attributeRuns = RunArray<TextAttributes>()
    public private(set) var paragraphStyleRuns = RunArray<ParagraphStyle>()
    /// The style of text appended without one.
    public var defaultParagraphStyle: ParagraphStyle

    public init(defaultParagraphStyle: ParagraphStyle = ParagraphStyle()) {
        self.defaultParagraphStyle = defaultParagraphStyle
    }

    public init(_ string: String, attributes: TextAttributes, paragraphStyle: ParagraphStyle = ParagraphStyle()) {
        self.init(defaultParagraphStyle: paragraphStyle)
        append(string, attributes: attributes)
    }

    public var length: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }
    public var string: String { substring(0 ..< length) }

    public func substring(_ range: Range<Int>) -> String {
        String(decoding: storage[range], as: UTF16.self)
    }

    // MARK: Building

    /// Makes room for `count` code units in all, so that a long text grows in one step
    /// instead of doubling (which holds the old copy and the new one at once).
    public mutating func reserveCapacity(_ count: Int) {
        storage.reserveCapacity(count)
    }

    public mutating func append<C: Collection>(utf16 units: C, attributes: TextAttributes,
                                               paragraphStyle: ParagraphStyle? = nil) where C.Element == UInt16 {
        guard !units.isEmpty else { return }
        storage.append(contentsOf: ArraySlice(units))
        extendRuns(by: units.count, attributes: attributes, paragraphStyle: paragraphStyle)
    }

    /// The same for a slice of an array, the parser's case: an overload that is not generic,
    /// so that the units are copied in one step, narrowed when the text is kept a byte a unit.
    public mutating func append(utf16 units: ArraySlice<UInt16>, attributes: TextAttributes, paragraphStyle: ParagraphStyle? = nil) {
        guard !units.isEmpty else { return }
        storage.append(contentsOf: units)
        extendRuns(by: units.count, attributes: attributes, paragraphStyle: paragraphStyle)
    }

    /// Appends units that carry the attributes and the paragraph style of the last unit, which
    /// the caller knows: their runs are extended without comparing a value (a paragraph style's
    /// comparison costs more than a line's characters).
    public mutating func appendContinuingLastRuns(utf16 units: ArraySlice<UInt16>) {
        guard !units.isEmpty else { return }
        storage.append(contentsOf: units)
        attributeRuns.extendLastRun(by: units.count)
        paragraphStyleRuns.extendLastRun(by: units.count)
    }

    private mutating func extendRuns(by count: Int, attributes: TextAttributes, paragraphStyle: ParagraphStyle?) {
        attributeRuns.append(count: count, value: attributes)
        paragraphStyleRuns.append(count: count, value: paragraphStyle ?? defaultParagraphStyle)
    }

    /// Keeps the first `newLength` units: the text as appending them made it.
    public mutating func truncate(toLength newLength: Int) {
        guard newLength < length else { return }
        storage.removeSubrange(from: newLength)
        attributeRuns.truncate(toLength: newLength)
        paragraphStyleRuns.truncate(toLength: newLength)
    }

    public mutating func append(_ string: String, attributes: TextAttributes, paragraphStyle: ParagraphStyle? = nil) {
        append(utf16: Array(string.utf16), attributes: attributes, paragraphStyle: paragraphStyle)
    }

    /// Appends one object-replacement character carrying `delegate` and `image`.
    public mutating func appendAttachment(_ image: ImageAttachment, delegate: RunDelegate, attributes: TextAttributes,
                                          paragraphStyle: ParagraphStyle? = nil) {
        var attachmentAttributes = attributes
        attachmentAttributes.runDelegate = delegate
        attachmentAttributes.image = image
        append(utf16: CollectionOfOne(Self.objectReplacementCharacter), attributes: attachmentAttributes,
               paragraphStyle: paragraphStyle)
    }

    public mutating func setParagraphStyle(_ style: ParagraphStyle, in range: Range<Int>) {
        paragraphStyleRuns.set(style, in: range)
    }

    public mutating func setAttributes(_ attributes: TextAttributes, in range: Range<Int>) {
        attributeRuns.set(attributes, in: range)
    }

    /// Changes the attributes of every run overlapping `range` (e.g. to clamp a picture's size).
    public mutating func modifyAttributes(in range: Range<Int>, _ change: (inout TextAttributes) -> Void) {
        for run in attributeRuns.runs(in: range) {
            var changed = run.value
            change(&changed)
            if changed != run.value { attributeRuns.set(changed, in: run.range) }
        }
    }

    /// Changes the attributes over each of `ranges` (in order, not overlapping) in one pass
    /// over the runs: the thousands of matches of a markup rule cost one rebuild, not one each.
    public mutating func modifyAttributes(in ranges: [Range<Int>], _ change: (inout TextAttributes) -> Void) {
        modifyAttributes(in: ranges) { _, attributes in change(&attributes) }
    }

    /// Changes the attributes over each of `ranges` (in order, not overlapping) by a change
    /// of its own, given the range's index, in one pass over the runs: all the markup rules of
    /// a document, however many, cost one rebuild.
    public mutating func modifyAttributes(in ranges: [Range<Int>], _ change: (_ range: Int, inout TextAttributes) -> Void) {
        var rebuilt = RunArray<TextAttributes>()
        var position = 0
        var next = 0   // the first range not yet passed
        for run in 0 ..< attributeRuns.runCount {
            let runEnd = attributeRuns.range(ofRun: run).upperBound
            let value = attributeRuns.value(ofRun: run)
            while position < runEnd {
                while next < ranges.count, ranges[next].upperBound <= position { next += 1 }
                guard next < ranges.count, ranges[next].lowerBound < runEnd else {
                    rebuilt.append(count: runEnd - position, value: value)
                    position = runEnd
                    break
                }
                if ranges[next].lowerBound > position {
                    rebuilt.append(count: ranges[next].lowerBound - position, value: value)
                    position = ranges[next].lowerBound
                }
                var changed = value
                change(next, &changed)
                let end = min(ranges[next].upperBound, runEnd)
                rebuilt.append(count: end - position, value: changed)
                position = end
            }
        }
        attributeRuns = rebuilt
    }

    // MARK: Editing

    /// A character put into the text after it was built (a French narrow no-break space):
    /// `unit` goes before the character now at `offset` (at the text's length: after the last),
    /// with the attributes and paragraph style of the character now at `styledLike`.
    public typealias Insertion = (offset: Int, unit: UInt16, styledLike: Int)

    /// Puts `unit` in place of the one at `offset`, with its attributes: no offset moves.
    public mutating func replaceUnit(at offset: Int, with unit: UInt16) {
        storage.replace(at: offset, with: unit)
    }

    /// Makes `insertions` (by ascending offset) in one pass over the text and its runs.
    public mutating func insert(_ insertions: [Insertion]) {
        guard !insertions.isEmpty else { return }
        var units = TextUnits()
        units.reserveCapacity(storage.count + insertions.count)
        var attributes = RunArray<TextAttributes>(), paragraphStyles = RunArray<ParagraphStyle>()
        var position = 0
        func copy(to end: Int) {
            guard end > position else { return }
            units.append(contentsOf: storage[position ..< end])
            for run in attributeRuns.runs(in: position ..< end) { attributes.append(count: run.range.count, value: run.value) }
            for run in paragraphStyleRuns.runs(in: position ..< end) { paragraphStyles.append(count: run.range.count, value: run.value) }
            position = end
        }
        for insertion in insertions {
            copy(to: insertion.offset)
            units.append(insertion.unit)
            attributes.append(count: 1, value: attributeRuns.value(at: insertion.styledLike).value)
            paragraphStyles.append(count: 1, value: paragraphStyleRuns.value(at: insertion.styledLike).value)
        }
        copy(to: storage.count)
        storage = units
        attributeRuns = attributes
        paragraphStyleRuns = paragraphStyles
    }

    // MARK: Reading

    public func attributes(at index: Int) -> (attributes: TextAttributes, range: Range<Int>) {
        let run = attributeRuns.value(at: index)
        return (run.value, run.range)
    }

    /// The attribute runs overlapping `range`, clipped to it, each holding the text's one copy
    /// of its attributes.
    public func attributeRuns(in range: Range<Int>) -> [RunArray<TextAttributes>.Run] {
        attributeRuns.runs(in: range)
    }

    /// The ranges within `range` whose attributes pass `test`, one a run, without copying any
    /// run's attributes.
    public func attributeRanges(in range: Range<Int>, where test: (TextAttributes) -> Bool) -> [Range<Int>] {
        attributeRuns.ranges(in: range, where: test)
    }

    /// The attributes at `index` as the one copy their runs share: for a reader of a few of
    /// their fields, to whom a copy of them all (some 900 instructions with its release) costs
    /// more than what it reads.
    public func sharedAttributes(at index: Int) -> Shared<TextAttributes> {
        attributeRuns.sharedValue(ofRun: attributeRuns.runIndex(at: index))
    }

    public func paragraphStyle(at index: Int) -> ParagraphStyle {
        guard index < length else { return defaultParagraphStyle }
        return paragraphStyleRuns.value(at: index).value
    }

    /// The paragraph style at `index` as the one copy its runs share: for a reader of a few of
    /// its fields once a paragraph, to whom a copy of the whole style (some 1,500 instructions:
    /// its fields retained and released) costs more than what it reads.
    public func sharedParagraphStyle(at index: Int) -> Shared<ParagraphStyle> {
        guard index < length else { return Shared(defaultParagraphStyle) }
        return paragraphStyleRuns.sharedValue(ofRun: paragraphStyleRuns.runIndex(at: index))
    }

    public static func isParagraphEnd(_ unit: UInt16) -> Bool {
        unit == lineFeed || unit == paragraphSeparator
    }

    /// Whether a paragraph starts at `index`: the text's start, or after a paragraph's end.
    public func startsParagraph(at index: Int) -> Bool {
        index == 0 || (index <= length && Self.isParagraphEnd(storage[index - 1]))
    }

    /// The paragraph holding `index`: from after the previous separator through its own
    /// separator (included, when there is one). Read at the text's width: a unit read through
    /// `storage`'s switch a unit was some 17 instructions, both ways.
    public func paragraphRange(containing index: Int) -> Range<Int> {
        let position = min(index, length)
        return storage.withUnits(narrow: { bytes in
            // Below U+0100 only a line feed ends a paragraph.
            let lineFeed = UInt8(Self.lineFeed)
            var start = position
            while start > 0, bytes[start - 1] != lineFeed { start -= 1 }
            let end = TextUnits.firstIndex(ofByte: lineFeed, in: bytes, range: position ..< bytes.count).map { $0 + 1 } ?? bytes.count
            return start ..< end
        }, wide: { units in
            var start = position
            while start > 0, !Self.isParagraphEnd(units[start - 1]) { start -= 1 }
            var end = position
            while end < units.count {
                end += 1
                if Self.isParagraphEnd(units[end - 1]) { break }
            }
            return start ..< end
        })
    }

    /// The forced break before the paragraph that starts at `index` (`<columnbreak>`,
    /// `<pagebreak>`); nil when there is none or no paragraph starts there.
    public func forcedBreak(before index: Int) -> ForcedBreak? {
        guard index < length, startsParagraph(at: index) else { return nil }
        return paragraphStyle(at: index).breakBefore
    }

    /// Every attachment and the offset of its character, in text order.
    public var attachments: [(index: Int, image: ImageAttachment, delegate: RunDelegate)] {
        var result: [(index: Int, image: ImageAttachment, delegate: RunDelegate)] = []
        for index in 0 ..< attributeRuns.runCount {
            let value = attributeRuns.value(ofRun: index)
            guard let image = value.image, let delegate = value.runDelegate else { continue }
            for offset in attributeRuns.range(ofRun: index) where storage[offset] == Self.objectReplacementCharacter {
                result.append((offset, image, delegate))
            }
        }
        return result
    }
}

extension RunArray<TextAttributes>.Run {
    public var attributes: TextAttributes { value }
}
