import Diagnostics
import Foundation
import Layout
import Text

/// A master's line of text (`<text>`) is one line in its place: what is wider than the place is
/// cut, and a line taller than the place reaches out of it. Neither is left silent: a warning
/// at the `<text>` tag says what does not fit and the room it needs. What an item prints
/// changes page by page, so it is judged on a page with a two-digit folio (as the heads' margins
/// are, `problems(on:)`) in every section whose name it prints and every article whose title
/// or author it prints: one setting each, never every combination of them.
extension RunningHeadSetter {
    public func masterTextProblems(on template: PageTemplate, sections: [String], articles: [Article]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for master in heads.masters where !master.texts.isEmpty {
            var found: [SourcePlace: Diagnostic] = [:]
            let texts = master.texts.map(\.template)
            var contexts = [PageContext()]
            if texts.contains(where: { $0.uses(.section) }) { contexts += sections.map { PageContext(section: $0) } }
            if texts.contains(where: { $0.uses(.title) || $0.uses(.author) }) { contexts += articles.map { PageContext(article: $0) } }
            for context in contexts {
                let (text, parts) = parts(page: 88, of: 88, template: template.using(master), master: master, context: context)
                for part in parts {
                    guard let item = part.item, let place = item.declaration, found[place] == nil,
                          let problem = problem(of: part, in: text, master: master.name) else { continue }
                    found[place] = .warning(problem, at: place.location, sourceLine: place.sourceLine)
                }
            }
            // In the order the items are written.
            warnings += master.texts.compactMap { $0.declaration.flatMap { found[$0] } }
        }
        return warnings
    }

    /// What is wrong with a text item's `part` as set from `text`: wider or taller than its place.
    private func problem(of part: Part, in text: AttributedText, master: String) -> String? {
        let place = part.frame.container.rect
        let start = part.frame.visibleRange.lowerBound
        if part.isCut {
            // The whole line, set where nothing cuts it.
            let wide = Container(rect: Rect(x: 0, y: 0, width: LayoutLimits.largestPageSide, height: 0))
            let whole = Framesetter(text: text, fonts: fonts).frame(in: wide, from: start)
            let printed = whole.lines.first.map { text.substring($0.stringRange).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            let width = whole.lines.first?.width ?? 0
            return "this <text> of master \"\(master)\" is wider than its place: \"\(printed)\" is \(Self.points(width)) pt wide, "
                + "its place \(Self.points(place.width)) pt; what does not fit is cut (widen its place or shorten the text)"
        }
        if let line = part.frame.lines.first, line.ascent + line.descent > place.height + 0.5 {
            return "this <text> of master \"\(master)\" is taller than its place: its line is \(Self.points(line.ascent + line.descent)) pt tall, "
                + "its place \(Self.points(place.height)) pt; it reaches out of it below (give a height of at least that)"
        }
        return nil
    }

    private static func points(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}
