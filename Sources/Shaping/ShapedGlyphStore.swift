/// The glyphs of the words a `ShapedWordTable` keeps, one word after another, as compactly as
/// each word allows: memory follows the number of distinct words (docs/pipeline.md, "Shaped
/// words: a cache bounded by bytes"). Most words are plain — each glyph the character at its
/// own index, not moved off its pen position — and keep only each glyph's id and advance (8
/// bytes, not a `ShapedGlyph`'s 20); the others (ligatures, marks, clusters of several
/// characters, positioned glyphs) keep whole glyphs.
struct ShapedGlyphStore: ~Copyable {
    /// Where a word's glyphs are, as `append` returned it.
    struct Word {
        fileprivate var start: UInt32
        fileprivate var count: UInt32
        fileprivate var isPlain: Bool
    }

    /// A plain word's glyph: its cluster is its index, its offsets 0.
    struct PlainGlyph {
        var id: UInt32
        var advance: Int32
    }

    private var plain = GrowingBuffer<PlainGlyph>()
    private var whole = GrowingBuffer<ShapedGlyph>()
    /// A plain word's glyphs made whole again to be lent (`glyphs(_:)`).
    private var lent = GrowingBuffer<ShapedGlyph>()

    /// Glyphs kept, plain and whole.
    var count: Int { plain.count + whole.count }

    /// The memory held, spare room included.
    var bytesHeld: Int { plain.bytesHeld + whole.bytesHeld + lent.bytesHeld }

    /// Keeps `glyphs` after the others; where they are, to be lent by `glyphs(_:)`.
    mutating func append(contentsOf glyphs: [ShapedGlyph]) -> Word {
        let isPlain = glyphs.indices.allSatisfy { index in
            let glyph = glyphs[index]
            return glyph.cluster == index && glyph.xOffset == 0 && glyph.yOffset == 0
        }
        let start = isPlain ? plain.count : whole.count
        precondition(start + glyphs.count <= Int(UInt32.max), "more glyphs kept than a word table can index")
        if isPlain {
            plain.reserve(more: glyphs.count)
            for glyph in glyphs { plain.append(PlainGlyph(id: glyph.id, advance: glyph.advance)) }
        } else {
            whole.reserve(more: glyphs.count)
            for glyph in glyphs { whole.append(glyph) }
        }
        return Word(start: UInt32(start), count: UInt32(glyphs.count), isPlain: isPlain)
    }

    /// Forgets every glyph and gives their memory back.
    mutating func removeAll() {
        plain.removeAll()
        whole.removeAll()
        lent.removeAll()
    }

    /// The glyphs of `word`, valid until the store next changes or lends another word.
    mutating func glyphs(_ word: Word) -> UnsafeBufferPointer<ShapedGlyph> {
        let range = Int(word.start) ..< Int(word.start) + Int(word.count)
        guard word.isPlain else { return whole.elements(range) }
        lent.shrink(to: 0)
        lent.reserve(more: range.count)
        for (index, glyph) in plain.elements(range).enumerated() {
            lent.append(ShapedGlyph(id: glyph.id, advance: glyph.advance, xOffset: 0, yOffset: 0, cluster: Int32(index)))
        }
        return lent.elements(0 ..< range.count)
    }
}
