import CICU
import Text

/// Where lines may break in a paragraph, by Unicode's line-breaking algorithm (UAX #14) as
/// ICU implements it. Offsets are UTF-16 offsets into the text given, each the start of a
/// possible next line; the end of the text is always the last one.
public struct BreakOpportunities: Sendable, Equatable {
    public var offsets: [Int]
    /// `mandatory[i]` is true where a line must end (after a hard line break).
    public var mandatory: [Bool]

    public init(offsets: [Int], mandatory: [Bool]) {
        self.offsets = offsets
        self.mandatory = mandatory
    }

    /// These opportunities less the ones no line must end at where `drop` says so; the same
    /// value, nothing copied, when it drops none (the typographic rules' filters, most of whose
    /// paragraphs have nothing for them). `drop` is asked once an opportunity, in order.
    public func removingOptionalBreaks(where drop: (Int) -> Bool) -> BreakOpportunities {
        guard let first = offsets.indices.first(where: { !mandatory[$0] && drop(offsets[$0]) }) else { return self }
        var kept = BreakOpportunities(offsets: Array(offsets[..<first]), mandatory: Array(mandatory[..<first]))
        kept.offsets.reserveCapacity(offsets.count)
        kept.mandatory.reserveCapacity(offsets.count)
        for index in first + 1 ..< offsets.count where mandatory[index] || !drop(offsets[index]) {
            kept.offsets.append(offsets[index])
            kept.mandatory.append(mandatory[index])
        }
        return kept
    }

    public static func find<C: Collection>(in text: C, locale: String = "en") -> BreakOpportunities where C.Element == UInt16 {
        find(in: TextUnitSlice(Array(text)), locale: locale)
    }

    /// The same for a slice of a text's storage, what layout passes for every paragraph: not
    /// generic, so that ICU reads the units where they lie, without a copy made through an
    /// unspecialised iterator. Plain English prose, most paragraphs of a book, is answered
    /// without ICU (PlainProseBreaks), as ICU would.
    public static func find(in units: TextUnitSlice, locale: String = "en") -> BreakOpportunities {
        guard !units.isEmpty else { return BreakOpportunities(offsets: [], mandatory: []) }
        if PlainProseBreaks.applies(to: locale),
           let plain = units.withUnsafeBufferPointer({ PlainProseBreaks.find(in: $0) }) {
            return plain
        }
        return findWithICU(in: units, locale: locale)
    }

    /// ICU's answer alone, for every text (what the plain prose's shortcut must agree with).
    static func findWithICU(in units: TextUnitSlice, locale: String) -> BreakOpportunities {
        guard !units.isEmpty else { return BreakOpportunities(offsets: [], mandatory: []) }
        // Arrays of a repeated element rather than `init(repeating:count:)`, which the standard
        // library allocates and fills unspecialised (docs/pipeline.md, "Speed: the layout
        // thread").
        var positions = Array(repeatElement(Int32(0), count: units.count + 1))
        var hard = Array(repeatElement(UInt8(0), count: units.count + 1))
        // The locale through `withCString`: a String passed as a C string is copied into an
        // array made for the call.
        let count = units.withUnsafeBufferPointer { buffer in
            locale.withCString { locale in
                tk_line_breaks(buffer.baseAddress, Int32(buffer.count), locale, &positions, &hard, Int32(positions.count))
            }
        }
        guard count > 0 else {
            // ICU failed (it should not): allow a break only at the end rather than anywhere.
            return BreakOpportunities(offsets: [units.count], mandatory: [true])
        }
        return BreakOpportunities(offsets: positions[0 ..< Int(count)].map { Int($0) },
                                  mandatory: hard[0 ..< Int(count)].map { $0 != 0 })
    }

    public static var icuVersion: String { String(cString: tk_icu_version()) }
}
