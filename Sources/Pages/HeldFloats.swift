import Layout
import Text

/// Floats a section leaves waiting when its text ends (a figure that did not fit below its
/// text, a floated picture reaching below the page) are held back from the bands below it and
/// placed at the next page's top, in their own section's columns, before the text goes on.
/// They were fitted to those columns (`fitPictures`, `fitBoxes`): set at the top of the next
/// band instead, a one-column section's figure lay across a three-column band's text. On this
/// page they have no room (they waited because the section's column had none down to the
/// page's foot), and the text after the section does not wait for them, as it does not for a
/// figure in its own column (WaitingBoxes in Layout); LaTeX's floats move on the same way.
extension BandSetter {
    /// A band of `columns` that sets no text (the text is at `position`) and places `floats`,
    /// a carry of waiting floats alone, one column after another until none is left: each
    /// column places at least the first float waiting for it. The band carries on the floats
    /// its columns could not hold.
    func place(_ floats: FlowCarry, in columns: [Rect], at position: Int, exclusions: [Exclusion] = []) -> Band {
        var frames: [Frame] = []
        var carry = floats
        var bottom = columns.first?.minY ?? 0
        for column in columns where carry.hasWaitingFloats {
            let result = framesetter.frame(in: Container(rect: column, exclusions: exclusions, baselineGrid: grid),
                                           from: position, to: position, carrying: carry)
            frames.append(result.frame)
            carry = result.carry
            if !result.frame.floats.isEmpty { bottom = max(bottom, column.minY + result.frame.usedHeight) }
        }
        return Band(frames: frames, end: position, carry: carry, stop: carry.hasWaitingFloats ? .full : .sectionEnd, bottom: bottom)
    }
}
