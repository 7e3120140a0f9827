import Layout
import Text

/// The shape of every page: its size, margins, and the columns between them.
///
/// Facing pages (`facing`) are printed on both sides and bound: `margins` then describe a
/// right-hand (odd, recto) page, whose left margin is the inner one at the spine, and
/// left-hand (even, verso) pages mirror them. The text area keeps its width on both.
public struct PageTemplate: Hashable, Sendable {
    public var size: Size
    public var margins: Margins
    public var columns: Int
    public var gutter: Double
    public var facing: Bool
    /// The distance between baselines on a grid counted from the text area's top, which every
    /// line of the page's columns sits on (nil: no grid). See `baselineGrid(ofPage:)`.
    public var baselineGrid: Double?
    /// How far past the page's edges an element that bleeds is drawn (the sheet's bleed), in
    /// points; 0 takes it to the edge. Nothing else of the sheet reaches the layout.
    public var bleed = 0.0

    public static let a4 = Size(width: 595.2756, height: 841.8898)   // 210 × 297 mm
    public static let letter = Size(width: 612, height: 792)          // 8.5 × 11 in

    public init(size: Size = PageTemplate.a4, margins: Margins = Margins(all: 56.6929), columns: Int = 2, gutter: Double = 18,
                facing: Bool = false) {
        self.size = size
        self.margins = margins
        self.columns = columns
        self.gutter = gutter
        self.facing = facing
    }

    /// The grid of page `number`'s baselines, from the top of its text area.
    public func baselineGrid(ofPage number: Int) -> BaselineGrid? {
        baselineGrid.map { BaselineGrid(origin: textArea(ofPage: number).minY, step: $0) }
    }

    /// Whether page `number` (from 1) is a left-hand page, whose margins are mirrored.
    public func isVerso(_ number: Int) -> Bool {
        facing && number % 2 == 0
    }

    /// The margins of page `number`: inner and outer swap sides on left-hand pages.
    public func margins(ofPage number: Int) -> Margins {
        guard isVerso(number) else { return margins }
        return Margins(top: margins.top, right: margins.left, bottom: margins.bottom, left: margins.right)
    }

    /// The text area between the margins (of a right-hand page, with facing pages).
    public var textArea: Rect { textArea(ofPage: 1) }

    public func textArea(ofPage number: Int) -> Rect {
        let margins = margins(ofPage: number)
        return Rect(x: margins.left, y: margins.top,
                    width: size.width - margins.left - margins.right,
                    height: size.height - margins.top - margins.bottom)
    }

    public var columnWidth: Double {
        columnWidth(columns: columns, gutter: gutter)
    }

    /// The width of each of `columns` columns `gutter` apart across the text area (which is
    /// as wide on every page).
    public func columnWidth(columns: Int, gutter: Double) -> Double {
        (textArea.width - gutter * Double(columns - 1)) / Double(columns)
    }

    /// Column rectangles, left to right (of a right-hand page, with facing pages).
    public var columnRects: [Rect] { columnRects(ofPage: 1) }

    public func columnRects(ofPage number: Int) -> [Rect] {
        let area = textArea(ofPage: number)
        return columnRects(ofPage: number, top: area.minY, height: area.height, columns: columns, gutter: gutter)
    }

    /// The columns of a band across page `number`'s text area, `height` tall from `top` (a
    /// section's: `columns` of them, `gutter` apart), in the order they are filled and read: left
    /// to right, or `rightToLeft`.
    public func columnRects(ofPage number: Int, top: Double, height: Double, columns: Int, gutter: Double,
                            rightToLeft: Bool = false) -> [Rect] {
        let area = textArea(ofPage: number)
        let width = columnWidth(columns: columns, gutter: gutter)
        let leftToRight = (0 ..< columns).map { column in
            Rect(x: area.minX + Double(column) * (width + gutter), y: top, width: width, height: height)
        }
        return rightToLeft ? leftToRight.reversed() : leftToRight
    }

    /// The columns of a band of `section` (nil: the page's) across page `number`, `height` tall
    /// from `top`, in the order they are filled and read.
    func columnRects(ofPage number: Int, top: Double, height: Double, of section: SectionStyle?) -> [Rect] {
        columnRects(ofPage: number, top: top, height: height, columns: section?.columns ?? columns, gutter: section?.gutter ?? gutter,
                    rightToLeft: section?.columnsRightToLeft ?? false)
    }

    /// The narrowest column that can set text.
    public static let narrowestColumn = LayoutLimits.narrowestColumn

    /// Why this template cannot hold text, or nil when it can.
    public var problem: String? {
        if columns < 1 { return "there must be at least one column" }
        if textArea.width <= 0 || textArea.height <= 0 { return "the margins leave no room on the page" }
        if columnWidth < Self.narrowestColumn { return "columns of \(String(format: "%.1f", columnWidth)) pt are too narrow to set text" }
        return nil
    }

    /// Why a section of `columns` columns (nil: the page's) `gutter` points apart (nil: the
    /// page's gutter) cannot be set on these pages, or nil when it can.
    public func sectionProblem(columns: Int?, gutter: Double?) -> String? {
        let (count, space) = (columns ?? self.columns, gutter ?? self.gutter)
        let width = columnWidth(columns: count, gutter: space)
        guard width < Self.narrowestColumn else { return nil }
        let fitting = max(0, Int(((textArea.width + space) / (Self.narrowestColumn + space)).rounded(.down)))
        let area = String(format: "%.1f", textArea.width), narrowest = String(format: "%g", Self.narrowestColumn)
        let columns = "\(count) columns \(String(format: "%g", space)) pt apart"
        guard width > 0 else {
            return "\(columns) do not fit across the text area of \(area) pt; it holds at most \(fitting) columns of \(narrowest) pt or more"
        }
        return "\(columns) are \(String(format: "%.1f", width)) pt wide, too narrow to set text (at least \(narrowest) pt); "
            + "the text area of \(area) pt holds at most \(fitting) columns"
    }
}
