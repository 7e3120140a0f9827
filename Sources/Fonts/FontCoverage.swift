import Text

/// A character no installed face has: where it first occurs and how often, so that one
/// located warning can stand for all its occurrences.
public struct UncoveredCharacter: Hashable, Sendable {
    public var scalar: Unicode.Scalar
    /// UTF-16 offset of its first occurrence in the text.
    public var firstOffset: Int
    public var count: Int

    public init(scalar: Unicode.Scalar, firstOffset: Int, count: Int) {
        self.scalar = scalar
        self.firstOffset = firstOffset
        self.count = count
    }
}

/// The preflight that finds, before layout, a face for every character the chosen faces lack.
public enum FontCoverage {
    /// Whether `scalar` is drawn with a glyph. Controls (tab, line feed), line and paragraph
    /// separators, default-ignorable code points (joiners, variation selectors, bidi
    /// controls, the soft hyphen) and the object replacement character of pictures are not;
    /// asking a face for them would only report false gaps.
    public static func needsGlyph(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0xFFFC { return false }
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint { return false }
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate: return false
        default: return true
        }
    }

    /// Walks the text's attribute runs (pictures aside) and, for each character its run's face
    /// lacks, records in `table` a fallback face found by `library`. Returns the characters no
    /// installed face has, in order of first occurrence.
    ///
    /// Fast on long, mostly Latin books: an ASCII unit costs one comparison when the run's face
    /// has all of printable ASCII, and each other (face, language, character) is checked once.
    public static func resolveFallbacks(in text: AttributedText, table: inout FontTable,
                                        library: FontLibrary) -> [UncoveredCharacter] {
        var scan = CoverageScan()
        // The text read at its width (TextUnits).
        text.storage.withUnits(narrow: { units in
            scanRuns(of: text, in: units, into: &scan, table: &table, library: library)
        }, wide: { units in
            scanRuns(of: text, in: units, into: &scan, table: &table, library: library)
        })
        return scan.uncovered
    }

    /// `resolveFallbacks` over the text's units of one width.
    private static func scanRuns<Unit: FixedWidthInteger & UnsignedInteger>(of text: AttributedText, in units: UnsafeBufferPointer<Unit>,
                                                                             into scan: inout CoverageScan, table: inout FontTable,
                                                                             library: FontLibrary) {
        let runs = text.attributeRuns
        for run in 0 ..< runs.runCount {
            let attributes = runs.value(ofRun: run)
            if attributes.runDelegate != nil { continue }
            let font = table.font(for: attributes)
            let range = runs.range(ofRun: run)
            let asciiCovered = font.coversPrintableASCII
            var offset = range.lowerBound
            while offset < range.upperBound {
                // Printable ASCII (U+0020 ..< U+007F: below it, the subtraction wraps round)
                // and the line feed that ends every paragraph, which needs no glyph, are passed
                // over a unit at a time: some 11 instructions a unit, where a SIMD block's
                // wrapping subtraction and unsigned comparisons, not lowered to vector
                // instructions, were some 560 a block of sixteen.
                if asciiCovered {
                    while offset < range.upperBound, units[offset] &- 0x20 < 0x5F || units[offset] == 0x0A { offset += 1 }
                    if offset == range.upperBound { break }
                }
                if units[offset] == 0x0A {
                    offset += 1
                    continue
                }
                let start = offset
                let scalar = decode(units, at: &offset, end: range.upperBound)
                guard let scalar else { continue }
                // A selector after the character chooses between its colour and its text face.
                var presentation: EmojiPresentation?
                if EmojiPresentation.mayBeEmoji(scalar) {
                    var after = offset
                    let next = offset < range.upperBound ? decode(units, at: &after, end: range.upperBound) : nil
                    presentation = EmojiPresentation.of(scalar, followedBy: next)
                }
                scan.check(scalar, at: start, presentation: presentation, font: font,
                           language: attributes.language, table: &table, library: library)
            }
        }
    }

    /// The scalar at `offset`, advancing past it; nil for a lone surrogate, which no face draws.
    private static func decode<Unit: FixedWidthInteger & UnsignedInteger>(_ units: UnsafeBufferPointer<Unit>, at offset: inout Int,
                                                                           end: Int) -> Unicode.Scalar? {
        let unit = UInt16(truncatingIfNeeded: units[offset])
        offset += 1
        if UTF16.isLeadSurrogate(unit) {
            guard offset < end, UTF16.isTrailSurrogate(UInt16(truncatingIfNeeded: units[offset])) else { return nil }
            let trail = UInt16(truncatingIfNeeded: units[offset])
            offset += 1
            return Unicode.Scalar(0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(trail - 0xDC00))
        }
        return Unicode.Scalar(unit)
    }
}

/// The state of one preflight: what has been checked, and what nothing covers.
private struct CoverageScan {
    /// What besides the character decides whether it is covered.
    private struct Context: Hashable {
        var fontID: Int
        var language: String
    }

    /// For each context, each character checked: its index in `uncovered`, `covered` when a
    /// face was found, `drawsNothing` when it needs no glyph. The current context's table is kept apart, so that a run of text (which
    /// has one context) looks characters up without hashing its language again.
    private var checked: [Context: [UInt32: Int]] = [:]
    private var context: Context?
    private var current: [UInt32: Int] = [:]
    private(set) var uncovered: [UncoveredCharacter] = []
    private var uncoveredIndex: [UInt32: Int] = [:]
    private static let covered = -1, drawsNothing = -2

    private mutating func switchContext(to next: Context) {
        if let context { checked[context] = current }
        current = checked.removeValue(forKey: next) ?? [:]
        context = next
    }

    mutating func check(_ scalar: Unicode.Scalar, at offset: Int, presentation: EmojiPresentation?, font: Font, language: String,
                        table: inout FontTable, library: FontLibrary) {
        if context?.fontID != font.id || context?.language != language {
            switchContext(to: Context(fontID: font.id, language: language))
        }
        // Scalars take 21 bits: the presentation goes above them.
        let key = scalar.value | (presentation == .emoji ? 1 << 24 : presentation == .text ? 2 << 24 : 0)
        if let known = current[key] {
            if known >= 0 { uncovered[known].count += 1 }
            return
        }
        if !FontCoverage.needsGlyph(scalar) {
            current[key] = Self.drawsNothing
            return
        }
        // An emoji's colour face, even where the run's face has the character; its text face
        // where the run's face lacks it. Without either, as any character.
        if presentation == .emoji || (presentation == .text && !font.hasGlyph(for: scalar)),
           let face = library.fallbackFont(for: scalar, primary: font, weight: font.weight, italic: font.isItalic,
                                           language: language, presentation: presentation) {
            table.addFallback(face, for: scalar, primary: font, language: language, presentation: presentation)
            // It is also the face for the character as such, where the run's face lacks it.
            if !font.hasGlyph(for: scalar), table.fallbackFont(for: scalar, primary: font, language: language) == nil {
                table.addFallback(face, for: scalar, primary: font, language: language)
            }
            current[key] = Self.covered
            return
        }
        if font.hasGlyph(for: scalar) {
            current[key] = Self.covered
            return
        }
        // In the face's own weight and slant rather than the ones asked for: a family without a
        // bold face is set regular, and its fallback should match what is on the page.
        if let fallback = library.fallbackFont(for: scalar, primary: font, weight: font.weight, italic: font.isItalic,
                                               language: language) {
            table.addFallback(fallback, for: scalar, primary: font, language: language)
            current[key] = Self.covered
            return
        }
        let index: Int
        if let known = uncoveredIndex[scalar.value] {
            index = known
            uncovered[index].count += 1
        } else {
            index = uncovered.count
            uncovered.append(UncoveredCharacter(scalar: scalar, firstOffset: offset, count: 1))
            uncoveredIndex[scalar.value] = index
        }
        current[key] = index
    }
}
