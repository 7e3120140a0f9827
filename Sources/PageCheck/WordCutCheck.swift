import Foundation
import Layout
import Render
import Text

/// "No word cut into a stub": a line that ends inside a word, where no line may break and no
/// hyphen is drawn (a word too wide for its line, cut at a letter: `WordCut` in Layout), leaves
/// as many letters after the cut as a hyphen would (the paragraph's `hyphenate-min-after`)
/// wherever a cut further back leaves as many before it as `-min-before` asks: never
/// "Observator" / "y" nor "Okonk" / "wo-Delacroix"; and never a mark alone ("No" / ".").
struct WordCutCheck {
    func findings(on page: DrawnPage, text: CheckedText) -> [PageFinding] {
        var found: [PageFinding] = []
        let hyphenated = Set(page.glyphs.filter { $0.character == GlyphRun.generatedHyphen }.map(\.line))
        // A line opening with a drop cap's initial may hold the initial alone, its word going on
        // beside it below: no cut.
        for (index, line) in page.lines.enumerated()
        where !line.isBox && !line.endsParagraph && line.initial == nil && !hyphenated.contains(index) {
            guard page.areas[line.area].kind != .runningHead else { continue }
            let end = line.stringRange.upperBound
            guard end > line.stringRange.lowerBound, end < text.text.length,
                  Self.isLetter(text.text.storage[end - 1]), text.prints(end) else { continue }
            let breaks = text.text.lineBreaks(inParagraphOf: end - 1).map(\.offset)
            guard !breaks.contains(end) else { continue }
            // The pieces either side: from the line's start (or the word's) to the next break.
            let pieceStart = max(line.stringRange.lowerBound, breaks.last { $0 < end } ?? 0)
            let pieceEnd = breaks.first { $0 > end } ?? text.text.length
            let rules = text.text.paragraphStyle(at: end - 1).hyphenation
            let before = letters(of: text, in: pieceStart ..< end), after = letters(of: text, in: end ..< pieceEnd)
            // Too few letters after the cut where a cut further back fitted and left enough
            // (a narrow line may leave too few before it), or a mark alone after it.
            let tooFewAfter = after < rules.minimumAfter && before + after >= rules.minimumBefore + rules.minimumAfter
            guard tooFewAfter || after == 0 && before > 1 else { continue }
            let word = text.text.substring(pieceStart ..< end) + "|" + text.text.substring(end ..< pieceEnd)
            found.append(PageFinding(page: page.number, kind: .wordCut,
                                     detail: "the line at y \(Int(line.baseline.rounded())) ends inside a word with no hyphen, "
                                        + "\(before) letters before the cut and \(after) after it: '\(word.trimmingCharacters(in: .whitespacesAndNewlines))'",
                                     character: end))
        }
        return found
    }

    /// The letters (alphabetic or numeric characters) of `range`.
    private func letters(of text: CheckedText, in range: Range<Int>) -> Int {
        text.text.storage[range].reduce(0) { $0 + (Self.isLetter($1) ? 1 : 0) }
    }

    private static func isLetter(_ unit: UInt16) -> Bool {
        guard let scalar = Unicode.Scalar(unit) else { return UTF16.isLeadSurrogate(unit) }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
