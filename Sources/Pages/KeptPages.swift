import Fonts
import Layout
import Text

/// The pages of a document's last complete setting, kept by `typeset watch` for the next run
/// to take again where the edit did not reach them (`PageReuse`). Each page is kept as the
/// paginator finished it before its running heads, with the flow it handed on and the part
/// of the text its layout read. One run at a time uses it, on its layout thread.
public final class KeptPages: @unchecked Sendable {
    /// The last setting that reached the document's end; nil before the first.
    var lastSetting: KeptSetting?
    /// How many pages the last setting took from the one before it, unset.
    public internal(set) var reusedByTheLastSetting = 0
    /// The serial the next page set is given (`KeptPage.serial`).
    var nextSerial = 1

    public init() {}
}

/// One setting of a document's pages, and all it was set from besides what `typeset watch`
/// holds the same from run to run (the options, the shaper's words).
struct KeptSetting {
    var text: AttributedText
    var fonts: FontTable
    var template: PageTemplate
    var exclusions: [Int: [Exclusion]]
    var spanningAnchors: [SpanningAnchor]
    var setsNotesAcrossPages: Bool
    var pages: [KeptPage] = []

    /// Whether a paginator of `other`'s inputs sets the same text alike: a kept page is taken
    /// again only from a setting with the same faces, page and pictures across columns.
    func setsAlike(_ other: KeptSetting) -> Bool {
        template == other.template && exclusions == other.exclusions && setsNotesAcrossPages == other.setsNotesAcrossPages
            && fonts.givesTheSameFaces(as: other.fonts)
    }
}

/// A page as the paginator made it, before its running heads and bleed (`Paginator.finish`).
struct KeptPage {
    /// Its frames, pictures, rules and tints; nil for a blank page put in for parity.
    var parts: PageParts?
    /// What it handed to the next page.
    var flowAfter: Paginator.Flow
    /// The text its layout read (`TextReach`).
    var read: Range<Int>
    /// The furthest any page up to this one read: a change past it reaches none of them.
    var furthestReadSoFar: Int
    /// Its number among the pages set under this `KeptPages`, kept when it is taken again: a
    /// page of the same serial is the same value (`Page.keptSerial`).
    var serial: Int
}

/// What a page is finished from.
struct PageParts {
    var frames: [Frame]
    var pictures: [PlacedPicture]
    var rules: [ColumnRule]
    var tints: [SectionTint]
    var leftOutBoxes: [BoxRange] = []
}
