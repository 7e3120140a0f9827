/// A face's glyphs' ink boxes by glyph ID, each measured once, in pages of 128 glyphs made when
/// a glyph of the page is first measured. Finding a box is two indexings, where a dictionary
/// hashed each ID (layout asks for every glyph of every paragraph). A Latin text's glyphs lie
/// in a few pages; a CJK face's 65,536 IDs would take at most 512 pages of 5 KB.
///
/// The pages lie end to end in one array, found through a table of where each starts: a page
/// held as an array of its own was retained and released at every look-up.
struct GlyphBoxTable {
    private enum Entry {
        case unmeasured
        /// A glyph that draws nothing, such as a space.
        case blank
        case ink(GlyphInk)
    }

    private static let pageBits = 7
    private static let pageSize = 1 << pageBits
    /// OpenType numbers glyphs in 16 bits: an ID past them is measured every time, not kept, so
    /// that no ID can make the table large.
    private static let largestKeptID: UInt32 = 0xFFFF
    /// Where each page starts in `entries`, by `glyph >> pageBits`; -1: not made yet.
    private var pageStarts: [Int32] = []
    /// The pages made, end to end, in the order they were made.
    private var entries: [Entry] = []

    /// The box of `glyph` (nil: it draws nothing), measured by `measure` unless it was before.
    mutating func box(of glyph: UInt32, orMeasure measure: (UInt32) -> GlyphInk?) -> GlyphInk? {
        guard glyph <= Self.largestKeptID else { return measure(glyph) }
        let page = Int(glyph >> Self.pageBits), slot = Int(glyph) & (Self.pageSize - 1)
        if page < pageStarts.count, pageStarts[page] >= 0 {
            switch entries[Int(pageStarts[page]) + slot] {
            case .ink(let box): return box
            case .blank: return nil
            case .unmeasured: break
            }
        }
        let box = measure(glyph)
        entries[start(ofPage: page) + slot] = box.map(Entry.ink) ?? .blank
        return box
    }

    /// The box of each of `glyphs` that has ink, told to `body` with its index, each measured by
    /// `measure` unless it was before: one call for a paragraph's glyphs, so that its owner's
    /// exclusive access is checked once, not once a glyph.
    mutating func forEachBox(of glyphs: ArraySlice<UInt32>, orMeasure measure: (UInt32) -> GlyphInk?, _ body: (Int, GlyphInk) -> Void) {
        for index in glyphs.indices {
            if let box = box(of: glyphs[index], orMeasure: measure) { body(index, box) }
        }
    }

    /// Where `page` starts in `entries`, made now when it was not.
    private mutating func start(ofPage page: Int) -> Int {
        if page >= pageStarts.count { pageStarts.append(contentsOf: repeatElement(-1, count: page + 1 - pageStarts.count)) }
        if pageStarts[page] < 0 {
            pageStarts[page] = Int32(entries.count)
            entries.append(contentsOf: repeatElement(.unmeasured, count: Self.pageSize))
        }
        return Int(pageStarts[page])
    }
}
