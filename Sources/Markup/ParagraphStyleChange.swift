import Text

/// What a `<p>` or a named style changes in the paragraph style. Every field left nil keeps
/// the value in force.
struct ParagraphStyleChange: Equatable {
    var alignment: TextAlignment?
    var direction: WritingDirection?
    var firstLineIndent: Double?
    var headIndent: Double?
    var tailIndent: Double?
    var spaceBefore: Double?
    var spaceAfter: Double?
    var lineHeight: LineHeight?
    var minimumLineHeight: Double?
    var maximumLineHeight: Double?
    var hyphenate: Bool?
    var hangingPunctuation: Bool?
    var tabStops: [TabStop]?
    var tabInterval: Double?
    var orphans: Int?
    var widows: Int?
    var keepWithNext: Bool?
    var keepWithPrevious: Bool?
    var keepTogether: Bool?
    var balance: Bool?
    var outlineLevel: Int?
    var minimumLineWidth: LineWidthMinimum?
    var dropCap = DropCapChange()
    var justification = JustificationChange()
    var hyphenation = HyphenationChange()

    static let attributeNames = ["align", "dir", "indent", "head-indent", "tail-indent", "space-before", "space-after",
                                 "line-height", "line-height-min", "line-height-max", "hyphenate", "hanging-punctuation", "tabs", "tab-interval",
                                 "orphans", "widows", "keep-with-next", "keep-with-previous", "keep-together", "balance", "outline-level", "min-line-width"] + DropCapChange.attributeNames
        + JustificationChange.attributeNames
        + HyphenationChange.attributeNames

    /// More lines than any column holds: a larger minimum only keeps paragraphs whole.
    static let maximumLineCount = 100.0

    /// Points on a page: nothing sensible is larger (200 inches).
    static let maximumLength = LayoutLimits.largestPageSide

    /// Reads `attribute` if it is a paragraph attribute (reporting a bad value); false if it is not one.
    mutating func read(_ attribute: TagAttribute, _ values: ValueReader) -> Bool {
        let length = 0 ... Self.maximumLength
        switch attribute.key {
        case "align":
            alignment = values.choice(attribute, ["left": .left, "right": .right, "center": .center, "justify": .justify,
                                                  "start": .start, "end": .end]) ?? alignment
        case "dir":
            direction = values.choice(attribute, ["ltr": .ltr, "rtl": .rtl, "auto": .auto]) ?? direction
        case "indent":
            firstLineIndent = values.points(attribute, in: -Self.maximumLength ... Self.maximumLength) ?? firstLineIndent
        case "headindent":
            headIndent = values.points(attribute, in: length) ?? headIndent
        case "tailindent":
            tailIndent = values.points(attribute, in: length) ?? tailIndent
        case "spacebefore":
            spaceBefore = values.points(attribute, in: length) ?? spaceBefore
        case "spaceafter":
            spaceAfter = values.points(attribute, in: length) ?? spaceAfter
        case "lineheight":
            lineHeight = Self.lineHeight(attribute, values) ?? lineHeight
        case "lineheightmin":
            minimumLineHeight = values.points(attribute, in: 0 ... 1000, excludingMinimum: true).flatMap {
                checkBounds(minimum: $0, maximum: maximumLineHeight, attribute, values) ? $0 : nil
            } ?? minimumLineHeight
        case "lineheightmax":
            maximumLineHeight = values.points(attribute, in: 0 ... 1000, excludingMinimum: true).flatMap {
                checkBounds(minimum: minimumLineHeight, maximum: $0, attribute, values) ? $0 : nil
            } ?? maximumLineHeight
        case "hyphenate":
            hyphenate = values.boolean(attribute) ?? hyphenate
        case "hangingpunctuation":
            hangingPunctuation = values.boolean(attribute) ?? hangingPunctuation
        case "tabs":
            tabStops = TabStopList.parse(attribute, values) ?? tabStops
        case "tabinterval":
            tabInterval = values.points(attribute, in: 0 ... Self.maximumLength, excludingMinimum: true) ?? tabInterval
        case "orphans":
            orphans = Self.lineCount(attribute, values) ?? orphans
        case "widows":
            widows = Self.lineCount(attribute, values) ?? widows
        case "keepwithnext":
            keepWithNext = values.boolean(attribute) ?? keepWithNext
        case "keepwithprevious":
            keepWithPrevious = values.boolean(attribute) ?? keepWithPrevious
        case "keeptogether":
            keepTogether = values.boolean(attribute) ?? keepTogether
        case "balance":
            balance = values.boolean(attribute) ?? balance
        case "outlinelevel":
            outlineLevel = Self.outlineLevel(attribute, values) ?? outlineLevel
        case "minlinewidth":
            minimumLineWidth = Self.minimumLineWidth(attribute, values) ?? minimumLineWidth
        default:
            return dropCap.read(attribute, values) || justification.read(attribute, values) || hyphenation.read(attribute, values)
        }
        return true
    }

    private func checkBounds(minimum: Double?, maximum: Double?, _ attribute: TagAttribute, _ values: ValueReader) -> Bool {
        guard let minimum, let maximum, minimum > maximum else { return true }
        values.error("line-height-min (\(ValueReader.format(minimum)) pt) is more than line-height-max (\(ValueReader.format(maximum)) pt)", at: attribute)
        return false
    }

    /// A whole number of lines, 0 to 100.
    private static func lineCount(_ attribute: TagAttribute, _ values: ValueReader) -> Int? {
        guard let count = values.number(attribute, in: 0 ... maximumLineCount) else { return nil }
        guard count == count.rounded() else {
            values.error("\(attribute.name.clipped) must be a whole number of lines, not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        return Int(count)
    }

    /// Deeper bookmarks than this help nobody find a page.
    static let maximumOutlineLevel = 6

    /// A bookmark's level, 1 to 6, or 0 (or `none`) for no bookmark.
    private static func outlineLevel(_ attribute: TagAttribute, _ values: ValueReader) -> Int? {
        if attribute.trimmedValue.lowercased() == "none" { return 0 }
        guard let level = values.number(attribute, in: 0 ... Double(maximumOutlineLevel)) else { return nil }
        guard level == level.rounded() else {
            values.error("outline-level must be a whole number from 0 to \(maximumOutlineLevel), not \"\(attribute.value.clipped)\"", at: attribute)
            return nil
        }
        return Int(level)
    }

    /// More ems than any column is wide: a larger minimum only empties shaped columns.
    static let maximumLineWidthEms = 100.0

    /// `5em` (of the paragraph's font size) or a length (`60pt`, `2cm`); 0 lets a line be as
    /// narrow as the container allows.
    private static func minimumLineWidth(_ attribute: TagAttribute, _ values: ValueReader) -> LineWidthMinimum? {
        if attribute.trimmedValue.lowercased().hasSuffix("em") {
            return values.number(attribute, in: 0 ... maximumLineWidthEms, unit: "em").map(LineWidthMinimum.ems)
        }
        return values.points(attribute, in: 0 ... maximumLength).map(LineWidthMinimum.points)
    }

    /// `1.2` (times the natural height), a length with its unit (`14pt`, `5mm`: exactly that,
    /// baseline to baseline) or `normal`.
    private static func lineHeight(_ attribute: TagAttribute, _ values: ValueReader) -> LineHeight? {
        let text = attribute.trimmedValue.lowercased()
        if text == "normal" { return .normal }
        if NumberSyntax.parse(text) == nil {
            return values.points(attribute, in: 0 ... 1000, excludingMinimum: true).map(LineHeight.fixed)
        }
        guard let multiple = values.number(attribute, in: 0 ... 1000, excludingMinimum: true) else { return nil }
        guard multiple <= 10 else {
            values.error("line-height \(ValueReader.format(multiple)) is a multiple of the natural height; write \(ValueReader.format(multiple))pt for points", at: attribute)
            return nil
        }
        return .multiple(multiple)
    }

    // MARK: Combining and applying

    /// This change followed by `later`: where both set something, `later` wins.
    mutating func merge(_ later: ParagraphStyleChange) {
        alignment = later.alignment ?? alignment
        direction = later.direction ?? direction
        firstLineIndent = later.firstLineIndent ?? firstLineIndent
        headIndent = later.headIndent ?? headIndent
        tailIndent = later.tailIndent ?? tailIndent
        spaceBefore = later.spaceBefore ?? spaceBefore
        spaceAfter = later.spaceAfter ?? spaceAfter
        if later.lineHeight != nil {
            // A later line-height replaces earlier bounds.
            lineHeight = later.lineHeight
            minimumLineHeight = nil
            maximumLineHeight = nil
        }
        minimumLineHeight = later.minimumLineHeight ?? minimumLineHeight
        maximumLineHeight = later.maximumLineHeight ?? maximumLineHeight
        hyphenate = later.hyphenate ?? hyphenate
        hangingPunctuation = later.hangingPunctuation ?? hangingPunctuation
        tabStops = later.tabStops ?? tabStops
        tabInterval = later.tabInterval ?? tabInterval
        orphans = later.orphans ?? orphans
        widows = later.widows ?? widows
        keepWithNext = later.keepWithNext ?? keepWithNext
        keepWithPrevious = later.keepWithPrevious ?? keepWithPrevious
        keepTogether = later.keepTogether ?? keepTogether
        balance = later.balance ?? balance
        outlineLevel = later.outlineLevel ?? outlineLevel
        minimumLineWidth = later.minimumLineWidth ?? minimumLineWidth
        dropCap.merge(later.dropCap)
        justification.merge(later.justification)
        hyphenation.merge(later.hyphenation)
    }

    func apply(to style: inout ParagraphStyle) {
        if let alignment {
            style.alignment = alignment
            style.givenDisplaySettings.insert(.alignment)
        }
        if let direction { style.direction = direction }
        if let firstLineIndent { style.firstLineIndent = firstLineIndent }
        if let headIndent { style.headIndent = headIndent }
        if let tailIndent { style.tailIndent = tailIndent }
        if let spaceBefore { style.spaceBefore = spaceBefore }
        if let spaceAfter { style.spaceAfter = spaceAfter }
        if let lineHeight { style.lineHeight = lineHeight }
        // A bound given alone keeps the other bound of a range in force.
        if minimumLineHeight != nil || maximumLineHeight != nil {
            var minimum: Double?, maximum: Double?
            if case .range(let currentMinimum, let currentMaximum) = style.lineHeight {
                (minimum, maximum) = (currentMinimum, currentMaximum)
            }
            style.lineHeight = .range(minimum: minimumLineHeight ?? minimum, maximum: maximumLineHeight ?? maximum)
        }
        if let hyphenate {
            style.hyphenate = hyphenate
            style.givenDisplaySettings.insert(.hyphenate)
        }
        if let hangingPunctuation { style.hangingPunctuation = hangingPunctuation }
        if let tabStops { style.tabStops = tabStops }
        if let tabInterval { style.defaultTabInterval = tabInterval }
        if let orphans { style.orphans = orphans }
        if let widows { style.widows = widows }
        if let keepWithNext { style.keepWithNext = keepWithNext }
        if let keepWithPrevious { style.keepWithPrevious = keepWithPrevious }
        if let keepTogether { style.keepTogether = keepTogether }
        if let balance {
            style.balance = balance
            style.givenDisplaySettings.insert(.balance)
            // Balanced lines set flush: justifying them would pull their spaces apart to the
            // full measure again; and whole, as display lines are: a hyphen in a pull quote is a
            // stumble. An `align` or `hyphenate` given with `balance` still wins.
            if balance, alignment == nil, style.alignment == .justify { style.alignment = .start }
            if balance, hyphenate == nil { style.hyphenate = false }
        }
        if let outlineLevel { style.outlineLevel = outlineLevel }
        if let minimumLineWidth { style.minimumLineWidth = minimumLineWidth }
        dropCap.apply(to: &style.dropCap)
        justification.apply(to: &style.justification)
        hyphenation.apply(to: &style.hyphenation)
    }
}
