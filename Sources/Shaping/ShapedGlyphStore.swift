/// The glyphs of the words a `ShapedWordTable` keeps, one word after another, in memory of
/// their own rather than an array: an array held by a class is retained and released around
/// each `withUnsafeBufferPointer`, which lending a word's glyphs did for every word of a book.
struct ShapedGlyphStore: ~Copyable {
    private var base: UnsafeMutablePointer<ShapedGlyph>
    private(set) var count = 0
    private var capacity = 0

    init() {
        base = UnsafeMutablePointer<ShapedGlyph>.allocate(capacity: 0)
    }

    deinit {
        base.deallocate()
    }

    mutating func append(contentsOf glyphs: [ShapedGlyph]) {
        if count + glyphs.count > capacity {
            let larger = max(count + glyphs.count, 2 * capacity, 256)
            let moved = UnsafeMutablePointer<ShapedGlyph>.allocate(capacity: larger)
            moved.moveInitialize(from: base, count: count)
            base.deallocate()
            base = moved
            capacity = larger
        }
        for (index, glyph) in glyphs.enumerated() { (base + count + index).initialize(to: glyph) }
        count += glyphs.count
    }

    /// Forgets every glyph and gives their memory back.
    mutating func removeAll() {
        base.deallocate()
        base = UnsafeMutablePointer<ShapedGlyph>.allocate(capacity: 0)
        count = 0
        capacity = 0
    }

    /// The glyphs at `range`, valid until the store next changes.
    func glyphs(_ range: Range<Int>) -> UnsafeBufferPointer<ShapedGlyph> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }
}
