import Text

/// Setting a figure's or an aside's paragraphs in their box: how wide the box is where it is
/// placed, how tall its text makes it at that width, and its frames once it has a place. The
/// box's paragraphs are set by the same line loop as the column's, in a frame as tall as they
/// need (a box never splits) — or, in a box with columns of its own, in that many frames of
/// the least height that holds them (its columns balanced).
extension Framesetter {
    /// A box's balanced columns are found to within this many points, in at most this many trials.
    static let boxBalanceTolerance = 1.0
    static let boxBalanceTrials = 16

    /// The box's outer width where `available` points are free for it (see `BoxRange.width`).
    public func width(of box: BoxRange, available: Double) -> Double {
        box.width(available: available, in: text)
    }

    /// The box's outer height at `width`: its text's, from the top of the first line to the
    /// bottom of the last (of the longest column), with its border and padding.
    public func height(of box: BoxRange, width: Double) -> Double {
        if let known = cache.boxHeight(of: box.style.number, width: width) {
            // Measured from all the box's text, which the page taking it from the memo depends on.
            cache.reach.note(box.range)
            return known
        }
        let inner = PlacedBox.textRect(of: Rect(x: 0, y: 0, width: width, height: Self.unboundedHeight), style: box.style)
        let height = columnHeight(of: box, in: inner) + 2 * box.style.inset
        cache.noteBoxHeight(height, of: box.style.number, width: width)
        return height
    }

    /// The box set in `rect` (as wide and tall as `width(of:available:)` and `height(of:width:)` say).
    public func place(_ box: BoxRange, in rect: Rect) -> PlacedBox {
        let inner = PlacedBox.textRect(of: rect, style: box.style)
        let height = box.style.columns > 1 ? inner.height : Self.unboundedHeight
        var frames = columnFrames(of: box, in: inner, height: height)
        for index in frames.indices { frames[index].container.rect.size.height = inner.height }
        return PlacedBox(rect: rect, box: box, frames: frames, picturesShrunkBy: picturesShrunk(in: frames))
    }

    /// How tall the box's columns in `inner` are: its text's height in one column; with more,
    /// the least height (found by bisection, as balanced columns are) at which they hold it all.
    private func columnHeight(of box: BoxRange, in inner: Rect) -> Double {
        let single = columnFrames(of: box, in: inner, height: Self.unboundedHeight)
        let whole = single.map(\.usedHeight).max() ?? 0
        guard box.style.columns > 1 else { return whole }
        func held(at height: Double) -> Double? {
            let frames = columnFrames(of: box, in: inner, height: height)
            guard frames.last?.visibleRange.upperBound == box.range.upperBound else { return nil }
            return frames.map(\.usedHeight).max() ?? 0
        }
        // `low` does not hold the text (nor does anything below an even share of its height);
        // `high` holds it, and the columns' tallest line bottom at `high` is the answer so far.
        var low = whole / Double(box.style.columns) - Self.boxBalanceTolerance, high = whole
        var best = whole
        for _ in 0 ..< Self.boxBalanceTrials where high - low > Self.boxBalanceTolerance {
            let height = (low + high) / 2
            if let used = held(at: height) {
                high = height
                best = used
            } else {
                low = height
            }
        }
        return best
    }

    /// The box's paragraphs in its columns across `inner`, each `height` tall, from the top,
    /// each column going on from where the one before ended (its breaks carried, as a page's
    /// columns carry theirs).
    private func columnFrames(of box: BoxRange, in inner: Rect, height: Double) -> [Frame] {
        let count = box.style.columns
        let width = box.columnWidth(inner: inner.width)
        // Its pictures at the size they take in columns this wide (see NarrowedBoxPictures).
        let setter = framesetter(setting: box, inColumnsOf: width)
        var frames: [Frame] = []
        var position = box.range.lowerBound
        var plan: LinePlan?
        for column in 0 ..< count where position < box.range.upperBound || frames.isEmpty {
            let rect = Rect(x: inner.minX + Double(column) * (width + box.style.gutter), y: inner.minY, width: width, height: height)
            var setting = FrameSetting(framesetter: setter, carrying: plan, settingBox: box.style.number)
            let frame = setting.linesEndingOnWholeWord(in: Container(rect: rect), from: position, to: box.range.upperBound)
            plan = setting.plan(containing: frame.visibleRange.upperBound)
            position = frame.visibleRange.upperBound
            frames.append(frame)
        }
        return frames
    }
}

extension BoxRange {
    /// The box's outer width where `available` points are free for it (its column's width, or
    /// the width of the columns it spans): the width it asks for, or else its natural width —
    /// the full width in the column and at a page's edge; beside the text, a figure as wide as
    /// its widest picture and an aside half the column; over a gutter, a third of its columns
    /// (a sixth of each of two beside it: the text beside it keeps two thirds of its measure;
    /// on a page, widened for the text's `min-line-width`s: `PageTemplate.width(of:in:)`).
    /// Never wider than `available`.
    public func width(available: Double, in text: AttributedText) -> Double {
        if let asked = style.width { return min(asked, available) }
        switch style.placement {
        case .inColumn, .edge, .footnote: return available
        case .center: return available / 3
        case .side:
            guard style.kind == .figure, let picture = widestPicture(in: text) else { return available / 2 }
            return min(available, picture + 2 * style.inset)
        }
    }

    /// The width of the widest picture set in the box's lines, if it has any.
    private func widestPicture(in text: AttributedText) -> Double? {
        text.attributeRuns(in: range).compactMap { run in run.attributes.image == nil ? nil : run.attributes.runDelegate?.width }.max()
    }
}
