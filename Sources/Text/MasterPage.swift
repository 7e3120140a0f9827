import Diagnostics

/// A master page (`<master name="feature" header="…" footer="…">…</master>`): the running heads
/// and the page furniture — a logo, rules, tint bands — printed on every page that uses it, as
/// InDesign's parent pages are. A page uses the master in force where its text starts
/// (`ParagraphStyle.master` switches it); pages before any switch use the document's `<meta>`
/// heads and the first-page rule.
///
/// It lives in Text because the markup declares it, a paragraph carries it to where it takes
/// effect, and Pages places it.
public struct MasterPage: Hashable, Sendable {
    public var name: String
    /// The running header and footer of its pages; nil: none (a master is the whole design of
    /// its pages: the document's `<meta>` heads do not show through).
    public var header: RunningTemplate?
    public var footer: RunningTemplate?
    /// What it prints besides the heads, in the order drawn (the first underneath).
    public var items: [MasterItem]
    /// The columns and margins of its pages, where it sets them (`columns`, `gutter`,
    /// `margin`); what it leaves nil is the document's.
    public var frame = MasterFrame()
    /// Where it is declared (its `<master>` tag), for the page's messages about its frame.
    public var declaration: SourcePlace?

    public init(name: String, header: RunningTemplate? = nil, footer: RunningTemplate? = nil, items: [MasterItem] = []) {
        self.name = name
        self.header = header.flatMap { $0.isEmpty ? nil : $0 }
        self.footer = footer.flatMap { $0.isEmpty ? nil : $0 }
        self.items = items
    }

    /// The lines of text its items print, in order.
    public var texts: [MasterText] {
        items.compactMap { item in
            if case .text(let text) = item.content { return text }
            return nil
        }
    }

    /// Every template it prints: its heads' and its text items'.
    public var templates: [RunningTemplate] {
        [header, footer].compactMap { $0 } + texts.map(\.template)
    }

    /// The pictures its items print, in order.
    public var pictures: [ImageAttachment] {
        items.compactMap { item in
            if case .picture(let image) = item.content { return image }
            return nil
        }
    }
}

/// The frame a master gives its pages' text: how many columns, how far apart, and the margins
/// (as a right-hand page has them: `left` is the inner one with facing pages). Nil: the
/// document's (`--columns`, `--gutter`, `--margin`).
public struct MasterFrame: Hashable, Sendable {
    public var columns: Int?
    public var gutter: Double?
    public var margins: Margins?

    public init(columns: Int? = nil, gutter: Double? = nil, margins: Margins? = nil) {
        self.columns = columns
        self.gutter = gutter
        self.margins = margins
    }

    /// Whether it sets nothing: the pages keep the document's frame.
    public var isEmpty: Bool { columns == nil && gutter == nil && margins == nil }
}

/// One piece of a master's furniture and where it stands.
public struct MasterItem: Hashable, Sendable {
    public enum Content: Hashable, Sendable {
        /// A picture (`<img>`), fitted whole into its place.
        case picture(ImageAttachment)
        /// A horizontal rule (`<rule>`): its place is as tall as its thickness.
        case rule(Color)
        /// A tint band (`<tint>`): its place filled.
        case tint(Color)
        /// A line of text (`<text>`): a section's flag, a folio, set as the running heads are.
        case text(MasterText)
    }

    public var content: Content
    public var place: MasterPlace

    public init(content: Content, place: MasterPlace) {
        self.content = content
        self.place = place
    }
}

/// A master's line of text: a template, as a running head's (`left|centre|right` within its
/// place, `{section}`, `{page style=folio}`), and the look of what it prints that no
/// placeholder styles (nil: the running heads').
public struct MasterText: Hashable, Sendable {
    public var template: RunningTemplate
    public var attributes: TextAttributes?
    /// Where its `<text>` tag is, for a warning when what it prints does not fit its place.
    public var declaration: SourcePlace?

    public init(template: RunningTemplate, attributes: TextAttributes? = nil, declaration: SourcePlace? = nil) {
        self.template = template
        self.attributes = attributes
        self.declaration = declaration
    }
}

/// Where a master item stands, as a right-hand page has it: a rectangle measured in the page
/// or in its text area (`of`). On the left-hand pages of facing pages it is mirrored left to
/// right inside the same reference, so that what stands at the outer edge stays there.
public struct MasterPlace: Hashable, Sendable {
    /// What the place is measured in.
    public enum Reference: String, Hashable, Sendable, CaseIterable {
        case page
        case text
    }

    /// A distance along one side of the reference.
    public enum Distance: Hashable, Sendable {
        case points(Double)
        /// A share of the reference's width or height (`50%` is 0.5).
        case fraction(Double)

        /// In points, along a side `length` long.
        public func points(along length: Double) -> Double {
            switch self {
            case .points(let value): value
            case .fraction(let share): share * length
            }
        }
    }

    public var reference: Reference
    /// From the reference's left edge to the item's; a negative distance (`-0` too) is from
    /// the right edge to the item's right edge.
    public var x: Distance
    /// From the reference's top to the item's; negative: from its bottom to the item's bottom.
    public var y: Distance
    /// Nil: from the other side and `aspect` (a picture given one side keeps its proportions).
    public var width: Distance?
    public var height: Distance?
    /// Width over height, for the side not given.
    public var aspect: Double?

    public init(reference: Reference = .page, x: Distance = .points(0), y: Distance = .points(0), width: Distance?, height: Distance?,
                aspect: Double? = nil) {
        self.reference = reference
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.aspect = aspect
    }

    /// The place's left, top, width and height inside a reference `width` × `height` points.
    public func resolved(inWidth referenceWidth: Double, height referenceHeight: Double)
        -> (x: Double, y: Double, width: Double, height: Double) {
        let ratio = aspect ?? 1
        let givenWidth = width?.points(along: referenceWidth), givenHeight = height?.points(along: referenceHeight)
        let width = givenWidth ?? (givenHeight ?? 0) * ratio
        let height = givenHeight ?? width / ratio
        let left = x.points(along: referenceWidth), top = y.points(along: referenceHeight)
        return (x.isFromFarEdge ? referenceWidth + left - width : left, y.isFromFarEdge ? referenceHeight + top - height : top, width, height)
    }
}

extension MasterPlace.Distance {
    /// Whether it is measured from the right edge or the bottom: written negative, `-0` too.
    var isFromFarEdge: Bool {
        switch self {
        case .points(let value), .fraction(let value): value.sign == .minus
        }
    }
}
