import Fonts
import Text

/// A drop cap's initial as set beside the first lines of its paragraph: recorded on the
/// paragraph's first `Line`, in positions relative to that line's origin (as a `GlyphRun`'s),
/// so that it moves with the line. Its characters are in the line's string range and in no run.
public struct DropInitial: Sendable {
    public var font: Font
    public var size: Double
    public var color: Color
    /// The characters it shows: the letter, with an opening quotation mark before it.
    public var stringRange: Range<Int>
    /// Those characters.
    public var characters: String
    /// The characters it takes off the first line, which are read with the line's first shown
    /// character: its own and the spaces after it.
    public var hiddenRange: Range<Int>
    /// The glyphs in visual order, left to right, and where they go from the line's origin
    /// (y down): on the baseline of line `lines`.
    public var glyphIDs: [UInt32]
    public var positions: [Point]
    /// From the line's origin: from its cap height down to its baseline, its advance wide.
    public var bounds: Rect
    /// The lines its cap height spans.
    public var lines: Int
    /// The size of the text beside it, whose first line's cap height its own lines up with.
    public var textSize: Double
}

extension DropInitial {
    /// The distance between the baselines of the lines it was sized for.
    var pitch: Double { bounds.maxY / Double(max(1, lines - 1)) }

    /// From the line's origin: how far down its ink reaches, below its baseline for a tail
    /// ('Q', 'J') or a face whose capitals descend.
    var inkBottom: Double {
        var bottom = bounds.maxY
        for (glyph, position) in zip(glyphIDs, positions) {
            if let ink = font.ink(of: glyph, size: size) { bottom = max(bottom, position.y + ink.maxY) }
        }
        return bottom
    }
}

extension Line {
    /// Whether the line shows its drop cap's initial and no text: a paragraph of the initial
    /// alone, or one whose text has no room beside it.
    public var holdsItsInitialAlone: Bool {
        initial.map { stringRange.upperBound <= $0.hiddenRange.upperBound } ?? false
    }
}
