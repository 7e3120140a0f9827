/// The glyphs of a paragraph as they are shaped, run after run, before they become the
/// paragraph's arrays: one column a field, grown in place. Appending a glyph is a capacity
/// check and six stores; six `Array.append`s each checked that their buffer was unique and
/// large enough, glyph by glyph, which cost more than the rest of shaping a known word.
/// `ParagraphCache` keeps one set of columns for all its paragraphs, so they are allocated
/// once; each paragraph copies out exactly what it holds.
final class GlyphColumns {
    private(set) var count = 0
    private var capacity = 0
    private var ids = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)
    private var advances = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    private var xOffsets = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    private var yOffsets = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    private var clusters = UnsafeMutablePointer<Int>.allocate(capacity: 0)
    /// `prefixAdvance[i]` is the advance of glyphs 0..<i: one longer than the others.
    private var prefixAdvance = UnsafeMutablePointer<Double>.allocate(capacity: 1)

    init() {
        prefixAdvance[0] = 0
    }

    deinit {
        ids.deallocate()
        advances.deallocate()
        xOffsets.deallocate()
        yOffsets.deallocate()
        clusters.deallocate()
        prefixAdvance.deallocate()
    }

    /// Empties the columns for a paragraph of about `expected` glyphs (one a character is the
    /// common case), keeping what they have allocated.
    func start(expecting expected: Int) {
        count = 0
        if expected > capacity { grow(to: expected) }
    }

    func append(id: UInt32, advance: Double, xOffset: Double, yOffset: Double, cluster: Int) {
        if count == capacity { grow(to: max(16, 2 * capacity)) }
        ids[count] = id
        advances[count] = advance
        xOffsets[count] = xOffset
        yOffsets[count] = yOffset
        clusters[count] = cluster
        prefixAdvance[count + 1] = prefixAdvance[count] + advance
        count += 1
    }

    /// Zero advances for the glyphs of the characters before `offset` (at the columns' start,
    /// which are in logical order): a drop cap's initial, set apart from the lines.
    func removeAdvances(before offset: Int) {
        var index = 0
        while index < count, clusters[index] < offset {
            advances[index] = 0
            index += 1
        }
        for glyph in 0 ..< count { prefixAdvance[glyph + 1] = prefixAdvance[glyph] + advances[glyph] }
    }

    var glyphIDs: [UInt32] { Self.array(ids, count) }
    var glyphAdvances: [Double] { Self.array(advances, count) }
    var glyphXOffsets: [Double] { Self.array(xOffsets, count) }
    var glyphYOffsets: [Double] { Self.array(yOffsets, count) }
    var glyphClusters: [Int] { Self.array(clusters, count) }
    var prefixAdvances: [Double] { Self.array(prefixAdvance, count + 1) }

    private static func array<Element>(_ column: UnsafeMutablePointer<Element>, _ count: Int) -> [Element] {
        Array(UnsafeBufferPointer(start: column, count: count))
    }

    private func grow(to newCapacity: Int) {
        ids = Self.moved(ids, count, newCapacity)
        advances = Self.moved(advances, count, newCapacity)
        xOffsets = Self.moved(xOffsets, count, newCapacity)
        yOffsets = Self.moved(yOffsets, count, newCapacity)
        clusters = Self.moved(clusters, count, newCapacity)
        prefixAdvance = Self.moved(prefixAdvance, count + 1, newCapacity + 1)
        capacity = newCapacity
    }

    private static func moved<Element>(_ column: UnsafeMutablePointer<Element>, _ count: Int,
                                       _ capacity: Int) -> UnsafeMutablePointer<Element> {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        larger.moveInitialize(from: column, count: count)
        column.deallocate()
        return larger
    }
}
