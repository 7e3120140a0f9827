import Render
import Text

/// The page checker: every page drawn, as it was drawn (`DrawnPage`), checked for what no
/// page may show — ink over ink, over a picture or a border (`InkOverlapCheck`), ink outside
/// its area or the page (`AreaCheck`), an empty band inside a paragraph
/// (`ParagraphGapCheck`), a column ending early for no reason (`ColumnEndCheck`), a stretch
/// beside an element left empty while the column's text goes on below it (`EmptyStretchCheck`), a
/// band's text flowing round another section's picture or box (`SectionBandCheck`), a box over a
/// gutter carried to a page after its section's text (`BoxPastItsSectionCheck`), a kept
/// block split over two columns though it fits one (`KeptBlockSplitCheck`), a balanced band
/// leaving a column empty while another holds text it could share (`BalancedBandCheck`), a
/// floated picture beside a later paragraph whose own it pushed down (`FloatBesideAnotherParagraphCheck`), a
/// word cut into a stub (`WordCutCheck`) — and the
/// document for every word drawn once, in reading order (`WordCoverage`). Fed the pages in
/// order, then finished.
public struct PageChecker {
    /// Findings of one kind (and subject: the picture or box a glyph is over) reported on one
    /// page before the rest are counted: one fault (a picture over a paragraph) can put a
    /// hundred glyphs at fault.
    public static let findingsShownPerKind = 5

    private let text: CheckedText
    private var words: WordCoverage
    private var boxesPastTheirSections = BoxPastItsSectionCheck()

    public init(text: AttributedText) {
        self.text = CheckedText(text: text)
        words = WordCoverage(text: self.text)
    }

    /// What is wrong with `page`, the next page of the document.
    public mutating func check(_ page: DrawnPage) -> [PageFinding] {
        var found = InkOverlapCheck().findings(on: page, text: text)
        found += AreaCheck().findings(on: page, text: text)
        found += ParagraphGapCheck().findings(on: page, text: text)
        found += ColumnEndCheck().findings(on: page)
        found += EmptyStretchCheck().findings(on: page, text: text)
        found += SectionBandCheck().findings(on: page, text: text)
        found += boxesPastTheirSections.findings(on: page, text: text)
        found += KeptBlockSplitCheck().findings(on: page, text: text)
        found += BalancedBandCheck().findings(on: page, text: text)
        found += FloatBesideAnotherParagraphCheck().findings(on: page, text: text)
        found += WordCutCheck().findings(on: page, text: text)
        found += words.findings(on: page)
        return Self.shortened(found)
    }

    /// Takes a page of the document that is not written (`PageSelection`): its words are
    /// on a page, in their place in the reading order, so they are neither lost nor out of
    /// order; what is wrong on it is not shown, so it is not reported. A word it shows again on a
    /// page written is.
    public mutating func accountFor(skipped page: DrawnPage) {
        _ = words.findings(on: page)
        _ = boxesPastTheirSections.findings(on: page, text: text)
    }

    /// What is wrong with the document as a whole, after its last page.
    public func finish() -> [PageFinding] {
        Self.shortened(words.missingWords())
    }

    /// `findings` with at most `findingsShownPerKind` of each kind and subject, the last of
    /// them saying how many more there are.
    private static func shortened(_ findings: [PageFinding]) -> [PageFinding] {
        struct Group: Hashable {
            var kind: PageFinding.Kind
            var subject: Int?
        }
        var byGroup: [Group: [PageFinding]] = [:]
        var groups: [Group] = []
        for finding in findings {
            let group = Group(kind: finding.kind, subject: finding.subject)
            if byGroup[group] == nil { groups.append(group) }
            byGroup[group, default: []].append(finding)
        }
        return groups.flatMap { group -> [PageFinding] in
            let all = byGroup[group]!
            guard all.count > findingsShownPerKind else { return all }
            var shown = Array(all.prefix(findingsShownPerKind))
            shown[shown.count - 1].detail += " (and \(all.count - findingsShownPerKind) more like it on the page)"
            return shown
        }
    }
}
