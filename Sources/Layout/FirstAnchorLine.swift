import Text

/// Where a frame's first float goes down from, found from the frame set only down to the end of
/// the paragraph whose line places it (`floatingFrame`): the setting without the float says no
/// more than that line, and is set again beside the float. The lines a column sets are set one
/// after another, so the cut setting's lines are the whole setting's down to the cut — unless
/// the keep rules end the whole column above the cut (see ColumnBreak): the cut is taken only
/// where they may end it there, and a cut setting stopped short of it by the column's foot is
/// the whole setting. Notes and tables, whose rules reach across paragraphs, are left to the
/// whole setting. Nil: set the whole frame.
///
/// The magazine's frames beside floats were set twice, once without the float to find its
/// anchor's line (docs/pipeline.md, "Speed: the layout's caches and trial layouts").
extension Framesetter {
    struct AnchorLine {
        var anchor: FloatAnchor
        /// The top of the line holding the anchor (a box: of the line after its paragraphs).
        var top: Double
        /// How far the container's exclusions may push the float down (`lowestTop`).
        var lowest: Double
    }

    /// The line of the first anchor in the text from `index` to `end` but those `handled`, set in
    /// `container` as `floatingFrame` sets it before placing floats from the frame's own text.
    func firstAnchorLine(in container: Container, from index: Int, to end: Int, carrying carried: FlowCarry,
                         holdsWaitingFloats: Bool, skipping handled: Set<Int>) -> AnchorLine? {
        guard footnotes.all.isEmpty, tables.all.isEmpty, !carried.hasNotesGoingOn,
              let anchor = anchors(in: index ..< end).first(where: { !handled.contains($0.index) }),
              let cut = cutAfterTheLine(of: anchor, before: end) else { return nil }
        let frame = plainFrame(in: container, from: index, to: cut, carrying: carried, holdsWaitingFloats: holdsWaitingFloats).frame
        guard frame.visibleRange.contains(anchor.index), let top = Self.top(of: anchor, in: frame) else { return nil }
        return AnchorLine(anchor: anchor, top: top, lowest: Self.lowestTop(of: anchor, from: top, in: frame))
    }

    /// The end of the paragraph whose line places `anchor`'s float (a picture's own, the one
    /// after a box's), when the column may end there whatever follows: a paragraph with text, kept
    /// with nothing after it, before one that keeps with nothing before it. Nil otherwise, or when
    /// the cut would be the frame's own end (nothing to save).
    private func cutAfterTheLine(of anchor: FloatAnchor, before end: Int) -> Int? {
        let lineStart: Int
        switch anchor.content {
        case .picture: lineStart = anchor.index
        case .box(let box):
            lineStart = box.range.upperBound
            guard lineStart < end, boxes.box(containing: lineStart) == nil else { return nil }
        }
        let paragraph = text.paragraphRange(containing: lineStart)
        // A blank line lets a heading above it keep with what follows (ColumnBreak), and the
        // text's last paragraph, without a separator, ends where the frame does.
        guard paragraph.count > 1, paragraph.upperBound < end else { return nil }
        let style = text.sharedParagraphStyle(at: paragraph.lowerBound).value
        guard KeptBlock(style, paragraphStart: paragraph.lowerBound) == nil,
              !text.sharedParagraphStyle(at: paragraph.upperBound).value.keepWithPrevious else { return nil }
        return paragraph.upperBound
    }
}
