/// Text on its way from the scanner to the document, with where each unit came from, so
/// that the document's source map can be built as the text is.
public struct SourcedText: Sendable, Equatable {
    public private(set) var units: [UInt16] = []
    private(set) var origins = SourceRuns()

    init() {}

    /// `units` standing for the source character or tag at `sourceOffset`.
    init<C: Collection>(_ units: C, madeAt sourceOffset: Int) where C.Element == UInt16 {
        append(units, madeAt: sourceOffset)
    }

    var isEmpty: Bool { units.isEmpty }

    /// Empties it, keeping the room it has.
    mutating func removeAll() {
        units.removeAll(keepingCapacity: true)
        origins.removeAll()
    }

    /// Source units from `range`, copied as they are.
    mutating func append(copying range: Range<Int>, of file: ScannedFile) {
        file.units.appendUnits(range.lowerBound - file.base ..< range.upperBound - file.base, to: &units)
        origins.appendCopied(length: range.count, from: range.lowerBound)
    }

    mutating func append<C: Collection>(_ units: C, madeAt sourceOffset: Int) where C.Element == UInt16 {
        self.units.append(contentsOf: units)
        origins.appendMade(length: units.count, at: sourceOffset)
    }

    mutating func append(_ other: SourcedText) {
        append(other, range: 0 ..< other.units.count)
    }

    /// The units of `other` in `range`, with their origins.
    mutating func append(_ other: SourcedText, range: Range<Int>) {
        // Spaces held back are most often none: nothing to copy.
        guard !range.isEmpty else { return }
        units.append(contentsOf: other.units[range])
        origins.append(other.origins, range: range)
    }
}
