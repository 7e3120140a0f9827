/// One glyph as HarfBuzz gave it, in font units; its cluster is the UTF-16 offset, from the
/// shaped text's start, of the character it came from.
public struct ShapedGlyph: Equatable, Sendable {
    public var id: UInt32
    public var advance: Int32
    public var xOffset: Int32
    public var yOffset: Int32
    public var cluster: Int32
}

/// The words shaped in one context (font, language, features, script, direction), interned:
/// each word's UTF-16 units and glyphs are kept once, one word after another in flat arrays,
/// and found again through an open-addressing table over a hash of the units read where they
/// lie. A book looks words up by the million: no key is built, no array made or retained per
/// lookup.
final class ShapedWordTable {
    private struct Entry {
        var hash: UInt64
        var units: Range<Int>
        var glyphs: Range<Int>
    }

    // Unchecked: a table belongs to one Shaper, used by one thread, and no access to these
    // overlaps another (a body lent glyphs must not shape); the checks cost more per word
    // than the lookup itself.
    @exclusivity(unchecked) private var units: [UInt16] = []
    @exclusivity(unchecked) private var glyphs = ShapedGlyphStore()
    @exclusivity(unchecked) private var entries: [Entry] = []
    /// An entry's index + 1 at the slot its hash leads to (or past it, probing linearly); 0 is
    /// an empty slot. A power of two long, at most half full.
    @exclusivity(unchecked) private var slots = ShapedWordTable.emptySlots
    private static let emptySlots = [Int](repeating: 0, count: 64)

    var count: Int { entries.count }

    /// FNV-1a over the units.
    static func hash(_ word: UnsafeBufferPointer<UInt16>) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for unit in word { value = (value ^ UInt64(unit)) &* 0x100_0000_01b3 }
        return value
    }

    /// Where `word`'s glyphs are in `glyphs`, when it has been kept.
    func glyphRange(of word: UnsafeBufferPointer<UInt16>, hash: UInt64) -> Range<Int>? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = entries[slots[slot] - 1]
            if entry.hash == hash, entry.units.count == word.count, matches(entry.units, word) { return entry.glyphs }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Keeps `word` (not kept yet) with its glyphs; returns where they are in `glyphs`.
    func keep(_ word: UnsafeBufferPointer<UInt16>, hash: UInt64, glyphs shaped: [ShapedGlyph]) -> Range<Int> {
        let entry = Entry(hash: hash, units: units.count ..< units.count + word.count,
                          glyphs: glyphs.count ..< glyphs.count + shaped.count)
        units.append(contentsOf: word)
        glyphs.append(contentsOf: shaped)
        entries.append(entry)
        if 2 * entries.count > slots.count {
            slots = [Int](repeating: 0, count: 2 * slots.count)
            for index in entries.indices { place(index) }
        } else {
            place(entries.count - 1)
        }
        return entry.glyphs
    }

    /// Forgets every word, keeping the table itself (its context's, see ShapingContext).
    func removeAll() {
        units = []
        glyphs.removeAll()
        entries = []
        slots = Self.emptySlots
    }

    /// Lends `body` the glyphs at `range` (as `glyphRange` or `keep` returned it).
    func lendGlyphs(_ range: Range<Int>, to body: (UnsafeBufferPointer<ShapedGlyph>) -> Void) {
        body(glyphs.glyphs(range))
    }

    private func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entries[index].hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = index + 1
    }

    private func matches(_ kept: Range<Int>, _ word: UnsafeBufferPointer<UInt16>) -> Bool {
        // Unit by unit through the pointers: `elementsEqual`'s iterators cost five times as much.
        units.withUnsafeBufferPointer { all in
            let start = all.baseAddress! + kept.lowerBound
            for index in word.indices where start[index] != word[index] { return false }
            return true
        }
    }
}
