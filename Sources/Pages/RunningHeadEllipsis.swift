import Foundation
import Text

/// A running head's part too wide for the text area, shortened at a word and ended with an
/// ellipsis, so that the page shows that something was dropped ("… · service…", not "… ·
/// service non", which reads as the whole). The setter sets the shortened part again, and
/// shortens it again while even that is cut (the ellipsis takes room a last word had).
enum RunningHeadEllipsis {
    static let ellipsis = "\u{2026}"

    /// The part's `runs` kept to the whole words among their first `shown` UTF-16 units (what
    /// its line held), less any separator left at their end (" · ", ",", "–"), with an ellipsis
    /// after them in the last kept run's look; and the text left out. Nil when no word is left.
    static func shortened(_ runs: [RunningTemplate.Run], showing shown: Int) -> (runs: [RunningTemplate.Run], dropped: String)? {
        let whole = runs.map(\.text).joined()
        var kept = whole[..<String.Index(utf16Offset: min(shown, whole.utf16.count), in: whole)]
        // A word the line cut inside (one wider than the line alone) is not kept in part.
        if let last = kept.last, !last.isWhitespace, let next = whole[kept.endIndex...].first, !next.isWhitespace {
            kept = kept[..<(kept.lastIndex(where: \.isWhitespace) ?? kept.startIndex)]
        }
        while let last = kept.last, !last.isLetter, !last.isNumber { kept = kept.dropLast() }
        guard !kept.isEmpty else { return nil }
        var shortened: [RunningTemplate.Run] = []
        var left = kept.count
        for run in runs where left > 0 {
            let piece = String(run.text.prefix(left))
            left -= piece.count
            shortened.append((piece, run.attributes, run.link))
        }
        shortened[shortened.count - 1].text += ellipsis
        return (shortened, whole[kept.endIndex...].trimmingCharacters(in: .whitespaces))
    }
}
