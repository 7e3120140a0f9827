/// A face's glyphs' ink boxes by glyph ID, each measured once, in pages of 128 glyphs made when
/// a glyph of the page is first measured. Finding a box is two indexings, where a dictionary
/// hashed each ID (layout asks for every glyph of every paragraph). A Latin text's glyphs lie
/// in a few pages; a CJK face's 65,536 IDs would take at most 512 pages of 5 KB.
struct GlyphBoxTable {
    private enum Entry {
        case unmeasured
        /// A glyph that draws nothing, such as a space.
        case blank
        case ink(GlyphInk)
    }

    private static let pageBits = 7
    /// OpenType numbers glyphs in 16 bits: an ID past them is measured every time, not kept, so
    /// that no ID can make the table large.
    private static let largestKeptID: UInt32 = 0xFFFF
    /// The pages by `glyph >> pageBits`; an empty page is one not made yet.
    private var pages: [[Entry]] = []

    /// The box of `glyph` (nil: it draws nothing), measured by `measure` unless it was before.
    mutating func box(of glyph: UInt32, orMeasure measure: (UInt32) -> GlyphInk?) -> GlyphInk? {
        guard glyph <= Self.largestKeptID else { return measure(glyph) }
        let page = Int(glyph >> Self.pageBits), slot = Int(glyph & (1 << Self.pageBits - 1))
        if page < pages.count, !pages[page].isEmpty {
            switch pages[page][slot] {
            case .ink(let box): return box
            case .blank: return nil
            case .unmeasured: break
            }
        }
        let box = measure(glyph)
        if page >= pages.count { pages.append(contentsOf: repeatElement([], count: page + 1 - pages.count)) }
        if pages[page].isEmpty { pages[page] = Array(repeating: .unmeasured, count: 1 << Self.pageBits) }
        pages[page][slot] = box.map(Entry.ink) ?? .blank
        return box
    }
}
