import Layout
import Pages
import Text

/// How wide a set line's word spaces are against their own width (the space glyph's advance
/// in its face): 1 is a space as the font has it, 2 a space stretched to twice it. A line's
/// looseness is its widest space; its tightness, its narrowest. Spaces after the line's last
/// word (hanging at a justified line's end) are not between words and are left out.
enum WordSpaces {
    struct Extremes {
        var widest: Double
        var narrowest: Double
        /// The spaces' own widths, summed.
        var naturalWidth: Double
    }

    static func extremes(of line: Line, units: [UInt16]) -> Extremes? {
        var ratios: [Double] = []
        var naturalWidth = 0.0
        let lastWordEnd = line.runs.flatMap(\.clusters).filter { $0 >= 0 && $0 < units.count && !isSpace(units[$0]) }.max() ?? -1
        for run in line.runs where run.runDelegate == nil {
            let scale = run.font.scale(for: run.attributes.fontSize)
            for (index, cluster) in run.clusters.enumerated() where cluster >= 0 && cluster < lastWordEnd && units[cluster] == 0x20 {
                let natural = Double(run.font.horizontalAdvance(of: run.glyphIDs[index])) * scale
                if natural > 0 { ratios.append(run.advances[index] / natural) }
                naturalWidth += natural
            }
        }
        guard let widest = ratios.max(), let narrowest = ratios.min() else { return nil }
        return Extremes(widest: widest, narrowest: narrowest, naturalWidth: naturalWidth)
    }

    /// Whether `line` was set flush with its start rather than spaced out to fill `width`
    /// (LineAdjustment.isSpacedOut, NarrowLines): its spaces at their own width, and more room
    /// left than all of them again.
    static func isFlushInsteadOfSpacedOut(_ line: Line, width: Double, text: AttributedText) -> Bool {
        guard let spaces = extremes(of: line, units: Array(text.string.utf16)) else { return false }
        return spaces.widest < 1.001 && width - line.width > spaces.naturalWidth
    }

    /// How far a justified line's spaces open, or would have to open to fill `width`: its
    /// widest space, or for a line set flush rather than spaced out (`isFlushInsteadOfSpacedOut`),
    /// its spaces' width with the room left shared among them. Nil for a line with no space.
    static func looseness(of line: Line, width: Double, units: [UInt16]) -> Double? {
        guard let spaces = extremes(of: line, units: units) else { return nil }
        return max(spaces.widest, 1 + max(0, width - line.width) / spaces.naturalWidth)
    }

    /// The justified lines of `pages` that are not the last of their paragraph, with their
    /// extremes: the lines whose spaces were set to fill the measure.
    static func justifiedLines(of pages: [Page], text: AttributedText) -> [(line: Line, spaces: Extremes)] {
        let units = Array(text.string.utf16)
        var found: [(Line, Extremes)] = []
        for page in pages {
            for frame in page.frames + page.boxes.flatMap(\.frames) {
                for line in frame.lines where !line.endsParagraph && line.box == nil {
                    guard let first = line.runs.first?.stringRange.lowerBound,
                          text.paragraphStyle(at: first).alignment == .justify,
                          let last = line.stringRange.last, last < units.count, !AttributedText.isParagraphEnd(units[last]),
                          let spaces = extremes(of: line, units: units) else { continue }
                    found.append((line, spaces))
                }
            }
        }
        return found
    }

    private static func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || AttributedText.isParagraphEnd(unit)
    }
}
