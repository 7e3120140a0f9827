/// The glyphs of a paragraph as they are shaped, run after run, before they become the
/// paragraph's arrays: one column a field, grown in place. Appending a glyph is a capacity
/// check and six stores; six `Array.append`s each checked that their buffer was unique and
/// large enough, glyph by glyph, which cost more than the rest of shaping a known word.
/// `ParagraphCache` keeps one set of columns for all its paragraphs, so they are allocated
/// once; each paragraph copies out exactly what it holds (`copiedOut`).
final class GlyphColumns {
    /// The most glyphs the columns keep room for between paragraphs: past it, each column is
    /// freed as soon as it is copied out. Kept, a paragraph of 4 MB held its glyphs twice, in
    /// its arrays and here, for the cache's life (44 bytes a glyph).
    static let keptCapacity = 1 << 16

    // Unchecked: the columns belong to one `ParagraphCache`, used by one thread, and no access
    // to these overlaps another; checked, they cost four calls to the runtime a glyph, 60.8 M
    // instructions of 150 kB of the King James Bible's 697.5 M.
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private(set) var capacity = 0
    /// Whether any glyph appended since `start` has an offset: most paragraphs have none, and
    /// their offsets are then copied out as empty arrays (16 bytes a glyph saved).
    @exclusivity(unchecked) private var hasOffsets = false
    @exclusivity(unchecked) private var ids = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)
    @exclusivity(unchecked) private var advances = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    @exclusivity(unchecked) private var xOffsets = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    @exclusivity(unchecked) private var yOffsets = UnsafeMutablePointer<Double>.allocate(capacity: 0)
    @exclusivity(unchecked) private var clusters = UnsafeMutablePointer<Int>.allocate(capacity: 0)
    /// `prefixAdvance[i]` is the advance of glyphs 0..<i: one longer than the others.
    @exclusivity(unchecked) private var prefixAdvance = UnsafeMutablePointer<Double>.allocate(capacity: 1)

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
        hasOffsets = false
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
        hasOffsets = hasOffsets || xOffset != 0 || yOffset != 0
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

    /// The paragraph's glyphs as arrays, the columns emptied. Offsets are empty arrays when no
    /// glyph has one (`GlyphColumnPointers.xOffset(_:)` reads them as 0). Columns grown past
    /// `keptCapacity` are freed one by one as they are copied, so that a long paragraph's
    /// glyphs are held twice over one column at most, never whole.
    func copiedOut() -> ShapedGlyphArrays {
        let frees = capacity > Self.keptCapacity
        // `room`: what a freed column is made again with (the prefix sums keep their first, 0).
        func take<Element>(_ column: inout UnsafeMutablePointer<Element>, _ count: Int, room: Int = 0) -> [Element] {
            let array = Array(UnsafeBufferPointer(start: column, count: count))
            if frees {
                column.deallocate()
                column = .allocate(capacity: room)
            }
            return array
        }
        let count = count
        let arrays = ShapedGlyphArrays(ids: take(&ids, count), advances: take(&advances, count),
                                       xOffsets: hasOffsets ? take(&xOffsets, count) : take(&xOffsets, 0),
                                       yOffsets: hasOffsets ? take(&yOffsets, count) : take(&yOffsets, 0),
                                       clusters: take(&clusters, count), prefixAdvances: take(&prefixAdvance, count + 1, room: 1))
        if frees {
            prefixAdvance[0] = 0
            capacity = 0
        }
        self.count = 0
        return arrays
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

/// A paragraph's glyphs, one array a field, as `GlyphColumns.copiedOut()` gives them.
struct ShapedGlyphArrays {
    var ids: [UInt32]
    var advances: [Double]
    /// Empty when no glyph has an offset.
    var xOffsets: [Double]
    var yOffsets: [Double]
    var clusters: [Int]
    /// One longer than the others: `prefixAdvances[i]` is the advance of glyphs 0..<i.
    var prefixAdvances: [Double]
}
