import Text

extension AttributedText {
    /// Each paragraph style of `range` changed by `change`, run by run: the checks before
    /// layout take off a keep no column can honour (`KeptBlockCheck`, `KeepWithNextRunCheck`).
    mutating func changeParagraphStyles(in range: Range<Int>, _ change: (inout ParagraphStyle) -> Void) {
        var start = range.lowerBound
        while start < range.upperBound {
            let run = paragraphStyleRuns.value(at: start)
            var style = run.value
            change(&style)
            let end = min(run.range.upperBound, range.upperBound)
            setParagraphStyle(style, in: start ..< end)
            start = end
        }
    }
}
