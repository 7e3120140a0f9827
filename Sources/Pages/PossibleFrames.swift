import Text

/// The page frames each part of a text may be set in, known before the pages are: the checks
/// and fittings made before layout (pictures and boxes fitted to their column, kept blocks,
/// display words, tab tables, oversized text) measure a paragraph against these, not the
/// document's frame, since a master may set other columns and margins (`PageTemplate.using`).
///
/// A page uses the master in force where its text starts (`Paginator`), so text after a
/// `<pagebreak master>` is set in that master's frame and nowhere else; text after a
/// `<section master>` switch may still be on the page the switch is on, the master before's,
/// so it may be set in either. A check takes the strictest of them: the narrowest column, the
/// shortest text area.
public struct PossibleFrames: Sendable {
    private let document: PageTemplate
    private let switches: MasterSwitches
    /// The frames the text after each switch may be set in, by the switch's index.
    private let afterSwitch: [[PageTemplate]]

    public init(template: PageTemplate, text: AttributedText) {
        document = template
        switches = MasterSwitches(in: text)
        let all = switches.all
        afterSwitch = all.indices.map { index in
            let current = template.using(all[index].master)
            if text.forcedBreak(before: all[index].position) == .page { return [current] }
            let before = index > 0 ? template.using(all[index - 1].master) : template
            return before == current ? [current] : [current, before]
        }
    }

    /// The frames the text at `position` may be set in (one or two).
    public func templates(at position: Int) -> [PageTemplate] {
        switches.index(inForceAt: position).map { afterSwitch[$0] } ?? [document]
    }

    /// The frames any of `range` may be set in: a kept block a switch falls inside may be set
    /// in the frames of either side of it.
    public func templates(in range: Range<Int>) -> [PageTemplate] {
        var found = templates(at: range.lowerBound)
        for (index, change) in switches.all.enumerated() where change.position > range.lowerBound && change.position < range.upperBound {
            found += afterSwitch[index].filter { !found.contains($0) }
        }
        return found
    }

    /// The narrowest column of `section` (nil: the page's columns) the text at `position` may be set in.
    public func narrowestColumn(at position: Int, of section: SectionStyle?) -> Double {
        templates(at: position).map { $0.columnWidth(of: section) }.min() ?? document.columnWidth(of: section)
    }

    /// The shortest text area the text at `position` may be set in.
    public func shortestTextArea(at position: Int) -> Double {
        templates(at: position).map(\.textArea.height).min() ?? document.textArea.height
    }
}
