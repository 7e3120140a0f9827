import Layout

/// Where a box over a gutter stands clear of what its page keeps from the text: a master
/// page's pictures and rules, the page's `<exclusion>`s. Centred halfway down, a pull quote
/// was printed over a master's medal; as InDesign's text wrap keeps a frame off an item that
/// wraps, the box moves up or down to the nearest place where neither it nor its margin
/// touches one, inside the room it has. Where there is none it stays centred, and the page's
/// check warns of it (`BoxOverExclusionCheck`).
struct BoxClearOfExclusions {
    /// What the page keeps from its text, padded as the text keeps off it.
    var taken: [Exclusion]

    /// Whether `rect`, widened by `margin` on every side, touches what is taken.
    func touches(_ rect: Rect, margin: Double) -> Bool {
        taken.contains { exclusion in
            exclusion.coveredSpans(top: rect.minY - margin, bottom: rect.maxY + margin)
                .contains { $0.minX < rect.maxX + margin && $0.maxX > rect.minX - margin }
        }
    }

    /// The top nearest `rect`'s own, from `highest` to `lowest`, at which it touches nothing
    /// taken: its own, or just above or just below one of them; nil when every such top does.
    func top(of rect: Rect, margin: Double, highest: Double, lowest: Double) -> Double? {
        guard touches(rect, margin: margin) else { return rect.minY }
        // A hair past the padded edge, so that rounding does not make the box graze it.
        let clear = margin + 0.01
        let edges = taken.flatMap { exclusion -> [Double] in
            let bounds = exclusion.shape.bounds
            return [bounds.minY - exclusion.padding - clear - rect.height, bounds.maxY + exclusion.padding + clear]
        }
        return (edges + [highest, lowest])
            .filter { $0 >= highest && $0 <= lowest }
            .sorted { abs($0 - rect.minY) < abs($1 - rect.minY) }
            .first { !touches(Rect(x: rect.minX, y: $0, width: rect.width, height: rect.height), margin: margin) }
    }
}
