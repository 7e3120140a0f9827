import Diagnostics
import Text

/// A `<keep>` block as written: its number (`ParagraphStyle.keepBlock` of its paragraphs) and
/// where its tag is, for the check that warns when the block is taller than a column.
public struct KeepDeclaration: Hashable, Sendable {
    /// From 1, in the order of the tags.
    public var number: Int
    public var location: SourceLocation
    public var sourceLine: String
}

extension ParseState {
    /// `<keep>`: the paragraphs that begin from here to `</keep>` stay in one column, as one
    /// block (a schedule, a recipe's ingredients). A `<keep>` inside another counts as one
    /// with it: its paragraphs are the outer block's, and its `</keep>` closes only itself.
    mutating func openKeep(_ tag: Tag) {
        warnAboutAttributes(of: tag)
        if let open = openKeep {
            let line = diagnostics.source.location(of: open.tagOffset).line
            diagnostics.warning("<keep> inside another <keep> (line \(line)) counts as one with it", at: tag.offset)
            openKeep?.nested += 1
            return
        }
        let number = keeps.count + 1
        let source = diagnostics.source
        keeps.append(KeepDeclaration(number: number, location: source.location(of: tag.offset),
                                     sourceLine: source.lineText(containing: tag.offset)))
        openKeep = OpenBlockTag(at: tag.offset)
        builder.keepBlock = number
    }

    /// `</keep>`: paragraphs that begin from here on are outside the block (the one in
    /// progress stays in it, as with `</section>`).
    mutating func closeKeep(_ tag: Tag) {
        guard openKeep != nil else {
            return diagnostics.warning("</keep> without a matching <keep> ignored", at: tag.offset)
        }
        guard openKeep?.close() == true else { return }
        openKeep = nil
        builder.keepBlock = nil
    }

    /// At the end of the document or an article: a block still open ends with it.
    mutating func finishKeeps(at end: FileEnd) {
        guard let open = openKeep else { return }
        diagnostics.warning("<keep> is never closed; it ends with \(end.phrase)", at: open.tagOffset)
        openKeep = nil
        builder.keepBlock = nil
    }
}
