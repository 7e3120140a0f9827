/// One glyph as HarfBuzz gave it, in font units; its cluster is the UTF-16 offset, from the
/// shaped text's start, of the character it came from.
public struct ShapedGlyph: Equatable, Sendable, BitwiseCopyable {
    public var id: UInt32
    public var advance: Int32
    public var xOffset: Int32
    public var yOffset: Int32
    public var cluster: Int32
}

/// The words shaped in one context (font, language, features, script, direction), interned:
/// each word's UTF-16 units and glyphs are kept once, one word after another in chunks that
/// never move (`ChunkedRuns`), and found again through an open-addressing table over a hash of the units read where they
/// lie. A book looks words up by the million: no key is built, no array made or retained per
/// lookup.
final class ShapedWordTable {
    private struct Entry {
        /// The low half of the word's hash: what places it and tells most words apart.
        var hash: UInt32
        var unitCount: UInt32
        var units: ChunkedRunPosition
        var glyphs: ShapedGlyphStore.Word
        /// Whether the word was looked up and found since it was kept or last kept over a
        /// start of the cache (`keepOnlyWordsMetAgain`).
        var metAgain = false
    }

    /// What a word takes besides its units and glyphs: its entry and two slots (the slots are
    /// at most half full).
    private static let bytesBesideTheWord = MemoryLayout<Entry>.stride + 2 * MemoryLayout<UInt32>.stride

    // Unchecked: a table belongs to one Shaper, used by one thread, and no access to these
    // overlaps another (a body lent glyphs must not shape); the checks cost more per word
    // than the lookup itself.
    @exclusivity(unchecked) private var units = ChunkedRuns<UInt16>()
    @exclusivity(unchecked) private var glyphs = ShapedGlyphStore()
    @exclusivity(unchecked) private var entries = GrowingBuffer<Entry>()
    /// An entry's index + 1 at the slot its hash leads to (or past it, probing linearly); 0 is
    /// an empty slot. A power of two long, at most half full.
    @exclusivity(unchecked) private var slots = ShapedWordTable.emptySlots
    private static let emptySlots = [UInt32](repeating: 0, count: 64)

    var count: Int { entries.count }

    /// The memory the kept words hold, their arrays' spare room included: what the Shaper's
    /// budget counts.
    var bytesHeld: Int {
        units.bytesHeld + glyphs.bytesHeld + entries.bytesHeld + slots.count * MemoryLayout<UInt32>.stride
    }

    /// The memory that keeping `word` with `shaped` would allocate, counting a buffer that
    /// grows as held twice while its elements move: what the Shaper checks against its budget
    /// before keeping a word, so that the tables never hold more than the budget, not even for
    /// a moment.
    func bytesToKeep(_ word: UnsafeBufferPointer<UInt16>, glyphs shaped: [ShapedGlyph]) -> Int {
        let slotsGrow = 2 * (entries.count + 1) > slots.count
        return units.bytesToAppend(word.count) + glyphs.bytesToAppend(shaped)
            + entries.bytesToHold(entries.count + 1) + (slotsGrow ? 2 * slots.count * MemoryLayout<UInt32>.stride : 0)
    }

    /// FNV-1a over the units.
    static func hash(_ word: UnsafeBufferPointer<UInt16>) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in word { value = (value ^ UInt64(unit)) &* 0x100_0000_01b3 }
        return value
    }

    /// The index of `word`'s entry, when it has been kept.
    func entry(of word: UnsafeBufferPointer<UInt16>, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let index = Int(slots[slot]) - 1
            let entry = entries[index]
            if entry.hash == UInt32(truncatingIfNeeded: hash), Int(entry.unitCount) == word.count, matches(entry, word) { return index }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Keeps `word` (not kept yet) with its glyphs; returns its entry's index.
    func keep(_ word: UnsafeBufferPointer<UInt16>, hash: UInt64, glyphs shaped: [ShapedGlyph]) -> Int {
        precondition(word.count <= Int(UInt32.max) && entries.count < Int(UInt32.max), "more than a word table can index")
        entries.append(Entry(hash: UInt32(truncatingIfNeeded: hash), unitCount: UInt32(word.count), units: units.append(word),
                             glyphs: glyphs.append(contentsOf: shaped)))
        if 2 * entries.count > slots.count {
            slots = [UInt32](repeating: 0, count: 2 * slots.count)
            for index in 0 ..< entries.count { place(index) }
        } else {
            place(entries.count - 1)
        }
        return entries.count - 1
    }

    /// Notes that the word at entry `index` was looked up and found.
    func noteMetAgain(_ index: Int) {
        entries[index].metAgain = true
    }

    /// Forgets the words not met again since they were kept (or last kept by this), keeping
    /// those met again in the order they came while their bytes (units, glyphs, entry and
    /// slots) come to at most `allowance`. The words kept are moved down in place over those
    /// forgotten, so this allocates nothing; the chunks left over are given back. Returns the
    /// bytes the words kept take.
    func keepOnlyWordsMetAgain(within allowance: Int) -> Int {
        units.rewind()
        glyphs.rewind()
        var kept = 0, keptBytes = 0
        for index in 0 ..< entries.count where entries[index].metAgain {
            var entry = entries[index]
            let bytes = Int(entry.unitCount) * MemoryLayout<UInt16>.stride + ShapedGlyphStore.bytes(of: entry.glyphs)
                + Self.bytesBesideTheWord
            guard keptBytes + bytes <= allowance else { break }
            keptBytes += bytes
            entry.units = units.moveDown(entry.units, count: Int(entry.unitCount))
            entry.glyphs = glyphs.moveDown(entry.glyphs)
            entry.metAgain = false
            entries[kept] = entry
            kept += 1
        }
        guard kept > 0 else {
            removeAll()   // the entries' and slots' arrays given back too
            return 0
        }
        entries.shrink(to: kept)
        units.releaseChunksPastTheRuns()
        glyphs.releaseChunksPastTheWords()
        // The slots keep their length: a shorter array would be allocated beside this one.
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        for index in 0 ..< kept { place(index) }
        return keptBytes
    }

    /// Forgets every word, keeping the table itself (its context's, see ShapingContext).
    func removeAll() {
        units.removeAll()
        glyphs.removeAll()
        entries.removeAll()
        slots = Self.emptySlots
    }

    /// Lends `body` the glyphs of the entry at `index` (as `entry(of:hash:)` or `keep` returned it).
    func lendGlyphs(ofEntry index: Int, to body: (UnsafeBufferPointer<ShapedGlyph>) -> Void) {
        body(glyphs.glyphs(entries[index].glyphs))
    }

    private func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(entries[index].hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(index + 1)
    }

    private func matches(_ entry: Entry, _ word: UnsafeBufferPointer<UInt16>) -> Bool {
        // Unit by unit through the pointers: `elementsEqual`'s iterators cost five times as much.
        let kept = units.elements(at: entry.units, count: word.count)
        for index in word.indices where kept[index] != word[index] { return false }
        return true
    }
}
