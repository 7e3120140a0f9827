import CCairo
import Layout
import Text

/// A glyph run's text as UTF-8 and the Cairo clusters mapping it to the run's glyphs, what
/// `cairo_show_text_glyphs` needs for a PDF's text to be extracted. Consecutive glyphs from the
/// same character form one cluster, and the cluster's text runs to the character of the
/// cluster that follows it in the text: this is what makes ligatures extract as their letters.
/// Clusters go in the glyphs' order, right-to-left runs included (visual, marks after their
/// base): PDF readers expect glyphs left to right and put right-to-left words back in reading
/// order themselves.
///
/// One value is kept by the drawer and refilled for every run, so that drawing a page
/// allocates nothing per run once its buffers have grown.
struct RunTextClusters {
    private(set) var utf8: [UInt8] = []
    private(set) var clusters: [cairo_text_cluster_t] = []
    /// Glyph ranges of one cluster each, in visual order.
    private var groups: [Range<Int>] = []
    /// Right to left: the run's cluster starts, sorted, each once.
    private var starts: [Int] = []

    private static let softHyphen: UInt16 = 0x00AD
    private static let hyphenMinus: UInt8 = 0x2D

    /// Refills `utf8` and `clusters` for `run`, whose clusters index `text`. A drop cap's
    /// `initial`, drawn without text, is read with the character after it: the cluster of the
    /// line's first shown character starts with the initial's characters.
    mutating func fill(for run: GlyphRun, text: AttributedText, initial: DropInitial?) {
        utf8.removeAll(keepingCapacity: true)
        clusters.removeAll(keepingCapacity: true)
        groupGlyphs(of: run)
        if run.isRightToLeft { sortStarts(of: run) }
        let hidden = initial?.hiddenRange
        text.storage.withUnsafeBufferPointer { storage in
            for (index, group) in groups.enumerated() {
                let clusterStart = run.clusters[group.lowerBound]
                if clusterStart == GlyphRun.generatedHyphen {
                    // A hyphen added at a line break: it extracts as "-", so readers rejoin the word.
                    utf8.append(Self.hyphenMinus)
                    clusters.append(cairo_text_cluster_t(num_bytes: 1, num_glyphs: 1))
                    continue
                }
                // The text runs to the cluster that comes next in the text (left to right, the
                // next group; right to left, any group: marks follow their base).
                let next: Int?
                if run.isRightToLeft {
                    next = firstStart(after: run.clusters[group].max() ?? clusterStart)
                } else {
                    next = index + 1 < groups.count ? run.clusters[groups[index + 1].lowerBound] : nil
                }
                let textEnd = min(next.map { max($0, clusterStart + 1) } ?? max(run.stringRange.upperBound, clusterStart + 1),
                                  storage.count)
                let textStart = hidden.map { clusterStart == $0.upperBound ? $0.lowerBound : clusterStart } ?? clusterStart
                let before = utf8.count
                if textStart < textEnd {
                    appendText(UnsafeBufferPointer(rebasing: storage[textStart ..< textEnd]), rightToLeft: run.isRightToLeft)
                }
                clusters.append(cairo_text_cluster_t(num_bytes: Int32(utf8.count - before), num_glyphs: Int32(group.count)))
            }
        }
    }

    /// Splits the run's glyphs into clusters: glyphs of one character together (never a
    /// generated hyphen), and right to left, marks with their base.
    private mutating func groupGlyphs(of run: GlyphRun) {
        groups.removeAll(keepingCapacity: true)
        let clusters = run.clusters
        var position = 0
        while position < clusters.count {
            var end = position + 1
            while end < clusters.count, clusters[end] == clusters[position], clusters[end] != GlyphRun.generatedHyphen { end += 1 }
            // Right to left, a mark follows its base (see LineBuilder) and has a later character:
            // base and marks make one cluster, which readers then keep together.
            if run.isRightToLeft, let last = groups.last, clusters[last.lowerBound] != GlyphRun.generatedHyphen,
               clusters[position] != GlyphRun.generatedHyphen, clusters[position] > clusters[last.lowerBound] {
                groups[groups.count - 1] = last.lowerBound ..< end
            } else {
                groups.append(position ..< end)
            }
            position = end
        }
    }

    private mutating func sortStarts(of run: GlyphRun) {
        starts.removeAll(keepingCapacity: true)
        starts.append(contentsOf: run.clusters.lazy.filter { $0 != GlyphRun.generatedHyphen })
        starts.sort()
        var kept = 0
        for start in starts where kept == 0 || starts[kept - 1] != start {
            starts[kept] = start
            kept += 1
        }
        starts.removeSubrange(kept...)
    }

    /// The smallest of the sorted `starts` above `offset`.
    private func firstStart(after offset: Int) -> Int? {
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        return low < starts.count ? starts[low] : nil
    }

    /// Appends `characters` as UTF-8, soft hyphens left out: a soft hyphen is a place to break,
    /// not a character to read ("head&shy;line" extracts as "headline", and, broken there, as
    /// "head-" and "line"); its glyph, which draws nothing, keeps a cluster of no text, as Cairo
    /// allows.
    private mutating func appendText(_ characters: UnsafeBufferPointer<UInt16>, rightToLeft: Bool) {
        guard !rightToLeft else { return appendDecoded(characters.filter { $0 != Self.softHyphen }, rightToLeft: true) }
        // Characters of the Basic Multilingual Plane, each one to three bytes: the whole of
        // most text, encoded without a decoder; at a surrogate the cluster starts again
        // through the decoder.
        let start = utf8.count
        for unit in characters where unit != Self.softHyphen {
            switch unit {
            case 0 ..< 0x80:
                utf8.append(UInt8(unit))
            case 0x80 ..< 0x800:
                utf8.append(0xC0 | UInt8(unit >> 6))
                utf8.append(0x80 | UInt8(unit & 0x3F))
            case 0xD800 ... 0xDFFF:
                utf8.removeSubrange(start...)
                return appendDecoded(characters.filter { $0 != Self.softHyphen }, rightToLeft: false)
            default:
                utf8.append(0xE0 | UInt8(unit >> 12))
                utf8.append(0x80 | UInt8((unit >> 6) & 0x3F))
                utf8.append(0x80 | UInt8(unit & 0x3F))
            }
        }
    }

    /// Appends `characters` through Swift's decoder: surrogate pairs, and anything ill-formed as
    /// U+FFFD. Right to left, a cluster of several characters is given backwards: readers
    /// spread a cluster's characters across its glyphs left to right and then reverse
    /// right-to-left words whole, so a lam-alef ligature or a letter with its vowel marks comes
    /// out in reading order (measured with poppler).
    private mutating func appendDecoded(_ characters: [UInt16], rightToLeft: Bool) {
        if rightToLeft, characters.count > 1 {
            for scalar in String(decoding: characters, as: UTF16.self).unicodeScalars.reversed() {
                utf8.append(contentsOf: String(scalar).utf8)
            }
        } else {
            _ = transcode(characters.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) { utf8.append($0) }
        }
    }
}
