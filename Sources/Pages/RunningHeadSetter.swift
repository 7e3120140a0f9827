import Fonts
import Layout
import Text

/// The lines printed in a page's margins, and the text their runs index (not the document's).
public struct PageFurniture: Sendable {
    public var text: AttributedText
    public var frames: [Frame]
}

/// Sets the running header and footer of a page with the real pipeline: each part is a
/// paragraph of its own, laid out by a framesetter across the page's text area (flush left,
/// centred, flush right) and moved into its margin.
///
/// **Vertically**, each line's box (the face's ascent and descent) is centred in its margin,
/// so the ink sits about as far from the paper's edge as from the text, at the top and at the
/// bottom alike: a baseline at mid-margin would put the header's letters nearer the edge and
/// the footer's nearer the text. The line never reaches into the text area; a margin too
/// small to hold it is a `problem`.
///
/// **On facing pages** the parts mirror on left-hand (even) pages: the left part goes to the
/// right, flush right, and the right part to the left, flush left, so that the left part is
/// always at the spine and the right part at the outer edge (fancyhdr's `[LE,RO]`). The
/// centre part stays centred on the text area, which itself moves with the margins.
public final class RunningHeadSetter {
    public let heads: RunningHeads
    let fonts: FontTable

    public init(heads: RunningHeads, fonts: FontTable) {
        self.heads = heads
        self.fonts = fonts
    }

    /// Where a line goes: the top margin or the bottom one.
    public enum Band: String, Sendable {
        case header, footer
    }

    /// One part set on one page.
    public struct Part {
        /// Its margin; nil: a master's text item.
        public var band: Band?
        /// The template's part (left, centre or right) before any mirroring.
        public var slot: String
        public var frame: Frame
        /// Whether the part's text did not fit on the line and was cut.
        public var isCut: Bool
        /// What a running head's part cut at a word left out (its line ends with an ellipsis).
        public var dropped: String?
        /// Where its template was written (nil: on the command line, or a master's text item).
        public var place: SourcePlace?
        /// The master's text item it prints (nil: a running head's part).
        public var item: MasterText?
    }

    /// What a page's heads print besides its number: the title and author of the article its
    /// text starts in (nil, or without them: the document's) and the name of the section
    /// (`SectionStyle.name`) in force there.
    public struct PageContext: Sendable {
        public var article: Article?
        public var section: String?

        public init(article: Article? = nil, section: String? = nil) {
            self.article = article
            self.section = section
        }
    }

    /// Page `number`'s header and footer, and its master's lines of text (`<text>`), a frame
    /// per part that prints; nil when none does. `count` is the page count, which `{pages}`
    /// needs; `master` the page's master page; `context` what `{title}`, `{author}` and
    /// `{section}` print there.
    public func furniture(page number: Int, of count: Int?, template: PageTemplate, master: MasterPage? = nil,
                          context: PageContext = PageContext()) -> PageFurniture? {
        let (text, parts) = parts(page: number, of: count, template: template, master: master, context: context)
        return parts.isEmpty ? nil : PageFurniture(text: text, frames: parts.map(\.frame))
    }

    /// Where a part's line goes: the middle of a margin, or the top of a master's text item.
    private enum Slot {
        case band(Band)
        case box(Rect, MasterText)

        var band: Band? {
            if case .band(let band) = self { band } else { nil }
        }
    }

    /// The text of page `number`'s running heads and its master's text items, and each part set from it.
    public func parts(page number: Int, of count: Int?, template: PageTemplate, master: MasterPage? = nil,
                      context: PageContext = PageContext()) -> (text: AttributedText, parts: [Part]) {
        var requests: [(slot: Slot, name: String, runs: [RunningTemplate.Run], attributes: TextAttributes, alignment: TextAlignment,
                        place: SourcePlace?)] = []
        let mirrored = template.isVerso(number)
        func add(_ slot: Slot, _ runningTemplate: RunningTemplate?, attributes: TextAttributes? = nil) {
            guard let runningTemplate else { return }
            let parts = runningTemplate.runs(page: number, pages: count, title: context.article?.title.map(RunningHeads.oneLine) ?? heads.title,
                                             author: context.article?.author.map(RunningHeads.oneLine) ?? heads.author,
                                             section: context.section.map(RunningHeads.oneLine) ?? "")
            let sides: [(String, [RunningTemplate.Run], TextAlignment)] = [
                ("left", parts.left, mirrored ? .right : .left),
                ("centre", parts.center, .center),
                ("right", parts.right, mirrored ? .left : .right),
            ]
            for (name, runs, alignment) in sides where runs.contains(where: { $0.text.contains { !$0.isWhitespace } }) {
                requests.append((slot, name, runs.map { (String($0.text.map { $0.isNewline ? " " : $0 }), $0.attributes, $0.link) },
                                 attributes ?? heads.attributes, alignment, runningTemplate.place))
            }
        }
        // A master is the page's whole design: the first page's rule is the document's own.
        let (header, footer) = heads.templates(for: master)
        if master != nil || number > 1 || heads.headerOnFirstPage { add(.band(.header), header) }
        add(.band(.footer), footer)
        // A master's text items, in their places as placed (and mirrored) on the page.
        if let master {
            for item in template.items(of: master, onPage: number) {
                if case .text(let line) = item.content { add(.box(item.rect, line), line.template, attributes: line.attributes) }
            }
        }
        guard !requests.isEmpty else { return (AttributedText(), []) }

        // All parts in one text, a paragraph each, so one framesetter sets the page's lines.
        func combined(_ shown: [[RunningTemplate.Run]]) -> (text: AttributedText, starts: [Int]) {
            var text = AttributedText()
            var starts: [Int] = []
            for (index, request) in requests.enumerated() {
                starts.append(text.length)
                let style = ParagraphStyle(alignment: request.alignment, hyphenate: false)
                for run in shown[index] where !run.text.isEmpty {
                    var attributes = run.attributes ?? request.attributes
                    attributes.link = run.link
                    text.append(run.text, attributes: attributes, paragraphStyle: style)
                }
                if index < requests.count - 1 { text.append("\n", attributes: request.attributes, paragraphStyle: style) }
            }
            return (text, starts)
        }
        let area = template.textArea(ofPage: number)
        func frames(of text: AttributedText, from starts: [Int]) -> [Frame] {
            let framesetter = Framesetter(text: text, fonts: fonts)
            return requests.indices.map { index in
                let across = if case .box(let rect, _) = requests[index].slot { rect } else { area }
                // A container with no height takes exactly one line: a part is never more.
                return framesetter.frame(in: Container(rect: Rect(x: across.minX, y: 0, width: across.width, height: 0)),
                                         from: starts[index])
            }
        }
        var shown = requests.map(\.runs)
        var dropped: [String?] = Array(repeating: nil, count: requests.count)
        var (text, starts) = combined(shown)
        var set = frames(of: text, from: starts)
        // A running head's part cut ends at a word with an ellipsis: set again until it fits.
        for _ in 0 ..< Self.ellipsisRounds {
            var shortenedAny = false
            for index in requests.indices where requests[index].slot.band != nil {
                let end = index + 1 < starts.count ? starts[index + 1] - 1 : text.length
                guard set[index].visibleRange.upperBound < end,
                      let shortened = RunningHeadEllipsis.shortened(requests[index].runs,
                                                                    showing: set[index].visibleRange.upperBound - starts[index])
                else { continue }
                shown[index] = shortened.runs
                dropped[index] = shortened.dropped
                shortenedAny = true
            }
            guard shortenedAny else { break }
            (text, starts) = combined(shown)
            set = frames(of: text, from: starts)
        }
        var parts: [Part] = []
        for (index, request) in requests.enumerated() {
            let frame = set[index]
            let end = index + 1 < starts.count ? starts[index + 1] - 1 : text.length
            parts.append(Part(band: request.slot.band, slot: request.name, frame: frame,
                              isCut: frame.visibleRange.upperBound < end || dropped[index] != nil, dropped: dropped[index],
                              place: request.place))
            // A text item's line hangs from its place's top.
            if case .box(let rect, let item) = request.slot {
                parts[index].item = item
                if let line = frame.lines.first { parts[index].frame = Self.moved(frame, baseline: rect.minY + line.ascent, in: rect) }
            }
        }
        // One baseline per band, from the tallest part (a title in a taller fallback face).
        for band in [Band.header, .footer] {
            let inBand = parts.indices.filter { if case .band(band) = requests[$0].slot { true } else { false } }
            let lines = inBand.flatMap { parts[$0].frame.lines }
            guard let ascent = lines.map(\.ascent).max(), let descent = lines.map(\.descent).max() else { continue }
            let margins = template.margins(ofPage: number)
            let (top, height) = band == .header ? (0.0, margins.top) : (template.size.height - margins.bottom, margins.bottom)
            let baseline = top + (height - ascent - descent) / 2 + ascent
            for index in inBand {
                parts[index].frame = Self.moved(parts[index].frame, baseline: baseline,
                                                in: Rect(x: area.minX, y: top, width: area.width, height: height))
            }
        }
        return (text, parts)
    }

    /// How many times a running head's part is shortened at most: each round takes off at
    /// least the word the ellipsis could not follow.
    static let ellipsisRounds = 8

    /// `frame`'s line moved down to `baseline`, the frame standing in `rect`.
    private static func moved(_ frame: Frame, baseline: Double, in rect: Rect) -> Frame {
        var frame = frame
        let shift = baseline - (frame.lines.first?.origin.y ?? baseline)
        for line in frame.lines.indices { frame.lines[line].origin.y += shift }
        frame.container.rect = rect
        return frame
    }

    /// Why `template`'s margins cannot hold these lines (an error), or what is wrong with them
    /// (warnings: a part wider than the text area, parts that overlap), judged on a sample page.
    public func problems(on template: PageTemplate) -> (errors: [String], warnings: [(message: String, place: SourcePlace?)]) {
        var errors: [String] = []
        var warnings: [(message: String, place: SourcePlace?)] = []
        // Page 2 has the header; two-digit numbers are as wide as most books' folios. Each
        // master's heads are judged too, named in the messages.
        for master in [nil] + heads.masters.map(Optional.some) {
            let pages = template.using(master)
            let found = problems(of: parts(page: 2, of: 88, template: pages, master: master).parts.filter { $0.band != nil }, on: pages,
                                 whose: master.map { " of master \"\($0.name)\"" } ?? "")
            errors += found.errors
            warnings += found.warnings
        }
        return (errors, warnings)
    }

    /// What is wrong with `parts`, set on a sample page; `whose` names the master whose parts
    /// they are, after the band's name in messages.
    private func problems(of parts: [Part], on template: PageTemplate, whose: String)
        -> (errors: [String], warnings: [(message: String, place: SourcePlace?)]) {
        var errors: [String] = []
        var warnings: [(message: String, place: SourcePlace?)] = []
        for band in [Band.header, .footer] {
            let lines = parts.filter { $0.band == band }.flatMap(\.frame.lines)
            guard let ascent = lines.map(\.ascent).max(), let descent = lines.map(\.descent).max() else { continue }
            let margin = band == .header ? template.margins.top : template.margins.bottom
            let side = band == .header ? "top" : "bottom"
            if ascent + descent > margin + 0.001 {
                errors.append("the \(side) margin of \(Self.format(margin)) pt cannot hold the \(band.rawValue)\(whose), whose line is "
                              + "\(Self.format(ascent + descent)) pt tall; make the margin at least that")
            }
        }
        for part in parts where part.isCut {
            let what = part.dropped.map { "; \"\($0)\" is left out, an ellipsis marks the cut" } ?? "; it is cut"
            warnings.append(("the \(part.slot) part of the \(part.band?.rawValue ?? "text")\(whose) is wider than the text area\(what)",
                             part.place))
        }
        for band in [Band.header, .footer] {
            let spans = parts.filter { $0.band == band && !$0.isCut }.compactMap { part in
                part.frame.lines.first.map { (slot: part.slot, minX: $0.origin.x, maxX: $0.origin.x + $0.width) }
            }
            for (index, a) in spans.enumerated() {
                for b in spans[(index + 1)...] where a.minX < b.maxX && b.minX < a.maxX {
                    warnings.append(("the \(a.slot) and \(b.slot) parts of the \(band.rawValue)\(whose) overlap", nil))
                }
            }
        }
        return (errors, warnings)
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
