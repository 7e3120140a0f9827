import Foundation

/// A face's glyphs' ink, measured once a glyph: its box (HarfBuzz's extents, which a CFF face
/// finds by running the glyph's charstring) and its outline, in font units. Layout compares the
/// ink of every line it sets under a fixed pitch (`LineSkip`), the page checker every glyph it
/// draws: the same few hundred glyphs of a face, over and over. The layout and drawing threads
/// share a face, so the tables are locked.
final class GlyphInkMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var boxes = GlyphBoxTable()
    private var outlines: [UInt32: GlyphOutline] = [:]

    /// The box of `glyph`'s ink in font units (y down), measured by `measure` unless it was before.
    func box(of glyph: UInt32, orMeasure measure: () -> GlyphInk?) -> GlyphInk? {
        lock.lock()
        defer { lock.unlock() }
        return boxes.box(of: glyph) { _ in measure() }
    }

    /// The box of each of `glyphs` (font units, y down) that has ink, told to `body` with its
    /// index, under one lock: a paragraph's glyphs, measured once each.
    func boxes(of glyphs: ArraySlice<UInt32>, orMeasure measure: (UInt32) -> GlyphInk?, _ body: (Int, GlyphInk) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        boxes.forEachBox(of: glyphs, orMeasure: measure, body)
    }

    /// `glyph`'s outline, traced by `trace` unless it was before.
    func outline(of glyph: UInt32, orTrace trace: () -> GlyphOutline) -> GlyphOutline {
        lock.lock()
        defer { lock.unlock() }
        if let known = outlines[glyph] { return known }
        let outline = trace()
        outlines[glyph] = outline
        return outline
    }
}
