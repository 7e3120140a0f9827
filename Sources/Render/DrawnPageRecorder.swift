import Fonts
import Layout
import Text

/// Builds the `DrawnPage` of the page being drawn, called by `PageDrawer` at each thing it
/// draws, with what it draws and where: one walk, the drawing's own, so the record cannot
/// disagree with the page. A drawer without a recorder builds nothing.
public final class DrawnPageRecorder {
    private var page: DrawnPage?
    /// The areas being drawn in, innermost last: a box's frames are drawn inside a column's.
    private var areaStack: [Int] = []
    private var lineStack: [Int?] = []
    public init() {}

    func beginPage(number: Int, size: Size, leftOut: [Range<Int>]) {
        page = DrawnPage(number: number, size: size)
        page!.leftOut = leftOut
        areaStack = []
        lineStack = [nil]
    }

    /// The page drawn since `beginPage`.
    func endPage() -> DrawnPage? {
        defer { page = nil }
        return page
    }

    func beginArea(_ kind: DrawnPage.AreaKind, rect: Rect, frame: Frame) {
        guard page != nil else { return }
        page!.areas.append(DrawnPage.Area(kind: kind, rect: rect, end: kind == .runningHead ? nil : frame.end,
                                          range: frame.visibleRange, gridStep: frame.container.baselineGrid?.step,
                                          obstacles: frame.container.exclusions.map { exclusion in
                                              let bounds = exclusion.shape.bounds, pad = exclusion.padding
                                              return Rect(x: bounds.minX - pad, y: bounds.minY - pad, width: bounds.width + 2 * pad,
                                                          height: bounds.height + 2 * pad)
                                          },
                                          isShaped: frame.container.shape != nil, roomBelowFoot: frame.roomBelowFoot))
        areaStack.append(page!.areas.count - 1)
        lineStack.append(nil)
    }

    func endArea() {
        guard page != nil else { return }
        areaStack.removeLast()
        lineStack.removeLast()
    }

    func beginLine(_ line: Layout.Line) {
        guard page != nil, let area = areaStack.last else { return }
        page!.lines.append(DrawnPage.Line(area: area, stringRange: line.stringRange, baseline: line.origin.y, ascent: line.ascent,
                                          descent: line.descent, leading: line.leading, endsParagraph: line.endsParagraph,
                                          isBox: line.box != nil || line.tableRows != nil,
                                          initial: line.initial.map { (line.origin.y + $0.bounds.maxY, $0.bounds.maxY / Double(max(1, $0.lines - 1)), $0.textSize) }))
        lineStack[lineStack.count - 1] = page!.lines.count - 1
    }

    /// Glyphs of `font` at `size`, drawn at `origins` (their advances `advances`, `scale` times
    /// wider when justification widened them), showing `characters`; `initial`: a drop cap's.
    func glyphs(_ ids: UnsafeBufferPointer<UInt32>, font: Font, size: Double, scale: Double, advances: (Int) -> Double,
                origin: (Int) -> Point, character: (Int) -> Int, initial: Bool = false) {
        guard page != nil, let line = lineStack.last ?? nil else { return }
        for index in ids.indices {
            // The face keeps each glyph's ink, measured once (`GlyphInkMemo`).
            guard let ink = font.ink(of: ids[index], size: size) else { continue }
            let at = origin(index)
            page!.glyphs.append(DrawnPage.Glyph(
                ink: Rect(x: at.x + ink.minX * scale, y: at.y + ink.minY, width: (ink.maxX - ink.minX) * scale, height: ink.maxY - ink.minY),
                advanceMinX: at.x, advanceMaxX: at.x + advances(index), size: size, character: character(index), line: line,
                font: font, glyph: ids[index], origin: at, horizontalScale: scale, isInitial: initial))
        }
    }

    /// A picture drawn showing `rect` (its bled rectangle when `bleeds`, where it runs off the
    /// page), opaque in `contour`'s bands (all of it without one).
    func picture(in rect: Rect, bleeds: Bool, contour: PictureContour?, anchor: Int, inLine: Bool) {
        guard page != nil else { return }
        var visible = [rect]
        if let contour, !contour.bands.isEmpty {
            visible = contour.bands.map { band in
                Rect(x: rect.minX + band.left * rect.width, y: rect.minY + band.top * rect.height,
                     width: (band.right - band.left) * rect.width, height: (band.bottom - band.top) * rect.height)
            }
        }
        page!.pictures.append(DrawnPage.Picture(rect: rect, visible: visible, anchor: anchor, line: inLine ? (lineStack.last ?? nil) : nil,
                                                area: areaStack.last, bleeds: bleeds))
    }

    /// A figure or an aside drawn in `rect`, its border `borderWidth` wide inside its edge.
    func box(_ rect: Rect, borderWidth: Double?, anchor: Int) {
        guard page != nil else { return }
        var border: [Rect] = []
        if let width = borderWidth, width > 0 {
            border = [Rect(x: rect.minX, y: rect.minY, width: rect.width, height: width),
                      Rect(x: rect.minX, y: rect.maxY - width, width: rect.width, height: width),
                      Rect(x: rect.minX, y: rect.minY, width: width, height: rect.height),
                      Rect(x: rect.maxX - width, y: rect.minY, width: width, height: rect.height)]
        }
        page!.boxes.append(DrawnPage.Box(rect: rect, border: border, anchor: anchor, area: areaStack.last))
    }

    /// A master page's picture or rule drawn in `rect`.
    func furniture(_ rect: Rect, described description: String) {
        page?.furniture.append((rect, description))
    }

    func rule(x: Double, top: Double, bottom: Double, width: Double) {
        page?.rules.append(Rect(x: x - width / 2, y: top, width: width, height: bottom - top))
    }

    /// Rows of a table set past its column (overfull) drawn in `rect`.
    func overfullTable(_ rect: Rect) {
        page?.overfullTables.append(rect)
    }

    /// A table's rule stroked from (x0, y0) to (x1, y1), `width` wide with square caps.
    func tableRule(from x0: Double, _ y0: Double, to x1: Double, _ y1: Double, width: Double, anchor: Int) {
        let rect = Rect(x: min(x0, x1) - width / 2, y: min(y0, y1) - width / 2, width: abs(x1 - x0) + width, height: abs(y1 - y0) + width)
        page?.tableRules.append(DrawnPage.TableRule(rect: rect, anchor: anchor))
    }
}
