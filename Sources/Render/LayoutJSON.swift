import Layout
import Pages
import Text

/// The layout of one page as `--layout-json` writes it (docs/layout-json.md): frames → lines →
/// runs → glyphs, in page coordinates (points, origin top left, y down), with the UTF-16 string
/// ranges of each. Lengths are rounded to 1/100 point; ranges are `[start, end]`, end excluded.
/// Field names are the keys (sorted on output); absent optionals are left out.
enum LayoutJSON {
    /// Raised when a field's meaning changes, so that tools can tell.
    static let version = 1

    struct Page: Encodable {
        var number: Int
        var size: Size
        var frames: [Frame]
        /// Pictures and boxes spanning columns at the top or bottom of the text area, and boxes over a gutter.
        var pictures: [Picture]
        /// The running header and footer; nil when the page has neither.
        var runningHeads: RunningHeads?
        /// The rules down the gutters of ruled sections; nil when the page has none, so that
        /// pages without them are written as before.
        var rules: [Rule]?
        /// The tints behind sections with a background; nil when the page has none, so that
        /// pages without them are written as before.
        var tints: [Tint]?
        /// The print sheet's boxes; nil when the sheet is the page (no bleed, no marks), so
        /// that such pages are written as before.
        var sheet: Sheet?
    }

    /// The PDF page's boxes on the sheet (`--bleed`, `--crop-marks`), in sheet coordinates
    /// (origin at the sheet's top left, y down): the page's own coordinates are the trim's.
    struct Sheet: Encodable {
        var mediaBox: Rect
        var bleedBox: Rect
        var trimBox: Rect
    }

    /// The tint behind one band of a section with a background.
    struct Tint: Encodable {
        /// The section's place among the document's sections, from 1.
        var section: Int
        var color: String
        var rect: Rect
        /// Where it is drawn when it runs off the page (`bleed`); nil when it does not.
        var bleed: Rect?
    }

    /// A stretch of column rule: a vertical line centred on `x` from `top` to `bottom`.
    struct Rule: Encodable {
        var x: Double
        var top: Double
        var bottom: Double
        var width: Double
        /// `#rrggbb`, or `#rrggbbaa` when it is not opaque.
        var color: String
    }

    struct RunningHeads: Encodable {
        /// Their own text, which their string ranges index (not the document's).
        var text: String
        var frames: [Frame]
    }

    struct Frame: Encodable {
        var rect: Rect
        var stringRange: [Int]
        var lines: [Line]
        var floats: [Float]
        /// The notes at the frame's foot; left out when it has none.
        var footnotes: Footnotes?
    }

    /// A column's notes (see FootnoteArea): the short rule above them, and each note with its
    /// marker's characters in the text.
    struct Footnotes: Encodable {
        var rule: Rect
        var notes: [Footnote]
    }

    struct Footnote: Encodable {
        var marker: [Int]
        var box: Box
    }

    struct Float: Encodable {
        var anchor: Int
        var side: String
        var rect: Rect
        /// Where it is drawn when it runs off the page (`bleed`), past the page's edge; nil
        /// when it does not bleed.
        var bleed: Rect?
        /// Set when the float is a figure or an aside.
        var box: Box?
    }

    struct Picture: Encodable {
        var anchor: Int
        var edge: String
        var rect: Rect
        /// Where it is drawn when it runs off the page (`bleed`), past the page's edges; nil
        /// when it does not bleed.
        var bleed: Rect?
        /// Set when it is a figure or an aside.
        var box: Box?
    }

    /// A figure or an aside: its paragraphs' frames inside its rectangle.
    struct Box: Encodable {
        var kind: String
        var stringRange: [Int]
        var frames: [Frame]
    }

    struct Line: Encodable {
        var stringRange: [Int]
        var origin: Point
        var ascent: Double
        var descent: Double
        var leading: Double
        var width: Double
        var bounds: Rect
        var runs: [Run]
        /// Set when the line is a figure or an aside kept in the column (it has no runs).
        var box: Box?
        /// Set when the line holds a table's rows (it has no runs; `bounds` is the rows).
        var table: TableRows?
        /// A drop cap's initial, on the first line of its paragraph.
        var initial: Initial?
        /// The leaders of its tabs whose stops have one (`leader=.`); left out when none.
        var leaders: [Leader]?
    }

    /// A tab's leader: drawn marks, not text (no run holds them).
    struct Leader: Encodable {
        /// `"dots"`, `"dashes"` or `"rule"`.
        var kind: String
        /// The room it fills, from the line's origin, as a run's.
        var x: Double
        var width: Double
        /// The tab's size and colour, which its marks are drawn at.
        var size: Double
        var color: String
    }

    /// A drop cap's initial: drawn beside the lines, its characters in no run.
    struct Initial: Encodable {
        var text: String
        var stringRange: [Int]
        var font: Font
        /// From its cap height to its baseline, its advance wide, in page coordinates.
        var rect: Rect
        var glyphs: [Glyph]
    }

    struct Run: Encodable {
        var stringRange: [Int]
        var font: Font
        var direction: String
        /// From the line's origin.
        var x: Double
        var width: Double
        var glyphs: [Glyph]
        /// Set for an inline picture, which has no glyphs.
        var picture: InlinePicture?
        /// How much wider than the face's own the glyphs are drawn (justification's glyph
        /// scaling); left out when they are not scaled.
        var scale: Double?
    }

    struct Font: Encodable {
        var family: String
        var style: String
        var size: Double
    }

    struct InlinePicture: Encodable {
        var ascent: Double
        var descent: Double
        var width: Double
        /// Where it is drawn when it runs off the page with the figure or aside it is in
        /// (`bleed`), in page coordinates; nil when it does not.
        var bleed: Rect?
    }

    /// One glyph as a row `[id, x, y, cluster]`: position from the line's origin, cluster the
    /// UTF-16 offset of its first character (-1 for a hyphen added at a line break).
    struct Glyph: Encodable {
        var id: UInt32
        var x: Double
        var y: Double
        var cluster: Int

        func encode(to encoder: Encoder) throws {
            var row = encoder.unkeyedContainer()
            try row.encode(id)
            try row.encode(x)
            try row.encode(y)
            try row.encode(cluster)
        }
    }

    struct Point: Encodable {
        var x: Double
        var y: Double
    }

    struct Size: Encodable {
        var width: Double
        var height: Double
    }

    struct Rect: Encodable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }
}

// MARK: From the layout

extension LayoutJSON {
    /// Lengths to 1/100 point: finer than any device shows, and stable across platforms'
    /// last-digit differences. Negative zero is written as zero.
    static func rounded(_ value: Double) -> Double {
        let rounded = (value * 100).rounded() / 100
        return rounded == 0 ? 0 : rounded
    }

    static func page(_ page: Pages.Page, sheet: PrintSheet = PrintSheet()) -> Page {
        Page(number: page.number,
             size: Size(width: rounded(page.size.width), height: rounded(page.size.height)),
             frames: page.frames.map { frame($0) },
             pictures: page.pictures.map { Picture(anchor: $0.anchor, edge: edge($0.position), rect: rect($0.rect), bleed: $0.bled.map(rect),
                                                  box: $0.box.map(box)) },
             runningHeads: page.furniture.map { RunningHeads(text: $0.text.string, frames: $0.frames.map { frame($0) }) },
             rules: page.rules.isEmpty ? nil : page.rules.map(rule),
             tints: page.tints.isEmpty ? nil : page.tints.map {
                 Tint(section: $0.section, color: hex($0.color), rect: rect($0.rect), bleed: $0.bled.map(rect))
             },
             sheet: sheet.isPageOnly ? nil : Sheet(mediaBox: rect(sheet.mediaBox(for: page.size)),
                                                   bleedBox: rect(sheet.bleedBox(for: page.size)),
                                                   trimBox: rect(sheet.trimBox(for: page.size))))
    }

    static func rule(_ rule: ColumnRule) -> Rule {
        Rule(x: rounded(rule.x), top: rounded(rule.top), bottom: rounded(rule.bottom), width: rounded(rule.style.width),
             color: hex(rule.style.color))
    }

    /// `#rrggbb`, with `aa` after it when the colour is not opaque.
    static func hex(_ color: Text.Color) -> String {
        let channels = [color.red, color.green, color.blue] + (color.alpha < 1 ? [color.alpha] : [])
        return "#" + channels.map { channel in
            let byte = String(Int((min(1, max(0, channel)) * 255).rounded()), radix: 16)
            return byte.count == 1 ? "0" + byte : byte
        }.joined()
    }

    /// `bledPictures`: where the pictures of a box that bleeds are drawn (`PlacedBox.bledPictures`).
    static func frame(_ frame: Layout.Frame, bledPictures: [Int: Layout.Rect] = [:]) -> Frame {
        Frame(rect: rect(frame.container.rect), stringRange: range(frame.visibleRange),
              lines: frame.lines.map { line($0, bledPictures: bledPictures) },
              floats: frame.floats.map {
                  Float(anchor: $0.anchor, side: $0.side == .left ? "left" : "right", rect: rect($0.rect), bleed: $0.bled.map(rect),
                        box: $0.box.map(box))
              },
              footnotes: frame.footnotes.map { area in
                  Footnotes(rule: rect(area.rule), notes: area.notes.map { Footnote(marker: range($0.reference.marker), box: box($0.box)) })
              })
    }

    static func box(_ placed: PlacedBox) -> Box {
        Box(kind: placed.style.kind.rawValue, stringRange: range(placed.box.range),
            frames: placed.frames.map { frame($0, bledPictures: placed.bledPictures) })
    }

    static func edge(_ position: PlacedPicture.Position) -> String {
        switch position {
        case .top: "top"
        case .bottom: "bottom"
        case .middle: "middle"
        }
    }

    static func line(_ line: Layout.Line, bledPictures: [Int: Layout.Rect] = [:]) -> Line {
        Line(stringRange: range(line.stringRange), origin: Point(x: rounded(line.origin.x), y: rounded(line.origin.y)),
             ascent: rounded(line.ascent), descent: rounded(line.descent), leading: rounded(line.leading),
             width: rounded(line.width), bounds: rect(line.bounds),
             runs: line.runs.map { run($0, bled: bledPictures[$0.stringRange.lowerBound]) }, box: line.box.map(box),
             table: line.tableRows.map(tableRows), initial: line.initial.map { initial($0, of: line) },
             leaders: line.leaders.isEmpty ? nil : line.leaders.map(leader))
    }

    static func leader(_ leader: LineLeader) -> Leader {
        let kind = switch leader.leader {
        case .dots: "dots"
        case .dashes: "dashes"
        case .rule: "rule"
        }
        return Leader(kind: kind, x: rounded(leader.minX), width: rounded(leader.maxX - leader.minX), size: rounded(leader.fontSize),
                      color: hex(leader.color))
    }

    static func initial(_ initial: DropInitial, of line: Layout.Line) -> Initial {
        let glyphs = initial.glyphIDs.indices.map {
            Glyph(id: initial.glyphIDs[$0], x: rounded(initial.positions[$0].x), y: rounded(initial.positions[$0].y),
                  cluster: initial.stringRange.lowerBound)
        }
        let box = initial.bounds
        return Initial(text: initial.characters, stringRange: range(initial.stringRange),
                       font: Font(family: initial.font.familyName, style: initial.font.styleName, size: rounded(initial.size)),
                       rect: rect(Layout.Rect(x: line.origin.x + box.minX, y: line.origin.y + box.minY, width: box.width, height: box.height)),
                       glyphs: glyphs)
    }

    /// `bled`: where the run's picture is drawn when it runs off the page with its box.
    static func run(_ run: GlyphRun, bled: Layout.Rect? = nil) -> Run {
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(run.glyphIDs.count)
        for index in run.glyphIDs.indices {
            glyphs.append(Glyph(id: run.glyphIDs[index], x: rounded(run.positions[index].x), y: rounded(run.positions[index].y),
                                cluster: run.clusters[index]))
        }
        return Run(stringRange: range(run.stringRange),
                   font: Font(family: run.font.familyName, style: run.font.styleName, size: rounded(run.fontSize)),
                   direction: run.isRightToLeft ? "rtl" : "ltr", x: rounded(run.x), width: rounded(run.width), glyphs: glyphs,
                   picture: run.runDelegate.map {
                       InlinePicture(ascent: rounded($0.ascent), descent: rounded($0.descent), width: rounded($0.width),
                                     bleed: bled.map(rect))
                   },
                   scale: run.horizontalScale == 1 ? nil : (run.horizontalScale * 10_000).rounded() / 10_000)
    }

    static func rect(_ rect: Layout.Rect) -> Rect {
        Rect(x: rounded(rect.minX), y: rounded(rect.minY), width: rounded(rect.width), height: rounded(rect.height))
    }

    static func range(_ range: Range<Int>) -> [Int] {
        [range.lowerBound, range.upperBound]
    }
}
