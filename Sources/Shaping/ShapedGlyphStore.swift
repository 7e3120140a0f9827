/// The glyphs of the words a `ShapedWordTable` keeps, one word after another, as compactly as
/// each word allows: memory follows the number of distinct words (docs/pipeline.md, "Memory
/// that follows the text", entry "Caches bounded by bytes"). Most words are plain — each glyph the character at its
/// own index, not moved off its pen position — and keep only each glyph's id and advance (8
/// bytes, not a `ShapedGlyph`'s 20); the others (ligatures, marks, clusters of several
/// characters, positioned glyphs) keep whole glyphs.
struct ShapedGlyphStore: ~Copyable {
    /// Where a word's glyphs are, as `append` returned it.
    struct Word {
        fileprivate var start: ChunkedRunPosition
        fileprivate var count: UInt32
        fileprivate var isPlain: Bool
    }

    /// A plain word's glyph: its cluster is its index, its offsets 0.
    struct PlainGlyph {
        var id: UInt32
        var advance: Int32
    }

    private var plain = ChunkedRuns<PlainGlyph>()
    private var whole = ChunkedRuns<ShapedGlyph>()
    /// A plain word's glyphs made whole again to be lent (`glyphs(_:)`).
    private var lent = GrowingBuffer<ShapedGlyph>()
    /// A plain word's glyphs on their way in.
    private var plainWord = GrowingBuffer<PlainGlyph>()

    /// Glyphs kept, plain and whole.
    private(set) var count = 0

    /// The memory held, spare room included.
    var bytesHeld: Int { plain.bytesHeld + whole.bytesHeld + lent.bytesHeld + plainWord.bytesHeld }

    /// Whether `glyphs` are kept plain (see above).
    private static func isPlain(_ glyphs: [ShapedGlyph]) -> Bool {
        glyphs.indices.allSatisfy { index in
            let glyph = glyphs[index]
            return glyph.cluster == index && glyph.xOffset == 0 && glyph.yOffset == 0
        }
    }

    /// The memory that keeping `glyphs` would add, the buffers they pass through included.
    func bytesToAppend(_ glyphs: [ShapedGlyph]) -> Int {
        guard Self.isPlain(glyphs) else { return whole.bytesToAppend(glyphs.count) }
        return plain.bytesToAppend(glyphs.count) + plainWord.bytesToHold(glyphs.count) + lent.bytesToHold(glyphs.count)
    }

    /// Keeps `glyphs` after the others; where they are, to be lent by `glyphs(_:)`.
    mutating func append(contentsOf glyphs: [ShapedGlyph]) -> Word {
        precondition(glyphs.count <= Int(UInt32.max), "a word of more glyphs than a word table can count")
        count += glyphs.count
        guard Self.isPlain(glyphs) else {
            let start = glyphs.withUnsafeBufferPointer { whole.append($0) }
            return Word(start: start, count: UInt32(glyphs.count), isPlain: false)
        }
        plainWord.shrink(to: 0)
        plainWord.reserve(more: glyphs.count)
        for glyph in glyphs { plainWord.append(PlainGlyph(id: glyph.id, advance: glyph.advance)) }
        let start = plain.append(plainWord.elements(0 ..< glyphs.count))
        return Word(start: start, count: UInt32(glyphs.count), isPlain: true)
    }

    /// The bytes `word`'s glyphs take.
    static func bytes(of word: Word) -> Int {
        Int(word.count) * (word.isPlain ? MemoryLayout<PlainGlyph>.stride : MemoryLayout<ShapedGlyph>.stride)
    }

    /// Starts keeping words from the start again, in place (see `ChunkedRuns.rewind`): each
    /// word kept is then passed to `moveDown` in the order it was appended, and the chunks left
    /// over are given back by `releaseChunksPastTheWords`.
    mutating func rewind() {
        plain.rewind()
        whole.rewind()
        count = 0
    }

    /// Moves `word`'s glyphs down over those forgotten before them; where they are now.
    mutating func moveDown(_ word: Word) -> Word {
        count += Int(word.count)
        let start = word.isPlain ? plain.moveDown(word.start, count: Int(word.count)) : whole.moveDown(word.start, count: Int(word.count))
        return Word(start: start, count: word.count, isPlain: word.isPlain)
    }

    mutating func releaseChunksPastTheWords() {
        plain.releaseChunksPastTheRuns()
        whole.releaseChunksPastTheRuns()
    }

    /// Forgets every glyph and gives their memory back.
    mutating func removeAll() {
        plain.removeAll()
        whole.removeAll()
        lent.removeAll()
        plainWord.removeAll()
        count = 0
    }

    /// The glyphs of `word`, valid until the store next changes or lends another word.
    mutating func glyphs(_ word: Word) -> UnsafeBufferPointer<ShapedGlyph> {
        let count = Int(word.count)
        guard word.isPlain else { return whole.elements(at: word.start, count: count) }
        lent.shrink(to: 0)
        lent.reserve(more: count)
        for (index, glyph) in plain.elements(at: word.start, count: count).enumerated() {
            lent.append(ShapedGlyph(id: glyph.id, advance: glyph.advance, xOffset: 0, yOffset: 0, cluster: Int32(index)))
        }
        return lent.elements(0 ..< count)
    }
}
