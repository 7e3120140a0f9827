import Breaking

/// Breaks chosen for a paragraph from one of its lines on: the lines of a frame follow them,
/// and the next frame continues with them when its lines are as wide (see `FlowCarry`). They
/// are found anew from where a line starts when its width is not the one they were made for,
/// or when they end before the paragraph does (a long paragraph is broken window by window).
struct LinePlan: Equatable, Sendable {
    /// The start of the paragraph the breaks belong to.
    var paragraph: Int
    var lineStarts: [Int]
    /// Nil when no optimal setting fits (a word wider than the line): the paragraph is then
    /// filled first-fit from the first line start on.
    var breaks: [LineBreak]?
    /// The widths the breaks were made for: line `n` of the plan `widths[n]`, lines past
    /// the list `otherWidth` (in a rectangle the list holds the first line's width alone).
    var widths: [Double]
    var otherWidth: Double

    /// The bytes it holds: its arrays (the widths shared with the key it is kept under) and
    /// itself. What the paragraph cache counts against its budget for breaks.
    var heldBytes: Int {
        MemoryLayout<LinePlan>.stride + lineStarts.capacity * MemoryLayout<Int>.stride
            + (breaks?.capacity ?? 0) * MemoryLayout<LineBreak>.stride + widths.capacity * MemoryLayout<Double>.stride
    }

    func width(ofLine line: Int) -> Double {
        line < widths.count ? widths[line] : otherWidth
    }

    /// Whether the plan has a line starting at `position` that `fits` the line about to be set.
    func covers(_ position: Int, fits: (LinePlan, Int) -> Bool) -> Bool {
        // A paragraph no optimal setting fits (a word wider than the line) is not tried again
        // line after line: that would search it once per line.
        if breaks == nil, let first = lineStarts.first, position >= first { return true }
        guard let line = lineStarts.firstIndex(of: position) else { return false }
        return fits(self, line)
    }

    /// The break ending the plan's line that starts at `position`, if it has one.
    func lineBreak(startingAt position: Int) -> LineBreak? {
        guard let breaks, let line = lineStarts.firstIndex(of: position) else { return nil }
        return breaks[line]
    }
}
