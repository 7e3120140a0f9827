/// A run of paragraphs set in columns of their own across the page's text area (`<section>`),
/// as a band under whatever the page holds above it.
///
/// Every paragraph of a section carries the same value; `number` tells two sections apart
/// that happen to have the same columns, so that each is still a band of its own.
public struct SectionStyle: Hashable, Sendable {
    /// The section's place among the document's sections, from 1.
    public var number: Int
    /// Its columns; nil: the page's (`--columns`).
    public var columns: Int?
    /// Points between its columns; nil: the page's gutter.
    public var gutter: Double?
    /// The outline the section is set inside (`<section shape=…>`); nil: rectangular columns.
    public var shape: SectionShape?
    /// The height of a shaped section's band, in points; set whenever `shape` is.
    public var height: Double?
    /// The rule down each gutter (`column-rule`); nil: none.
    public var columnRule: RuleStyle?
    /// The tint behind the section's lines on each page it is on (`background`); nil: none.
    public var background: Color?
    /// Whether the tint runs off the page at the edges of the text area it stands on
    /// (`bleed="true"`); only a section with a background bleeds.
    public var bleeds = false
    /// Whether its columns are read from the right (`<section dir="rtl">`): the first is the
    /// rightmost, as InDesign's right-to-left story direction and CSS's `direction: rtl` on a
    /// multi-column box set a Hebrew or Arabic article.
    public var columnsRightToLeft = false
    /// Its name (`<section name="Features">`): what `{section}` prints in the running heads and
    /// a master's text items on the pages whose text starts in it, or after it until the next
    /// named section.
    public var name: String?

    public init(number: Int, columns: Int? = nil, gutter: Double? = nil, shape: SectionShape? = nil, height: Double? = nil,
                columnRule: RuleStyle? = nil) {
        self.number = number
        self.columns = columns
        self.gutter = gutter
        self.shape = shape
        self.height = height
        self.columnRule = columnRule
    }
}

/// The outline of a shaped section, inscribed in its band (one column as wide as the text
/// area, the section's `height` tall).
public enum SectionShape: String, Hashable, Sendable, CaseIterable {
    /// As wide as the smaller of the band's width and height, centred in the band.
    case circle
    /// Filling the band.
    case ellipse
}

/// Where the text before a paragraph must stop: a `<columnbreak>` or a `<pagebreak>`.
public enum ForcedBreak: String, Hashable, Sendable, CaseIterable {
    /// The paragraph starts the next column (of its section; after the last one, the next page).
    case column
    /// The paragraph starts a new page.
    case page
}
