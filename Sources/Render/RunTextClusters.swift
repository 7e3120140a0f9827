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
/// allocates nothing per run once its buffers have grown. A run is filled in two passes: which
/// glyphs and characters each cluster holds (`spans`), then the characters encoded. Both write
/// through pointers into buffers as long as the longest run needed, never shrunk (each of the
/// book's half a million characters passes here once: appending them one by one was most of
/// the drawing's own work).
struct RunTextClusters {
    /// The run's text as UTF-8.
    var utf8: ArraySlice<UInt8> { bytes[..<byteCount] }
    /// The run's clusters in the glyphs' order: how many bytes of `utf8` and glyphs each holds.
    var clusters: ArraySlice<cairo_text_cluster_t> { clusterBuffer[..<clusterCount] }
    /// The cluster that reads a drop cap's characters before its own, when the run has it: its
    /// text is not its glyph's (a font's ToUnicode entry must not be made from it).
    private(set) var initialCluster: Int?
    /// The cluster of a hyphen added at a line break, when the run has one: it reads as a soft
    /// hyphen, which is not its glyph's text either.
    private(set) var addedHyphenCluster: Int?
    /// The cluster of the line's last character where the line breaks inside a word without
    /// adding a hyphen, when the run has it: it reads as its character and a soft hyphen
    /// (`Line.wordBrokenAfter`), which is not its glyph's text either.
    private(set) var wordBreakCluster: Int?

    /// Whether cluster `index`'s text may be its glyph's own (its font's ToUnicode entry):
    /// not the one that reads a drop cap's letters, an added hyphen or a word broken after it.
    func isGlyphsOwnText(cluster index: Int) -> Bool {
        index != initialCluster && index != addedHyphenCluster && index != wordBreakCluster
    }

    private var bytes: [UInt8] = []
    private var byteCount = 0
    private var clusterBuffer: [cairo_text_cluster_t] = []
    private var clusterCount = 0
    /// The run's clusters in visual order before their text is encoded (as many as `clusterCount`).
    private var spans: [Span] = []
    /// Right to left: glyph ranges of one cluster each, in visual order.
    private var groups: [Range<Int>] = []
    /// Right to left: the run's cluster starts, sorted, each once.
    private var starts: [Int] = []

    /// A cluster before its text is encoded: how many glyphs it holds, and the characters it
    /// reads (`generatedHyphen`: none, it is a hyphen added at a line break, read as U+00AD).
    private struct Span {
        var glyphs: Int
        var text: Range<Int>
        static let generatedHyphen = -1 ..< -1
    }

    /// U+00AD SOFT HYPHEN in UTF-8.
    private static let softHyphen: [UInt8] = [0xC2, 0xAD]

    /// Refills `utf8` and `clusters` for `run`, whose clusters index `text`. A drop cap's
    /// `initial`, drawn without text, is read with the character after it: the cluster of the
    /// line's first shown character starts with the initial's characters. The hyphen at
    /// `wordBreak` (`Line.wordBrokenAfter`) reads with a soft hyphen after it.
    mutating func fill(for run: GlyphRun, text: AttributedText, initial: DropInitial?, wordBreak: Int? = nil) {
        let hidden = initial?.hiddenRange
        if spans.count < run.clusters.count { spans = Array(repeating: Span(glyphs: 0, text: 0 ..< 0), count: run.clusters.count) }
        let units = run.isRightToLeft ? spanRightToLeft(run, textCount: text.length, hidden: hidden)
                                      : spanLeftToRight(run, textCount: text.length, hidden: hidden)
        let wordBreak = run.isRightToLeft ? nil : wordBreak
        // The text read at its width (TextUnits), each width's loop compiled for it.
        text.storage.withUnits(narrow: { encode($0, units: units, rightToLeft: run.isRightToLeft, wordBreak: wordBreak) },
                               wide: { encode($0, units: units, rightToLeft: run.isRightToLeft, wordBreak: wordBreak) })
        initialCluster = hidden.flatMap { hidden in
            hidden.isEmpty ? nil : spans[..<clusterCount].firstIndex { $0.text.lowerBound == hidden.lowerBound && $0.text.count > 0 }
        }
    }

    /// Refills `utf8` and `clusters` for a drop cap's `initial`: one cluster of its glyphs,
    /// read as its characters when `readAlone` (its line shows nothing else), else as nothing:
    /// its characters are read with the line's first shown character (`fill(for:text:initial:)`),
    /// so that "The" reads as one word rather than a large "T" apart from "he".
    mutating func fill(for initial: DropInitial, readAlone: Bool) {
        let text = readAlone ? Array(initial.characters.utf8) : []
        if bytes.count < text.count { bytes = Array(repeating: 0, count: text.count) }
        if clusterBuffer.isEmpty { clusterBuffer = [cairo_text_cluster_t()] }
        bytes.replaceSubrange(0 ..< text.count, with: text)
        byteCount = text.count
        clusterBuffer[0] = cairo_text_cluster_t(num_bytes: Int32(text.count), num_glyphs: Int32(initial.glyphIDs.count))
        clusterCount = 1
        initialCluster = nil
        addedHyphenCluster = nil
        wordBreakCluster = nil
    }

    /// The characters a cluster starting at `start` reads: up to the start of the cluster that
    /// comes next in the text (`next`; none: to the run's end), and at least its own. A drop
    /// cap's hidden characters go with the character after them.
    private static func text(from start: Int, to next: Int?, runEnd: Int, textCount: Int, hidden: Range<Int>?) -> Range<Int> {
        let end = min(next.map { max($0, start + 1) } ?? max(runEnd, start + 1), textCount)
        let textStart = hidden.map { start == $0.upperBound ? $0.lowerBound : start } ?? start
        return textStart ..< max(textStart, end)
    }

    /// Left to right, the clusters in one walk: glyphs of one character together (never a
    /// generated hyphen), each reading to the next cluster's character. Returns how many UTF-16
    /// units they read.
    private mutating func spanLeftToRight(_ run: GlyphRun, textCount: Int, hidden: Range<Int>?) -> Int {
        var units = 0
        clusterCount = spans.withUnsafeMutableBufferPointer { spans in
            run.clusters.withUnsafeBufferPointer { characters in
                var count = 0, position = 0
                while position < characters.count {
                    let start = characters[position]
                    var end = position + 1
                    if start == GlyphRun.generatedHyphen {
                        spans[count] = Span(glyphs: 1, text: Span.generatedHyphen)
                    } else {
                        while end < characters.count, characters[end] == start { end += 1 }
                        let next = end < characters.count ? characters[end] : nil
                        let text = Self.text(from: start, to: next, runEnd: run.stringRange.upperBound, textCount: textCount, hidden: hidden)
                        units += text.count
                        spans[count] = Span(glyphs: end - position, text: text)
                    }
                    count += 1
                    position = end
                }
                return count
            }
        }
        return units
    }

    /// Right to left, marks go with their base, and a cluster reads to the next start in the
    /// text, wherever its glyphs are. Returns how many UTF-16 units the clusters read.
    private mutating func spanRightToLeft(_ run: GlyphRun, textCount: Int, hidden: Range<Int>?) -> Int {
        groupGlyphs(of: run)
        sortStarts(of: run)
        var units = 0
        for (index, group) in groups.enumerated() {
            let start = run.clusters[group.lowerBound]
            guard start != GlyphRun.generatedHyphen else {
                spans[index] = Span(glyphs: 1, text: Span.generatedHyphen)
                continue
            }
            let next = firstStart(after: run.clusters[group].max() ?? start)
            let text = Self.text(from: start, to: next, runEnd: run.stringRange.upperBound, textCount: textCount, hidden: hidden)
            units += text.count
            spans[index] = Span(glyphs: group.count, text: text)
        }
        clusterCount = groups.count
        return units
    }

    /// Right to left, splits the run's glyphs into clusters: glyphs of one character together
    /// (never a generated hyphen), and marks with their base.
    private mutating func groupGlyphs(of run: GlyphRun) {
        groups.removeAll(keepingCapacity: true)
        let clusters = run.clusters
        var position = 0
        while position < clusters.count {
            var end = position + 1
            while end < clusters.count, clusters[end] == clusters[position], clusters[end] != GlyphRun.generatedHyphen { end += 1 }
            // A mark follows its base (see LineBuilder) and has a later character: base and
            // marks make one cluster, which readers then keep together.
            if let last = groups.last, clusters[last.lowerBound] != GlyphRun.generatedHyphen,
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

    /// Writes the text of the first `clusterCount` spans, `units` UTF-16 units of `storage` in
    /// all, as UTF-8, and their clusters; the span that ends with the character at `wordBreak`
    /// with a soft hyphen after it.
    private mutating func encode<Unit: FixedWidthInteger & UnsignedInteger>(_ storage: UnsafeBufferPointer<Unit>, units: Int,
                                                                             rightToLeft: Bool, wordBreak: Int?) {
        // At most three bytes a UTF-16 unit (a surrogate pair's four are two units'; an
        // ill-formed unit's U+FFFD three), two a generated hyphen or the soft hyphen after a
        // word broken after.
        let room = 3 * units + 2 * clusterCount
        if bytes.count < room { bytes = Array(repeating: 0, count: room) }
        if clusterBuffer.count < clusterCount { clusterBuffer = Array(repeating: cairo_text_cluster_t(), count: clusterCount) }
        let count = clusterCount
        addedHyphenCluster = nil
        wordBreakCluster = nil
        let wordBreakEnd = wordBreak.map { $0 + 1 } ?? -1
        byteCount = bytes.withUnsafeMutableBufferPointer { bytes in
            clusterBuffer.withUnsafeMutableBufferPointer { clusters in
                spans.withUnsafeBufferPointer { spans in
                    var output = UTF8Output(bytes.baseAddress!)
                    for index in 0 ..< count {
                        let before = output.count
                        let span = spans[index]
                        if span.text == Span.generatedHyphen {
                            // A hyphen added at a line break reads as a soft hyphen, which the
                            // source's word had where it was broken: not as a "-" it never had.
                            for byte in Self.softHyphen { output.append(byte: byte) }
                            addedHyphenCluster = index
                        } else {
                            output.append(UnsafeBufferPointer(rebasing: storage[span.text]), rightToLeft: rightToLeft)
                            if span.text.upperBound == wordBreakEnd {
                                for byte in Self.softHyphen { output.append(byte: byte) }
                                wordBreakCluster = index
                            }
                        }
                        clusters[index] = cairo_text_cluster_t(num_bytes: Int32(output.count - before), num_glyphs: Int32(span.glyphs))
                    }
                    return output.count
                }
            }
        }
    }
}

/// UTF-8 written through a pointer into room made beforehand (three bytes a UTF-16 unit).
private struct UTF8Output {
    private let bytes: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    private static let softHyphen: UInt16 = 0x00AD

    init(_ bytes: UnsafeMutablePointer<UInt8>) {
        self.bytes = bytes
    }

    @inline(__always)
    mutating func append(byte: UInt8) {
        bytes[count] = byte
        count += 1
    }

    /// Appends `characters` as UTF-8, soft hyphens left out: a soft hyphen is a place to break,
    /// not a character to read ("head&shy;line" extracts as "headline", and, broken there, as
    /// "head-" and "line"); its glyph, which draws nothing, keeps a cluster of no text, as Cairo
    /// allows.
    @inline(__always)
    mutating func append<Unit: FixedWidthInteger & UnsignedInteger>(_ characters: UnsafeBufferPointer<Unit>, rightToLeft: Bool) {
        // Most clusters of a Latin text are one ASCII character: its byte, in either direction.
        if characters.count == 1, characters[0] < 0x80 { return append(byte: UInt8(truncatingIfNeeded: characters[0])) }
        // A unit one byte wide or two (TextUnits), read as UTF-16's.
        guard !rightToLeft else { return appendDecoded(Self.withoutSoftHyphens(characters), rightToLeft: true) }
        // Characters of the Basic Multilingual Plane, each one to three bytes: the whole of
        // most text, encoded without a decoder; at a surrogate the cluster starts again
        // through the decoder.
        let start = count
        for character in characters {
            let unit = UInt16(truncatingIfNeeded: character)
            if unit == Self.softHyphen { continue }
            switch unit {
            case 0 ..< 0x80:
                append(byte: UInt8(unit))
            case 0x80 ..< 0x800:
                append(byte: 0xC0 | UInt8(unit >> 6))
                append(byte: 0x80 | UInt8(unit & 0x3F))
            case 0xD800 ... 0xDFFF:
                count = start
                return appendDecoded(Self.withoutSoftHyphens(characters), rightToLeft: false)
            default:
                append(byte: 0xE0 | UInt8(unit >> 12))
                append(byte: 0x80 | UInt8((unit >> 6) & 0x3F))
                append(byte: 0x80 | UInt8(unit & 0x3F))
            }
        }
    }

    /// Appends `characters` through Swift's decoder: surrogate pairs, and anything ill-formed as
    /// U+FFFD. Right to left, a cluster of several characters is given backwards: readers
    /// spread a cluster's characters across its glyphs left to right and then reverse
    /// right-to-left words whole, so a lam-alef ligature or a letter with its vowel marks comes
    /// out in reading order (measured with poppler).
    private static func withoutSoftHyphens<Unit: FixedWidthInteger>(_ characters: UnsafeBufferPointer<Unit>) -> [UInt16] {
        Array(characters.lazy.map { UInt16(truncatingIfNeeded: $0) }.filter { $0 != softHyphen })
    }

    private mutating func appendDecoded(_ characters: [UInt16], rightToLeft: Bool) {
        if rightToLeft, characters.count > 1 {
            for scalar in String(decoding: characters, as: UTF16.self).unicodeScalars.reversed() {
                UTF8.encode(scalar) { append(byte: $0) }
            }
        } else {
            _ = transcode(characters.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) { append(byte: $0) }
        }
    }
}
