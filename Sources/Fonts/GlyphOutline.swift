import CHarfBuzz

/// A glyph's outline as closed polygons, its curves cut into straight pieces, in font units
/// (y up, as HarfBuzz draws it): where its ink is, finer than its box (a 'p''s box spans its
/// bowl and its tail; an 'Ü''s, its dots and the gap between them).
struct GlyphOutline {
    struct Point {
        var x: Double
        var y: Double
    }

    /// How many straight pieces a curve is cut into: at text sizes a piece's sag from its curve
    /// is well under a hundredth of a point.
    static let curvePieces = 8

    private(set) var contours: [[Point]] = []

    init(of glyph: UInt32, in font: OpaquePointer) {
        var drawn = Drawing()
        withUnsafeMutablePointer(to: &drawn) { hb_font_get_glyph_shape(font, glyph, Self.funcs, $0) }
        drawn.close()
        contours = drawn.contours
    }

    /// HarfBuzz's callbacks, made once: each appends to the `Drawing` it is given.
    private static let funcs: OpaquePointer = {
        let funcs = hb_draw_funcs_create()!
        hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in
            drawing(data).pointee.move(to: Point(x: Double(x), y: Double(y)))
        }, nil, nil)
        hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in
            drawing(data).pointee.line(to: Point(x: Double(x), y: Double(y)))
        }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(funcs, { _, data, state, cx, cy, x, y, _ in
            let from = Point(x: Double(state!.pointee.current_x), y: Double(state!.pointee.current_y))
            drawing(data).pointee.curve(from: from, controls: [Point(x: Double(cx), y: Double(cy))], to: Point(x: Double(x), y: Double(y)))
        }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(funcs, { _, data, state, c1x, c1y, c2x, c2y, x, y, _ in
            let from = Point(x: Double(state!.pointee.current_x), y: Double(state!.pointee.current_y))
            drawing(data).pointee.curve(from: from, controls: [Point(x: Double(c1x), y: Double(c1y)), Point(x: Double(c2x), y: Double(c2y))],
                                to: Point(x: Double(x), y: Double(y)))
        }, nil, nil)
        hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in drawing(data).pointee.close() }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
        return funcs
    }()

    private static func drawing(_ data: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<Drawing> {
        data!.assumingMemoryBound(to: Drawing.self)
    }

    /// The polygons as HarfBuzz draws them.
    private struct Drawing {
        var contours: [[Point]] = []
        var current: [Point] = []

        mutating func move(to point: Point) {
            close()
            current = [point]
        }

        mutating func line(to point: Point) {
            current.append(point)
        }

        /// A Bézier curve of one (quadratic) or two (cubic) control points, in straight pieces.
        mutating func curve(from start: Point, controls: [Point], to end: Point) {
            let points = [start] + controls + [end]
            for piece in 1 ... GlyphOutline.curvePieces {
                let t = Double(piece) / Double(GlyphOutline.curvePieces)
                var level = points
                while level.count > 1 {
                    level = zip(level, level.dropFirst()).map { Point(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
                }
                current.append(level[0])
            }
        }

        mutating func close() {
            if current.count > 2 { contours.append(current) }
            current = []
        }
    }

    /// The box of the ink inside `region` (font units, y up), or nil where it has none: the
    /// outline's pieces clipped to it, and the region's corners that lie inside the ink (a
    /// region the ink covers whole has no outline in it).
    func inkBox(within region: (minX: Double, minY: Double, maxX: Double, maxY: Double)) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        func add(_ point: Point) {
            box = (Swift.min(box?.minX ?? point.x, point.x), Swift.min(box?.minY ?? point.y, point.y),
                   Swift.max(box?.maxX ?? point.x, point.x), Swift.max(box?.maxY ?? point.y, point.y))
        }
        for contour in contours {
            for (start, end) in zip(contour, contour.dropFirst() + [contour[0]]) {
                guard let piece = Self.clip(from: start, to: end, to: region) else { continue }
                add(piece.0)
                add(piece.1)
            }
        }
        let corners = [Point(x: region.minX, y: region.minY), Point(x: region.maxX, y: region.minY),
                       Point(x: region.minX, y: region.maxY), Point(x: region.maxX, y: region.maxY)]
        for corner in corners where isInside(corner) { add(corner) }
        return box
    }

    /// The nonzero winding rule, as glyphs are filled.
    private func isInside(_ point: Point) -> Bool {
        var winding = 0
        for contour in contours {
            for (start, end) in zip(contour, contour.dropFirst() + [contour[0]]) {
                let side = (end.x - start.x) * (point.y - start.y) - (point.x - start.x) * (end.y - start.y)
                if start.y <= point.y, end.y > point.y, side > 0 { winding += 1 }
                if start.y > point.y, end.y <= point.y, side < 0 { winding -= 1 }
            }
        }
        return winding != 0
    }

    /// The part of the piece from `start` to `end` inside `region` (Liang–Barsky), nil when none is.
    private static func clip(from start: Point, to end: Point,
                             to region: (minX: Double, minY: Double, maxX: Double, maxY: Double)) -> (Point, Point)? {
        let dx = end.x - start.x, dy = end.y - start.y
        var enter = 0.0, leave = 1.0
        for (p, q) in [(-dx, start.x - region.minX), (dx, region.maxX - start.x), (-dy, start.y - region.minY), (dy, region.maxY - start.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 { enter = max(enter, t) } else { leave = min(leave, t) }
            if enter > leave { return nil }
        }
        return (Point(x: start.x + dx * enter, y: start.y + dy * enter), Point(x: start.x + dx * leave, y: start.y + dy * leave))
    }
}

extension Font {
    /// The box of `glyph`'s ink at `size` inside `region` (points from the glyph's origin, y
    /// down, as `ink(of:size:)`), or nil where it puts none: whether two glyphs whose boxes
    /// overlap print on each other.
    public func ink(of glyph: UInt32, size: Double, within region: GlyphInk) -> GlyphInk? {
        let scale = scale(for: size)
        guard scale > 0 else { return nil }
        let outline = inks.outline(of: glyph) { GlyphOutline(of: glyph, in: harfBuzzFont) }
        // A colour bitmap has no outline: its ink is its box.
        guard !outline.contours.isEmpty else {
            guard let ink = ink(of: glyph, size: size) else { return nil }
            let box = GlyphInk(minX: max(ink.minX, region.minX), minY: max(ink.minY, region.minY),
                               maxX: min(ink.maxX, region.maxX), maxY: min(ink.maxY, region.maxY))
            return box.minX <= box.maxX && box.minY <= box.maxY ? box : nil
        }
        guard let box = outline.inkBox(within: (region.minX / scale, -region.maxY / scale, region.maxX / scale, -region.minY / scale))
        else { return nil }
        return GlyphInk(minX: box.minX * scale, minY: -box.maxY * scale, maxX: box.maxX * scale, maxY: -box.minY * scale)
    }
}
