/// A markup source's UTF-16 units, kept one byte each while every one of them is below U+0100
/// (ASCII and Latin-1: most Latin books), two bytes each otherwise. The offsets are UTF-16's
/// either way. The source is held whole while the text is built from it, so a book's source
/// costs half what its text does instead of as much (docs/pipeline.md, "Memory that follows
/// the text"). A unit read alone goes through a switch, which only markup does (tags,
/// references); the loops over every character of the text (`stretchEnd`, `appendUnits`)
/// are written for each width.
public enum SourceUnits: Sendable, RandomAccessCollection {
    case narrow([UInt8])
    case wide([UInt16])

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch self {
        case .narrow(let bytes): bytes.count
        case .wide(let units): units.count
        }
    }

    public subscript(offset: Int) -> UInt16 {
        switch self {
        case .narrow(let bytes): UInt16(bytes[offset])
        case .wide(let units): units[offset]
        }
    }

    /// The units of `range` as UTF-16, appended to `units`: the copy every line of text goes
    /// through on its way from the source to the text.
    func appendUnits(_ range: Range<Int>, to units: inout [UInt16]) {
        switch self {
        case .narrow(let bytes):
            // Widened in room added first, through pointers, a loop the compiler makes vector: a
            // lazy map goes through the standard library's copy of one element at a time (some
            // 27 instructions a unit, against the memcpy of two bytes a unit it replaces), and
            // indices checked for overflow keep the loop from being vectorized (10 a unit).
            let start = units.count
            units.append(contentsOf: repeatElement(0, count: range.count))
            units.withUnsafeMutableBufferPointer { wide in
                bytes.withUnsafeBufferPointer { narrow in
                    guard let target = wide.baseAddress, let source = narrow.baseAddress else { return }
                    Self.widen(source + range.lowerBound, into: target + start, count: range.count)
                }
            }
        case .wide(let wide): units.append(contentsOf: wide[range])
        }
    }

    private static func widen(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt16>, count: Int) {
        for index in 0 ..< count { target[index] = UInt16(source[index]) }
    }

    /// The index of the first unit from `start` that ends a stretch of ordinary characters
    /// (`UnitSearch.stretchEnd`), or the end.
    func stretchEnd(from start: Int, endsStretch: (UInt16) -> Bool) -> Int {
        switch self {
        case .narrow(let bytes): bytes.withUnsafeBufferPointer { UnitSearch.stretchEnd(in: $0, from: start) }
        case .wide(let units): units.withUnsafeBufferPointer { UnitSearch.stretchEnd(in: $0, from: start, endsStretch: endsStretch) }
        }
    }

    func string(_ range: Range<Int>) -> String {
        switch self {
        case .narrow(let bytes): String(decoding: bytes[range].lazy.map(UInt16.init), as: UTF16.self)
        case .wide(let units): String(decoding: units[range], as: UTF16.self)
        }
    }

    /// A line feed and `other`'s units after these, two bytes a unit from then on when either
    /// needs two. In place: the array is taken out of `self` before it grows, so that it is
    /// not copied (an issue's includes are appended one by one, `MarkupSource.append`).
    mutating func append(lineFeedAnd other: SourceUnits) {
        if case .narrow(var bytes) = self, case .narrow(let more) = other {
            self = .narrow([])
            bytes.append(0x0A)
            bytes.append(contentsOf: more)
            self = .narrow(bytes)
            return
        }
        var units = widened
        self = .narrow([])
        units.append(0x0A)
        other.appendUnits(0 ..< other.count, to: &units)
        self = .wide(units)
    }

    /// The units two bytes each.
    private var widened: [UInt16] {
        switch self {
        case .narrow(let bytes): bytes.map(UInt16.init)
        case .wide(let units): units
        }
    }

    /// The units' bytes as they are kept (`SourceUnitsFile`), and how many bytes a unit takes.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer, _ unitSize: Int) -> Result) -> Result {
        switch self {
        case .narrow(let bytes): bytes.withUnsafeBytes { body($0, 1) }
        case .wide(let units): units.withUnsafeBytes { body($0, 2) }
        }
    }
}
