import Breaking

/// No hyphen on the last line of a column (TeX's \brokenpenalty, as InDesign applies it): a
/// reader turning to the next column or page should not carry half a word. This is the one
/// place that rule lives; every column — a page's, a section's, an aside's — is set through it.
///
/// The column is set as usual and ended where its paragraphs allow (ColumnBreak). When its last
/// line ends in a hyphen, the paragraph is broken again from its first line in the column with
/// that line made to end at a word's end, within the tolerance — or, for a paragraph that
/// needs emergency stretch anyway (long words in a narrow measure), with it — and the column
/// set again with those breaks. The new setting is kept only when it is no worse: the column
/// holds as many lines and its last line ends on a whole word, and a setting with emergency
/// stretch has no line looser than the paragraph's justification ranges (or than the loosest
/// line it had). Otherwise the hyphen stays — a hyphen is a smaller fault than a loose
/// paragraph or a column a line short.
/// Widows, orphans and kept blocks hold because the second setting is ended by the same rules.
extension FrameSetting {
    /// Lines set in `container` from `index` to `end`, as `lines(in:from:to:)` sets them, with
    /// the column's last line ending on a whole word where the paragraph allows it.
    mutating func linesEndingOnWholeWord(in container: Container, from index: Int, to end: Int) -> Frame {
        var unrecorded: ResumableSetting?
        return linesEndingOnWholeWord(in: container, from: index, to: end, record: &unrecorded)
    }

    /// The same, its first setting going on from `record`'s and leaving its own there (see
    /// ResumableSetting); the second, with its last paragraph's breaks made to end on a whole
    /// word, is set from the top.
    mutating func linesEndingOnWholeWord(in container: Container, from index: Int, to end: Int,
                                         record: inout ResumableSetting?) -> Frame {
        let frame = lines(in: container, from: index, to: end, record: &record)
        guard endsInHyphen(frame), let rebroken = planEndingOnWholeWord(frame, from: index) else { return frame }
        var trial = self
        trial.use(rebroken)
        let again = trial.lines(in: container, from: index, to: end)
        guard again.lines.count >= frame.lines.count, !trial.endsInHyphen(again) else { return frame }
        self = trial
        return again
    }

    /// Whether the frame's last line breaks a word with a hyphen, its paragraph going on below.
    func endsInHyphen(_ frame: Frame) -> Bool {
        guard let last = frame.lines.last, !last.endsParagraph, last.box == nil,
              let plan = plan(containing: last.stringRange.lowerBound) else { return false }
        return plan.lineBreak(startingAt: last.stringRange.lowerBound)?.kind == .hyphenated
    }

    /// The breaks of the frame's last paragraph from its first line in the frame (from `index`
    /// on), its line in the frame's last place ending at a word's end; nil when no setting
    /// within the tolerance has one there.
    private func planEndingOnWholeWord(_ frame: Frame, from index: Int) -> LinePlan? {
        guard let last = frame.lines.last, let plan = plan(containing: last.stringRange.lowerBound),
              let lastLine = plan.lineStarts.firstIndex(of: last.stringRange.lowerBound),
              let firstLine = plan.lineStarts.firstIndex(where: { $0 >= index }), firstLine <= lastLine else { return nil }
        let paragraph = cache.paragraph(containing: last.stringRange.lowerBound)
        // A table's breaks depend on where its tab stops are measured from, which a plan does not keep.
        guard !paragraph.hasTabs else { return nil }
        let widths = (firstLine ..< max(plan.widths.count, lastLine + 1)).map(plan.width(ofLine:))
        func rebroken(wholeWordLine: Int?, withinTolerance: Bool) -> LinePlan? {
            let found = cache.plan(for: paragraph, from: plan.lineStarts[firstLine], widths: widths, otherWidth: plan.otherWidth,
                                   tabs: .columnEdge, wholeWordLine: wholeWordLine, withinTolerance: withinTolerance)
            return found.breaks == nil ? nil : found
        }
        if let within = rebroken(wholeWordLine: lastLine - firstLine, withinTolerance: true) { return within }
        // A paragraph set within the tolerance keeps its hyphen rather than be stretched beyond it.
        guard rebroken(wholeWordLine: nil, withinTolerance: true) == nil else { return nil }
        // With emergency stretch the rule is a penalty, as TeX's \brokenpenalty is, not a law: it
        // gives way to a setting looser than the paragraph's justification ranges allow, unless the
        // paragraph is already that loose there (a hyphen rather than word gaps of 30 pt in a
        // 150 pt column).
        guard let stretched = rebroken(wholeWordLine: lastLine - firstLine, withinTolerance: false) else { return nil }
        let loosestAllowed = max(1, Self.loosest(plan.breaks?[firstLine...] ?? []))
        return Self.loosest(stretched.breaks ?? []) <= loosestAllowed ? stretched : nil
    }

    /// How loose the loosest of the lines ending at `breaks` is (see `LineBreak.ratio`); a line
    /// with no space to open (one word, a drop cap's line) is left short, not spaced out, and
    /// does not count.
    private static func loosest(_ breaks: some Sequence<LineBreak>) -> Float {
        breaks.map(\.ratio).filter(\.isFinite).max() ?? 0
    }
}
