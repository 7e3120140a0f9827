@testable import Layout
import Foundation

/// What the narrow-line tests ask of a set line: the stretch of its band it was set in, and
/// whether it holds one word alone.
enum LineSlot {
    /// The stretch of the line's band that holds its start: the frame's container less the
    /// floats placed in it, across the line's box and its leading.
    static func stretch(of line: Line, in frame: Frame) -> HorizontalSpan? {
        var container = frame.container
        container.exclusions += frame.floats.map(\.exclusion)
        let top = line.origin.y - line.ascent - line.leading / 2
        return container.lineFragments(top: top, height: line.height, narrowest: 0)
            .first { $0.minX - 0.01 <= line.origin.x && line.origin.x <= $0.maxX + 0.01 }
    }

    /// Whether the line shares some height with a float of its frame, margin included.
    static func isBesideAFloat(_ line: Line, in frame: Frame) -> Bool {
        let top = line.origin.y - line.ascent, bottom = line.origin.y + line.descent
        return frame.floats.contains { top < $0.rect.maxY + $0.margin && bottom > $0.rect.minY }
    }

    /// Whether the line's text, past any floated picture's anchor, is one word: no space in it.
    static func holdsOneWord(_ line: Line, in frame: Frame) -> Bool {
        let text = frame.text.substring(line.stringRange)
            .filter { $0 != "\u{FFFC}" }
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return !text.isEmpty && !text.contains(" ")
    }
}
