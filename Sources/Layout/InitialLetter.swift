import Fonts
import Shaping
import Text

/// A paragraph's drop-cap initial, found and shaped once with the paragraph (see
/// PreparedParagraph): which characters it takes, its face and glyphs at one point, and what
/// its size depends on. Where it goes is decided by the line loop (see InitialZone).
struct InitialLetter {
    /// Between the initial and the text beside it, in ems of the paragraph's text.
    static let gapEms = 0.3
    /// Opening quotation marks taken into the initial with the letter after them.
    static let openingQuotes: Set<UInt16> = [0x22, 0x27, 0x201C, 0x2018, 0xAB, 0xBB, 0x201E, 0x201A, 0x2039]
    /// The spaces French sets inside its guillemets (« Il), typed or added by its spacing rules,
    /// taken into the initial with the quotation mark before them, as a lettrine takes them.
    static let spacesAfterAnOpeningQuote: Set<UInt16> = [0x20, 0xA0, 0x202F, 0x2009]

    /// The quotation mark (if any) and the letter with its marks.
    let range: Range<Int>
    let characters: String
    /// `range` and the spaces after it: what the first line does not show.
    let hiddenEnd: Int
    private(set) var lines: Int
    let font: Font
    let color: Color
    /// Glyphs in visual order, their x and y from the initial's origin in font units (y up).
    let glyphIDs: [UInt32]
    let glyphOffsets: [(x: Double, y: Double)]
    let advanceUnits: Double
    /// The cap height of the text beside it, in points: the initial's top lines up with it.
    let textCapHeight: Double
    /// The size of that text.
    let textSize: Double
    /// The gap to the text beside it, in points.
    let gap: Double

    /// The characters of `units` (a paragraph's, at their offsets in the text) an initial takes:
    /// opening quotation marks (and a space after them), then a letter or digit with its
    /// combining marks; and the end of
    /// the spaces after them. Anchors of pictures placed elsewhere (`isAnchor`: floated or
    /// spanning, which show nothing in the line) may come first. Nil when the paragraph opens
    /// with anything else.
    static func characters(of units: TextUnitSlice, isAnchor: (Int) -> Bool) -> (range: Range<Int>, hiddenEnd: Int)? {
        var index = units.startIndex
        while index < units.endIndex, units[index] == AttributedText.objectReplacementCharacter, isAnchor(index) { index += 1 }
        let start = index
        var quotes = 0
        while index < units.endIndex, openingQuotes.contains(units[index]), quotes < 2 {
            index += 1
            quotes += 1
        }
        if quotes > 0, index < units.endIndex, spacesAfterAnOpeningQuote.contains(units[index]) { index += 1 }
        guard index < units.endIndex, let letter = scalar(in: units, at: index),
              letter.properties.isAlphabetic || letter.properties.numericType != nil else { return nil }
        var end = index + letter.utf16.count
        while end < units.endIndex, let mark = scalar(in: units, at: end), mark.properties.isGraphemeExtend {
            end += mark.utf16.count
        }
        var hiddenEnd = end
        while hiddenEnd < units.endIndex, PreparedParagraph.isSpace(units[hiddenEnd]) { hiddenEnd += 1 }
        return (start ..< end, hiddenEnd)
    }

    /// The word `range` (an initial's characters) opens, up to the next space:
    /// the initial is shaped as its first letter, and the rest of it as its next ones, each
    /// apart from the other with the other as context (`Shaper.withGlyphs(of:inWord:…)`). In a
    /// joining script the initial then keeps the form it has in the word, as CSS's initial
    /// letters do: shaped alone, an Arabic word's first letter was set isolated, large, and the
    /// rest of the word as if it began there, so that "يبيع" read as "ي" and "بيع".
    static func word(around range: Range<Int>, in units: TextUnitSlice) -> Range<Int> {
        var start = range.lowerBound, end = range.upperBound
        while start > units.startIndex, !PreparedParagraph.isSpace(units[start - 1]) { start -= 1 }
        while end < units.endIndex, !PreparedParagraph.isSpace(units[end]) { end += 1 }
        return start ..< end
    }

    private static func scalar(in units: TextUnitSlice, at offset: Int) -> Unicode.Scalar? {
        Unicode.Scalar(UTF16Scalars.scalar(in: units, at: offset).value)
    }

    /// The initial of `characters` in a paragraph whose first letter is set in `textRun`:
    /// in the drop cap's family when it has every character, else in the letter's own face.
    init(characters: (range: Range<Int>, hiddenEnd: Int), of units: TextUnitSlice, dropCap: DropCap,
         textRun: PreparedParagraph.StyleRun, rightToLeft: Bool, fonts: FontTable, shaper: Shaper) {
        range = characters.range
        hiddenEnd = characters.hiddenEnd
        lines = dropCap.lines
        let text = units[range]
        let attributes = textRun.attributes
        self.characters = String(decoding: text, as: UTF16.self)
        let scalars = self.characters.unicodeScalars
        let asked = dropCap.family.map { fonts.font(for: FontDescriptor(family: $0)) }
        font = asked.flatMap { face in scalars.allSatisfy(face.hasGlyph(for:)) ? face : nil } ?? textRun.font
        color = dropCap.color ?? attributes.color
        let word = Self.word(around: range, in: units)
        let shaped = shaper.shape(range.lowerBound - word.lowerBound ..< range.upperBound - word.lowerBound,
                                  inWord: PreparedParagraph.shapingText(units[word]), font: font, language: attributes.language,
                                  rightToLeft: rightToLeft)
        var pen = 0.0
        var ids: [UInt32] = [], offsets: [(x: Double, y: Double)] = []
        for index in 0 ..< shaped.count {
            ids.append(shaped.glyphIDs[index])
            offsets.append((pen + Double(shaped.xOffsets[index]), Double(shaped.yOffsets[index])))
            pen += Double(shaped.advances[index])
        }
        glyphIDs = ids
        glyphOffsets = offsets
        advanceUnits = pen
        textCapHeight = Double(textRun.font.capHeight) * textRun.font.scale(for: attributes.fontSize)
        textSize = attributes.fontSize
        gap = Self.gapEms * attributes.fontSize
    }

    /// The distance between the baselines of lines `advance` apart, on `grid`.
    static func pitch(advance: Double, grid: BaselineGrid?) -> Double {
        guard let step = grid?.step, step > 0 else { return advance }
        return max(1, (advance / step - 1e-6).rounded(.up)) * step
    }

    /// The initial's size in points: its cap height spans the first line's cap height and
    /// `lines - 1` pitches below.
    func size(pitch: Double) -> Double {
        let span = Double(lines - 1) * pitch + textCapHeight
        return span / (Double(max(1, font.capHeight)) / Double(font.unitsPerEm))
    }

    func width(pitch: Double) -> Double {
        advanceUnits * font.scale(for: size(pitch: pitch))
    }

    /// The initial on the most of its lines (two at least) that leave it no wider than
    /// `measure`, its column's: an initial wider than its column would print into the gutter
    /// and the next column's text, so it drops fewer lines, as a typesetter sets a smaller
    /// drop cap there; its size still spans whole lines.
    func fitted(within measure: Double, pitch: Double) -> InitialLetter {
        var fitted = self
        while fitted.lines > 2, fitted.width(pitch: pitch) > measure + 0.001 { fitted.lines -= 1 }
        return fitted
    }

    /// The initial on the most of its lines (two at least) whose ink is clear of `container`'s
    /// exclusions — a picture, a float, a box over the gutter below its first line — when it
    /// opens `measure` with its first line's baseline at `baseline`; nil when two lines are not
    /// clear either. Its first line's band is clear (the line loop found it so), but the initial
    /// reaches `lines - 1` pitches below it, and would print over what is there: it drops fewer
    /// lines, as one wider than its column does (`fitted(within:pitch:)`).
    func fitted(clearOf container: Container, opening measure: LineMeasure, baseline: Double, pitch: Double,
                rightToLeft: Bool) -> InitialLetter? {
        var fitted = self
        while true {
            let width = fitted.width(pitch: pitch)
            let left = rightToLeft ? measure.left + measure.available - width : measure.left
            let placed = fitted.placed(x: left, pitch: pitch)
            let ink = HorizontalSpan(minX: placed.bounds.minX, maxX: placed.bounds.maxX)
            if container.isClearOfExclusions(ink, top: baseline + placed.bounds.minY, bottom: baseline + placed.inkBottom) { return fitted }
            guard fitted.lines > 2 else { return nil }
            fitted.lines -= 1
        }
    }

    /// `measure` opening with the initial on the lines it asks for, its start moved on to the
    /// first stretch of it that is clear of `container`'s exclusions down the initial's whole
    /// height, with room for the initial, its gap and a line of `narrowest` beside it; nil
    /// where there is none. What `fitted(clearOf:…)` leaves: an exclusion reaching under the
    /// first line's start at every size of two lines or more — beside a circle's upper half,
    /// which widens below the first line — moved the paragraph down until its first line
    /// started past the circle's widest point, 100 pt of the column empty above it (seed 12892).
    /// Moved along its line instead, the initial stands where it is clear, and the first line
    /// with it, as a line beside a wider obstacle starts past it.
    func opening(_ measure: LineMeasure, clearOf container: Container, baseline: Double, pitch: Double, rightToLeft: Bool,
                 narrowest: Double) -> LineMeasure? {
        let placed = placed(x: 0, pitch: pitch), width = width(pitch: pitch)
        let covered = SpanList.normalized(container.exclusions.flatMap {
            $0.coveredSpans(top: baseline + placed.bounds.minY, bottom: baseline + placed.inkBottom)
        })
        let line = HorizontalSpan(minX: measure.left, maxX: measure.left + measure.available)
        let clear = SpanList.subtracting(covered, from: [line])
        guard let stretch = (rightToLeft ? clear.reversed() : clear).first(where: { $0.width >= width + gap + narrowest }) else {
            return nil
        }
        var moved = measure
        // The initial keeps clear; the line beside it goes on to the measure's end.
        if rightToLeft {
            moved.available = stretch.maxX - measure.left
        } else {
            moved.left = stretch.minX
            moved.available = line.maxX - stretch.minX
        }
        return moved
    }

    /// The initial placed with its left end `x` from the line's origin and its baseline
    /// `lines - 1` pitches below the line's.
    func placed(x: Double, pitch: Double) -> DropInitial {
        let size = size(pitch: pitch), scale = font.scale(for: size)
        let baseline = Double(lines - 1) * pitch
        let capHeight = Double(font.capHeight) * scale
        return DropInitial(font: font, size: size, color: color, stringRange: range, characters: characters,
                           hiddenRange: range.lowerBound ..< hiddenEnd, glyphIDs: glyphIDs, positions: glyphOffsets.map { Point(x: x + $0.x * scale, y: baseline - $0.y * scale) },
                           bounds: Rect(x: x, y: baseline - capHeight, width: advanceUnits * scale, height: capHeight), lines: lines,
                           textSize: textSize)
    }
}
