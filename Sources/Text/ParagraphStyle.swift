public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case left, right, center, justify
    /// Flush with the side the paragraph's lines start from: left in left-to-right text,
    /// right in right-to-left text (CSS `start`); `end` is the other side.
    case start, end
}

/// The direction a paragraph's lines run in (its bidi paragraph level, UAX #9).
public enum WritingDirection: String, Hashable, Sendable, CaseIterable {
    /// From the paragraph's first strong character (rules P2–P3); left to right when it has none.
    case auto
    case ltr
    case rtl
}

/// How far apart a paragraph's lines are.
public enum LineHeight: Hashable, Sendable {
    /// The font's natural line height times this.
    case multiple(Double)
    /// Exactly this many points from baseline to baseline, whatever the fonts.
    case fixed(Double)
    /// The natural height, kept between these bounds (either may be absent).
    case range(minimum: Double?, maximum: Double?)

    public static let normal = LineHeight.multiple(1)
}

public enum TabAlignment: String, Hashable, Sendable, CaseIterable {
    /// Text after the tab starts at the stop.
    case left
    /// Text after the tab (up to the next tab or the line's end) ends at the stop.
    case right
    /// It is centred on the stop.
    case center
    /// Its decimal separator sits on the stop (a column of numbers).
    case decimal
}

/// What fills the room a tab takes up to its stop (`leader=.`): a contents entry's dots
/// between its title and its page. Drawn in the tab's colour and size, each mark on a pitch
/// counted from the page's edge, so that the leaders of lines one above another line up.
public enum TabLeader: String, Hashable, Sendable, CaseIterable {
    /// Dots, as TeX's `\dotfill` and InDesign's "." leader.
    case dots = "."
    /// Short dashes.
    case dashes = "-"
    /// A rule on the baseline.
    case rule = "_"
}

/// A tab stop, measured from the left edge of the column (before any indent).
public struct TabStop: Hashable, Sendable {
    /// A stop at the line's right end (the column's edge less the tail indent), wherever that is.
    public static let lineEnd = Double.infinity

    public var location: Double
    public var alignment: TabAlignment
    /// The character a decimal tab aligns on.
    public var decimalSeparator: Character
    /// What fills the tab's room up to the stop; nil: nothing.
    public var leader: TabLeader?
    /// Where the markup's `tabs` value that set the stop starts (a UTF-16 offset into the
    /// markup), so that a stop past its column is warned about there; nil for a stop the
    /// markup made itself (a list item's). Not part of the stop's value: equal stops written
    /// in two tags compare equal, so that their paragraphs still share one style.
    public var sourceOffset: Int?

    public init(location: Double, alignment: TabAlignment = .left, decimalSeparator: Character = ".", sourceOffset: Int? = nil) {
        self.location = location
        self.alignment = alignment
        self.decimalSeparator = decimalSeparator
        self.sourceOffset = sourceOffset
    }

    public static func == (a: TabStop, b: TabStop) -> Bool {
        a.location == b.location && a.alignment == b.alignment && a.decimalSeparator == b.decimalSeparator && a.leader == b.leader
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(alignment)
        hasher.combine(decimalSeparator)
        hasher.combine(leader)
    }
}

/// How the lines of a paragraph are set.
public struct ParagraphStyle: Hashable, Sendable {
    public var alignment: TextAlignment
    /// Indent of the first line, in points, from the head indent (negative: hanging).
    public var firstLineIndent: Double
    public var headIndent: Double
    public var tailIndent: Double
    public var lineHeight: LineHeight
    public var spaceBefore: Double
    public var spaceAfter: Double
    /// Whether words may be hyphenated at line ends, with the dictionary of the text's
    /// language (soft hyphens are always honoured).
    public var hyphenate: Bool
    /// Which words are hyphenated, where in them, and how many lines in a row may end in a hyphen.
    public var hyphenation: HyphenationRules
    /// Optical margins: punctuation at a line's edges (hyphens, commas, full stops, quotes)
    /// hangs partly into the margin so the column's edge looks straight (TeX's microtype protrusion).
    public var hangingPunctuation: Bool
    public var tabStops: [TabStop]
    /// Left to right, right to left, or from the text (the paragraph's base direction).
    public var direction: WritingDirection
    /// Past the last stop, tabs advance to multiples of this.
    public var defaultTabInterval: Double
    /// The fewest lines of the paragraph left at the bottom of a column when it breaks
    /// across columns (CSS `orphans`, TeX's \clubpenalty); 0 or 1: no minimum.
    public var orphans: Int
    /// The fewest lines of the paragraph carried to the top of the next column (CSS `widows`).
    public var widows: Int
    /// Never the last paragraph of a column: a heading goes on with what follows it.
    public var keepWithNext: Bool
    /// Never the first paragraph of a column: it goes on with the end of the paragraph before
    /// it (a signature with its letter, a credit with its quote).
    public var keepWithPrevious = false
    /// The paragraph's lines stay in one column: when they would be split at a column's foot,
    /// the column ends before the paragraph (unless it is taller than a column).
    public var keepTogether: Bool
    /// The `<keep>` block the paragraph belongs to, numbered from 1 in the document: the
    /// paragraphs of one block stay in one column, as one block. Nil: none.
    public var keepBlock: Int?
    /// Display lines: the paragraph breaks into lines of nearly equal length, as many as it
    /// takes at its full measure (CSS `text-wrap: balance`), and no word stands alone on its
    /// last line when another break exists.
    public var balance: Bool
    /// Which of the settings display text changes the markup gave the paragraph itself.
    public var givenDisplaySettings: GivenDisplaySettings = []
    /// The paragraph starts a new column or page (it is ignored at the top of one).
    public var breakBefore: ForcedBreak?
    // Section, master, article, box and table cell are held apart, a pointer each: most
    // paragraphs have none of them, and together they were three quarters of a style's 1.8 kB.
    /// The section the paragraph is set in; nil: the page's own columns.
    @HeldApartWhenSet public var section: SectionStyle? = nil
    /// The master page that pages whose text starts at this paragraph or after it use
    /// (`<section master>`, `<pagebreak master>`); nil: no switch here.
    @HeldApartWhenSet public var master: MasterPage? = nil
    /// The side of the spread the page break before the paragraph lands on (`breakBefore`
    /// `.page` only); nil: the next page, whichever it is.
    public var pageParity: PageParity?
    /// The article that starts at this paragraph (`<include>`), or `Article.issue` where the
    /// issue's own text goes on after one; nil: no change here.
    @HeldApartWhenSet public var article: Article? = nil
    /// The figure or aside the paragraph is set in; nil: the column's own text.
    @HeldApartWhenSet public var box: BoxStyle? = nil
    /// The table cell the paragraph is set in; nil: none.
    @HeldApartWhenSet public var tableCell: TableCell? = nil
    /// The paragraph's level in the PDF's bookmarks (its outline): 1 at the top, 2 under the
    /// level 1 before it, and so on; 0: not a bookmark.
    public var outlineLevel: Int
    /// The paragraph's drop cap (`DropCap.none`: it has none).
    public var dropCap: DropCap
    /// The narrowest line beside a float, a figure, an exclusion or inside a shape: a
    /// stretch narrower is left empty and the text goes on where there is room again.
    public var minimumLineWidth: LineWidthMinimum
    /// How its justified lines give: word spaces, letter spacing and glyph scaling.
    public var justification = Justification.standard
    /// A list item's marker and the tab after it are the paragraph's first characters, this
    /// many UTF-16 units (the PDF's structure tree tells the label from the body); nil: the
    /// paragraph is no list item.
    public var listMarkerLength: Int?
    /// A numbered list item's number; nil for a bullet item (and any other paragraph). Items in
    /// a row of one kind are one list: a bullet item after numbered ones starts another.
    public var listItemNumber: Int?


    public init(alignment: TextAlignment = .justify, firstLineIndent: Double = 0, headIndent: Double = 0,
                tailIndent: Double = 0, lineHeight: LineHeight = .normal, spaceBefore: Double = 0, spaceAfter: Double = 0,
                hyphenate: Bool = true, hyphenation: HyphenationRules = HyphenationRules(), hangingPunctuation: Bool = false, tabStops: [TabStop] = [], defaultTabInterval: Double = 36,
                direction: WritingDirection = .auto, orphans: Int = 2, widows: Int = 2, keepWithNext: Bool = false,
                keepTogether: Bool = false, keepBlock: Int? = nil, balance: Bool = false, breakBefore: ForcedBreak? = nil,
                section: SectionStyle? = nil, box: BoxStyle? = nil, outlineLevel: Int = 0, dropCap: DropCap = .none,
                minimumLineWidth: LineWidthMinimum = .standard) {
        self.alignment = alignment
        self.firstLineIndent = firstLineIndent
        self.headIndent = headIndent
        self.tailIndent = tailIndent
        self.lineHeight = lineHeight
        self.spaceBefore = spaceBefore
        self.spaceAfter = spaceAfter
        self.hyphenate = hyphenate
        self.hyphenation = hyphenation
        self.hangingPunctuation = hangingPunctuation
        self.tabStops = tabStops
        self.defaultTabInterval = defaultTabInterval
        self.direction = direction
        self.orphans = orphans
        self.widows = widows
        self.keepWithNext = keepWithNext
        self.keepTogether = keepTogether
        self.keepBlock = keepBlock
        self.balance = balance
        self.breakBefore = breakBefore
        self.section = section
        self.box = box
        self.outlineLevel = outlineLevel
        self.dropCap = dropCap
        self.minimumLineWidth = minimumLineWidth
    }
}

extension ParagraphStyle {
    /// The narrowest measure the paragraph's lines have in a column `width` wide: less the
    /// head and tail indents, and the first line's indent when it is positive (a hanging first
    /// line is wider, not narrower). What a picture in the line must fit.
    public func narrowestMeasure(in width: Double) -> Double {
        max(0, width - headIndent - tailIndent - max(0, firstLineIndent))
    }
}
