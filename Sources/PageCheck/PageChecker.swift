import Render
import Text

/// The page checker: every page drawn, as it was drawn (`DrawnPage`), checked for what no
/// page may show — ink over ink, over a picture or a border (`InkOverlapCheck`), ink outside
/// its area or the page (`AreaCheck`), an empty band inside a paragraph
/// (`ParagraphGapCheck`), a column ending early for no reason (`ColumnEndCheck`) — and the
/// document for every word drawn once, in reading order (`WordCoverage`). Fed the pages in
/// order, then finished.
public struct PageChecker {
    /// Findings of one kind reported on one page before the rest are counted: one fault (a
    /// picture over a paragraph) can put a hundred glyphs at fault.
    public static let findingsShownPerKind = 5

    private let text: CheckedText
    private var words: WordCoverage

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
        found += words.findings(on: page)
        return Self.shortened(found)
    }

    /// What is wrong with the document as a whole, after its last page.
    public func finish() -> [PageFinding] {
        Self.shortened(words.missingWords())
    }

    /// `findings` with at most `findingsShownPerKind` of each kind, the last of them saying how many more there are.
    private static func shortened(_ findings: [PageFinding]) -> [PageFinding] {
        var byKind: [PageFinding.Kind: [PageFinding]] = [:]
        var kinds: [PageFinding.Kind] = []
        for finding in findings {
            if byKind[finding.kind] == nil { kinds.append(finding.kind) }
            byKind[finding.kind, default: []].append(finding)
        }
        return kinds.flatMap { kind -> [PageFinding] in
            let all = byKind[kind]!
            guard all.count > findingsShownPerKind else { return all }
            var shown = Array(all.prefix(findingsShownPerKind))
            shown[shown.count - 1].detail += " (and \(all.count - findingsShownPerKind) more of this kind on the page)"
            return shown
        }
    }
}
