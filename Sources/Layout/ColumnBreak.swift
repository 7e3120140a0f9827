import Text

/// Where a column ends so that paragraphs keep their lines together: no first line of a
/// paragraph alone at its foot (an orphan), no last line alone at the next column's head (a
/// widow), no heading as the last thing in it, no `keep-with-previous`
/// paragraph (a signature, a credit) as the first thing in the next. Frame ends move up; line
/// breaks stay.
///
/// The column ends at the latest break that keeps every rule, as long as that moves no more
/// than half the column's height on to the next one; when no such break exists it ends where
/// the lines stopped fitting, because a widow or an orphan is a smaller fault than a column
/// left half empty (and a column must always take at least one line, or the text would never
/// progress).
///
/// A kept block (`keep-together`, `<keep>`, a heading's lines) is never split at a column's foot: the column ends
/// before it, however far up that is, and it starts the next one. A block that already starts
/// at the column's top is taller than the column and is split as any text is (a check before
/// layout warns about it). A heading goes on with the first lines of its text the same way
/// (InDesign's keep with next, LaTeX's `\needspace`): alone at a column's foot it heads nothing.
/// One that opens the column with them and still does not fit is set as it falls, unless taller
/// columns follow (below another band): then the column takes nothing, and the heading waits
/// with its text for the next page.
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
        /// The kept block the line belongs to, if any.
        var keep: KeptBlock?
        /// The bottom of the line's box, from the top of the container.
        var bottom: Double
    }

    /// The first line that did not fit: how many lines its paragraph has from it on.
    struct Overflow {
        var startsParagraph: Bool
        var linesLeft: Int
        var keep: KeptBlock?
        /// Whether the paragraph it starts must not start a column (`keep-with-previous`).
        var keepsWithPrevious = false
        /// Whether, set at the top of the room left, it reached below the column's foot (see
        /// LineLoop's BandSearch): not the keep rules' business, but why the column ends (FrameEnd).
        var reachedBelowFoot = false
        /// Whether it is a table's rows, which a column could hold whole and so went on (FrameEnd).
        var movesTableRow = false
        /// Whether it fitted but its footnote did not (see FootnoteArea): why the column ends.
        var footnoteDidNotFit = false
        /// Whether it is a box kept in the column that ends it (`Container.boxesEndTheColumn`).
        var boxDidNotFit = false
    }

    var lines: [SetLine]
    var overflow: Overflow?
    var height: Double
    /// Whether the columns after this one are taller (`Container.tallerColumnsFollow`).
    var tallerColumnsFollow = false

    /// How many of `lines` the column keeps: at least one when there are any, but for a heading
    /// opening a column that taller columns follow.
    func lineCount() -> Int {
        let count = lines.count
        guard let overflow, count > 0 else { return count }
        if let beforeBlock = breakBeforeKeptBlock(overflow: overflow) { return beforeBlock }
        if let beforeHeading = breakBeforeHeading(overflow: overflow) { return beforeHeading }
        guard count > 1 else { return count }
        if allowsBreak(before: count, overflow: overflow) { return count }
        let highest = lines[count - 1].bottom - Self.largestMove * height
        for kept in stride(from: count - 1, through: 1, by: -1) {
            if lines[kept - 1].bottom < highest { break }
            if allowsBreak(before: kept, overflow: overflow) { return kept }
        }
        return count
    }

    /// Whether a column keeping `kept` of the lines ends where the rules would not have it: an
    /// orphan, a widow, a heading at its foot, because keeping them would have moved more than
    /// half the column on (`lineCount`); or inside a kept block taller than the column.
    func givesWay(keeping kept: Int) -> Bool {
        guard let overflow, kept > 0 else { return false }
        return !allowsBreak(before: kept, overflow: overflow) || keptBlockGoesOn(before: kept, overflow: overflow)
    }

    /// Where the column ends when the overflow line belongs to a kept block that began in the
    /// column below its top: the latest break at or above the block's first line that keeps the
    /// other rules, with no limit on how far it moves. Nil when no block is split here, when
    /// the block began at the column's top (it is taller than the column), or when no break
    /// above it is allowed.
    private func breakBeforeKeptBlock(overflow: Overflow) -> Int? {
        guard let block = overflow.keep, lines[lines.count - 1].keep == block,
              let before = lines.lastIndex(where: { $0.keep != block }) else { return nil }
        return stride(from: before + 1, through: 1, by: -1).first { allowsBreak(before: $0, overflow: overflow) }
    }

    /// Where the column ends when it would end after a heading (a `keep-with-next` paragraph, or
    /// several in a row) or inside the first lines the rules send on with it (fewer than the
    /// next paragraph's `orphans`): before the heading, however far up that is, as before a kept
    /// block. Nil when the column does not end so, or no break above the heading keeps the other
    /// rules; when the heading opens the column, 0 if taller columns follow, else nil (it is
    /// taller than the column, and set as it falls).
    private func breakBeforeHeading(overflow: Overflow) -> Int? {
        var first = lines.count
        if !overflow.startsParagraph {
            let last = lines[first - 1]
            guard let before = last.linesBefore, before + 1 < last.rules.orphans else { return nil }
            first -= before + 1
        }
        let headed = first   // the first line the heading goes on with
        while first > 0, lines[first - 1].rules.keepWithNext || lines[first - 1].isBlank { first -= 1 }
        // Blank lines above the heading stay in the column.
        while first < headed, lines[first].isBlank { first += 1 }
        guard first < headed else { return nil }
        guard first > 0 else { return tallerColumnsFollow ? 0 : nil }
        return stride(from: first, through: 1, by: -1).first { allowsBreak(before: $0, overflow: overflow) }
    }

    /// Whether ending the column before line `index` would split a kept block, other than one
    /// that starts at the column's top and runs past its foot (taller than the column). A
    /// block at the top that ends in the column fits it: a heading opening the column is not
    /// split to keep the block after it whole ("Reviews: / Self-published / memoirs of small-"
    /// in one column, the rest of the head in the next).
    private func splitsKeptBlock(before index: Int, overflow: Overflow) -> Bool {
        guard keptBlockGoesOn(before: index, overflow: overflow), let block = lines[index - 1].keep else { return false }
        let tallerThanColumn = lines[0].keep == block && lines[lines.count - 1].keep == block && overflow.keep == block
        return !tallerThanColumn
    }

    /// Whether line `index` (`lines.count`: the overflow line) is of the kept block the line
    /// before it is of.
    private func keptBlockGoesOn(before index: Int, overflow: Overflow) -> Bool {
        guard let block = lines[index - 1].keep else { return false }
        return (index < lines.count ? lines[index].keep : overflow.keep) == block
    }

    /// Whether the column may end before line `index` (`lines.count`: before the overflow line).
    private func allowsBreak(before index: Int, overflow: Overflow) -> Bool {
        if splitsKeptBlock(before: index, overflow: overflow) { return false }
        let last = lines[index - 1]
        let startsParagraph = index < lines.count ? lines[index].linesBefore == 0 : overflow.startsParagraph
        // Between paragraphs: a heading must not be left behind, even with blank lines after it,
        // and a paragraph that keeps with the one before must not go on without it.
        if startsParagraph {
            let keepsWithPrevious = index < lines.count ? lines[index].rules.keepWithPrevious : overflow.keepsWithPrevious
            if keepsWithPrevious { return false }
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
    var keepWithPrevious: Bool

    init(_ style: ParagraphStyle) {
        // A drop cap's lines stay together with their initial.
        orphans = max(style.orphans, style.dropCap.lines)
        widows = style.widows
        keepWithNext = style.keepWithNext
        keepWithPrevious = style.keepWithPrevious
    }
}

/// A run of text kept in one column: a paragraph with `keep-together`, a heading (a
/// `keep-with-next` paragraph: "Self-pub- / lished" split over two columns is no head), or the
/// paragraphs of one `<keep>` block (which wins over the paragraph's own).
public enum KeptBlock: Equatable, Sendable {
    /// The paragraph starting at this offset.
    case paragraph(Int)
    /// The `<keep>` block of this number.
    case block(Int)

    public init?(_ style: ParagraphStyle, paragraphStart: Int) {
        if let number = style.keepBlock {
            self = .block(number)
        } else if style.keepTogether || style.keepWithNext {
            self = .paragraph(paragraphStart)
        } else {
            return nil
        }
    }
}
