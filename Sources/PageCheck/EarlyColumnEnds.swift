import Layout
import Pages

/// The columns of a page that end more than `ColumnRoom.linesAllowed` lines short of their
/// foot, with the reason their frames give: what `typeset` warns of in every build, from the
/// laid-out page (the page checker measures the drawn page).
public struct EarlyColumnEnd: Hashable, Sendable {
    public var page: Int
    /// The column's number in its band (its section's columns on the page), from 1.
    public var column: Int
    public var lines: Int
    public var end: FrameEnd
    /// Where the warning is located: the character whose markup caused the end, else the first
    /// one the column did not take.
    public var character: Int

    /// "column 2 of page 3 ends 7 lines early: a figure or aside that did not fit went on to the next column"
    public var message: String { "column \(column) of page \(page) ends \(lines) lines early: \(end.reason)" }

    /// The early columns of `page`. Left out: a column the text ends in (the last may end
    /// anywhere; a section's are balanced), one a `<columnbreak>` or `<pagebreak>` ends,
    /// which is what its author asked for, and a balanced one ending before a kept block or a
    /// box, the balance's units (`Frame.endsBeforeAWholeUnit`).
    public static func on(_ page: Page) -> [EarlyColumnEnd] {
        var found: [EarlyColumnEnd] = []
        let columns = ColumnRoom.numbers(ofColumns: page.frames.map(\.container.rect))
        for (index, frame) in page.frames.enumerated() where frame.endsEarly && !(frame.roomBelowFoot > 0 && frame.endsBeforeAWholeUnit) {
            // (The column's notes take its foot: the text's room ends above them.)
            guard let short = frame.linesShortOfItsFoot else { continue }
            found.append(EarlyColumnEnd(page: page.number, column: columns[index], lines: short, end: frame.end,
                                        character: frame.end.cause ?? frame.visibleRange.upperBound))
        }
        return found
    }
}
