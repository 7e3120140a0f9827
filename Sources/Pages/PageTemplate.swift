import Layout

public struct Margins: Hashable, Sendable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    public init(all value: Double) {
        self.init(top: value, right: value, bottom: value, left: value)
    }
}

/// The shape of every page: its size, margins, and the columns between them.
public struct PageTemplate: Hashable, Sendable {
    public var size: Size
    public var margins: Margins
    public var columns: Int
    public var gutter: Double

    public static let a4 = Size(width: 595.2756, height: 841.8898)   // 210 × 297 mm
    public static let letter = Size(width: 612, height: 792)          // 8.5 × 11 in

    public init(size: Size = PageTemplate.a4, margins: Margins = Margins(all: 56.6929), columns: Int = 2, gutter: Double = 18) {
        self.size = size
        self.margins = margins
        self.columns = columns
        self.gutter = gutter
    }

    /// The text area between the margins.
    public var textArea: Rect {
        Rect(x: margins.left, y: margins.top,
             width: size.width - margins.left - margins.right,
             height: size.height - margins.top - margins.bottom)
    }

    public var columnWidth: Double {
        (textArea.width - gutter * Double(columns - 1)) / Double(columns)
    }

    /// Column rectangles, left to right.
    public var columnRects: [Rect] {
        let area = textArea
        let width = columnWidth
        return (0 ..< columns).map { column in
            Rect(x: area.minX + Double(column) * (width + gutter), y: area.minY, width: width, height: area.height)
        }
    }

    /// Why this template cannot hold text, or nil when it can.
    public var problem: String? {
        if columns < 1 { return "there must be at least one column" }
        if textArea.width <= 0 || textArea.height <= 0 { return "the margins leave no room on the page" }
        if columnWidth < 12 { return "columns of \(String(format: "%.1f", columnWidth)) pt are too narrow to set text" }
        return nil
    }
}
