import Text

/// Where a column ends so that paragraphs keep their lines together: no first line of a
/// paragraph alone at its foot (an orphan), no last line alone at the next column's head (a
/// widow), no heading as the last thing in it. Frame ends move up; line breaks stay.
///
/// The column ends at the latest break that keeps every rule, as long as that moves no more
/// than half the column's height on to the next one; when no such break exists it ends where
/// the lines stopped fitting, because a widow or an orphan is a smaller fault than a column
/// left half empty (and a column must always take at least one line, or the text would never
/// progress).
struct ColumnBreak {
    /// How much of the column's height the end may move up by.
    static let largestMove = 0.5

    /// What the rules need to know of a line set in the column.
    struct SetLine {
        /// Lines of its paragraph before it, or nil when the paragraph began in an earlier
        /// column (its first lines are already behind it, so it can leave no orphan here).
        var linesBefore: Int?
        var endsParagraph: Bool
        /// The line of an empty paragraph (a blank line).
        var isBlank: Bool
        var rules: KeepRules
        /// The bottom of the line's box, from the top of the container.
        var bottom: Double
    }

    /// The first line that did not fit: how many lines its paragraph has from it on.
    struct Overflow {
        var startsParagraph: Bool
        var linesLeft: Int
    }

    var lines: [SetLine]
    var overflow: Overflow?
    var height: Double

    /// How many of `lines` the column keeps (at least one when there are any).
    func lineCount() -> Int {
        let count = lines.count
        guard let overflow, count > 1 else { return count }
        if allowsBreak(before: count, overflow: overflow) { return count }
        let highest = lines[count - 1].bottom - Self.largestMove * height
        for kept in stride(from: count - 1, through: 1, by: -1) {
            if lines[kept - 1].bottom < highest { break }
            if allowsBreak(before: kept, overflow: overflow) { return kept }
        }
        return count
    }

    /// Whether the column may end before line `index` (`lines.count`: before the overflow line).
    private func allowsBreak(before index: Int, overflow: Overflow) -> Bool {
        let last = lines[index - 1]
        let startsParagraph = index < lines.count ? lines[index].linesBefore == 0 : overflow.startsParagraph
        // Between paragraphs: only a heading must not be left behind, even with blank lines after it.
        if startsParagraph {
            var previous = index - 1
            while !lines[previous].rules.keepWithNext, lines[previous].isBlank, previous > 0 { previous -= 1 }
            return !lines[previous].rules.keepWithNext
        }
        // Inside a paragraph: enough lines on both sides of the break.
        if let before = last.linesBefore, before + 1 < last.rules.orphans { return false }
        return linesAfter(index, overflow: overflow) >= last.rules.widows
    }

    /// Lines of the paragraph that line `index` belongs to, from it to its end.
    private func linesAfter(_ index: Int, overflow: Overflow) -> Int {
        var count = 0
        for line in lines[index...] {
            count += 1
            if line.endsParagraph { return count }
        }
        return count + overflow.linesLeft
    }
}

/// A paragraph's rules for keeping its lines together (see ParagraphStyle).
struct KeepRules {
    var orphans: Int
    var widows: Int
    var keepWithNext: Bool

    init(_ style: ParagraphStyle) {
        // A drop cap's lines stay together with their initial.
        orphans = max(style.orphans, style.dropCap.lines)
        widows = style.widows
        keepWithNext = style.keepWithNext
    }
}
