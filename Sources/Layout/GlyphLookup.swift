/// Which glyph a character's offset starts at, answered from a table: the line breaker and the
/// line builder ask it at every word and every line of every paragraph, and a binary search
/// over the glyphs' clusters each time was the costliest part of measuring.
struct GlyphLookup {
    /// `firstGlyph[offset - start]` is the first glyph whose character is at or after `offset`,
    /// for every offset from the paragraph's start to its end; empty when the clusters are not
    /// in order within the paragraph (they always are: a run's glyphs are stored in logical
    /// order), which a binary search then answers as before.
    private let firstGlyph: [Int32]
    private let start: Int
    private let clusters: [Int]

    /// The bytes of its table (the clusters are the paragraph's own array).
    var heldBytes: Int { firstGlyph.capacity * MemoryLayout<Int32>.stride }

    /// - Parameters: clusters: each glyph's character, in order; range: the paragraph's characters.
    init(clusters: [Int], range: Range<Int>) {
        self.clusters = clusters
        start = range.lowerBound
        guard Self.inOrder(clusters, within: range) else {
            firstGlyph = []
            return
        }
        // Not `init(repeating:count:)`, which allocates and fills unspecialised (docs/pipeline.md,
        // "Speed: the layout thread").
        var table = Array(repeatElement(Int32(0), count: range.count + 1))
        // Through the buffers: the arrays' subscripts checked the table's uniqueness and both
        // bounds at each character.
        let start = start
        clusters.withUnsafeBufferPointer { clusters in
            table.withUnsafeMutableBufferPointer { table in
                var glyph = 0
                for index in table.indices {
                    while glyph < clusters.count, clusters[glyph] < start + index { glyph += 1 }
                    table[index] = Int32(glyph)
                }
            }
        }
        firstGlyph = table
    }

    /// Whether every cluster lies within `range`, each at or after the one before: one pass.
    private static func inOrder(_ clusters: [Int], within range: Range<Int>) -> Bool {
        var previous = range.lowerBound
        for cluster in clusters {
            guard cluster >= previous, cluster < range.upperBound else { return false }
            previous = cluster
        }
        return true
    }

    /// Index of the first glyph whose character is at or after `offset`.
    @inline(__always)
    func glyphIndex(atOrAfter offset: Int) -> Int {
        guard !firstGlyph.isEmpty else { return searchedIndex(atOrAfter: offset) }
        // Every cluster lies within the paragraph: before it, the first glyph; past it, none.
        let index = min(max(offset - start, 0), firstGlyph.count - 1)
        return Int(firstGlyph[index])
    }

    private func searchedIndex(atOrAfter offset: Int) -> Int {
        var low = 0, high = clusters.count
        while low < high {
            let mid = (low + high) / 2
            if clusters[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
