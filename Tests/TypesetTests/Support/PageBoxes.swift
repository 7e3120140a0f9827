import Foundation
import Layout
import Pages
import Text

/// A glyph's or a picture's box on the page, with where it came from, so that a failed check
/// can say which line of which frame it is.
struct InkBox {
    var rect: Rect
    /// The UTF-16 offset it shows; `GlyphRun.generatedHyphen` for a hyphen added at a break.
    var character: Int
    var frame: Int
    var line: Int
    var isPicture: Bool
    /// The box cut to its line's box (ascent and descent, the leading shared above and
    /// below): a fallback face taller than the paragraph's face, and any face under a fixed
    /// line height tighter than it (`line-height="14pt"`), reach past it by design.
    var withinLine: Rect

    /// What of it is held to its frame: a picture's whole box, which it prints; a glyph's box
    /// cut to its line's, past which its face reaches under a tight fixed line height (its ink
    /// is held by `FrameInkCheck`, the page checker's rule).
    var held: Rect { isPicture ? rect : withinLine }
}

/// Glyph and picture boxes of laid-out lines, in page coordinates.
enum PageBoxes {
    /// Every box of one line: each glyph from its position to the next glyph's (the last to
    /// the run's end), as tall as its run's typographic bounds; each picture run whole.
    /// Glyphs of white space (spaces at a justified line's end reach past the measure) and
    /// zero-width marks have no ink worth checking and are left out.
    static func boxes(of line: Line, frame: Int, index: Int, text: AttributedText) -> [InkBox] {
        var result: [InkBox] = []
        let lineTop = line.origin.y - line.ascent - line.leading / 2
        let lineBottom = line.origin.y + line.descent + line.leading / 2
        func cut(_ rect: Rect) -> Rect {
            let top = max(rect.minY, lineTop)
            return Rect(x: rect.minX, y: top, width: rect.width, height: max(0, min(rect.maxY, lineBottom) - top))
        }
        for run in line.runs {
            let bounds = run.typographicBounds()
            let top = line.origin.y + bounds.minY
            if run.runDelegate != nil {
                let rect = Rect(x: line.origin.x + bounds.minX, y: top, width: bounds.width, height: bounds.height)
                result.append(InkBox(rect: rect, character: run.stringRange.lowerBound, frame: frame, line: index, isPicture: true,
                                        withinLine: cut(rect)))
                continue
            }
            let runEnd = run.x + run.width
            for glyph in run.positions.indices {
                let left = run.positions[glyph].x
                let right = glyph + 1 < run.positions.count ? run.positions[glyph + 1].x : runEnd
                let cluster = run.clusters[glyph]
                guard right > left + 1e-9, !isWhiteSpace(cluster, in: text) else { continue }
                let rect = Rect(x: line.origin.x + left, y: top, width: right - left, height: bounds.height)
                result.append(InkBox(rect: rect, character: cluster, frame: frame, line: index, isPicture: false,
                                        withinLine: cut(rect)))
            }
        }
        return result
    }

    /// A floated picture's opaque part: the bands traced from its transparency when it wraps
    /// by contour, else its whole rectangle.
    static func opaqueParts(of float: PlacedFloat) -> [Rect] {
        guard let contour = float.contour, !contour.bands.isEmpty else { return [float.rect] }
        let box = float.rect
        return contour.bands.map { band in
            Rect(x: box.minX + band.left * box.width, y: box.minY + band.top * box.height,
                 width: (band.right - band.left) * box.width, height: (band.bottom - band.top) * box.height)
        }
    }

    static func isWhiteSpace(_ offset: Int, in text: AttributedText) -> Bool {
        guard offset >= 0 else { return false }
        switch text.storage[offset] {
        case 0x09, 0x0A, 0x0D, 0x20, 0xA0, 0x2028, 0x2029, 0x3000, 0x2000 ... 0x200B: return true
        default: return false
        }
    }

    /// How far `inner` reaches past `outer` on its worst side (0 or less: inside).
    static func overhang(of inner: Rect, beyond outer: Rect) -> Double {
        max(outer.minX - inner.minX, inner.maxX - outer.maxX, outer.minY - inner.minY, inner.maxY - outer.maxY)
    }

    /// How deep two rectangles overlap: the lesser of the overlap's width and height (0 or
    /// less: apart or touching).
    static func overlapDepth(_ a: Rect, _ b: Rect) -> Double {
        min(min(a.maxX, b.maxX) - max(a.minX, b.minX), min(a.maxY, b.maxY) - max(a.minY, b.minY))
    }

    /// The smallest rectangle holding all `rects` (nil for none).
    static func union(_ rects: [Rect]) -> Rect? {
        guard let first = rects.first else { return nil }
        var (minX, minY, maxX, maxY) = (first.minX, first.minY, first.maxX, first.maxY)
        for rect in rects.dropFirst() {
            minX = min(minX, rect.minX); minY = min(minY, rect.minY)
            maxX = max(maxX, rect.maxX); maxY = max(maxY, rect.maxY)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension PageBoxes {
    /// A rectangle as failure messages print it: origin and size to a hundredth of a point.
    static func describe(_ rect: Rect) -> String {
        String(format: "(x %.2f, y %.2f, %.2f × %.2f)", rect.minX, rect.minY, rect.width, rect.height)
    }
}
