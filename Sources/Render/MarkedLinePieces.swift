import Layout

/// A line's runs cut into the pieces its tagged content is marked in: adjacent runs (in
/// reading order, `Line.inReadingOrder`) of one link (a footnote's too, `FootnoteLinks`) and
/// one language make one piece, so that
/// a line of plain text is one marked-content sequence however many styles it mixes; a
/// picture in the line is a piece of its own.
struct MarkedLinePieces: Sequence {
    struct Piece {
        /// Indices into the line's runs.
        var runs: Range<Int>
    }

    private let runs: [GlyphRun]
    /// Where a list item's marker ends: runs before and after it are never one piece.
    private let labelEnd: Int?
    private let footnotes: FootnoteLinks?

    init(_ line: Line, labelEnd: Int? = nil, footnotes: FootnoteLinks? = nil) {
        runs = line.runs
        self.labelEnd = labelEnd
        self.footnotes = footnotes
    }

    func makeIterator() -> Iterator {
        Iterator(runs: runs, labelEnd: labelEnd, footnotes: footnotes)
    }

    /// The pieces from left to right: a plain iterator, which drawing a line makes once.
    struct Iterator: IteratorProtocol {
        fileprivate let runs: [GlyphRun]
        fileprivate let labelEnd: Int?
        fileprivate let footnotes: FootnoteLinks?
        private var start = 0

        fileprivate init(runs: [GlyphRun], labelEnd: Int?, footnotes: FootnoteLinks?) {
            self.runs = runs
            self.labelEnd = labelEnd
            self.footnotes = footnotes
        }

        private func link(of run: GlyphRun) -> String? {
            footnotes?.link(of: run) ?? run.attributes.link
        }

        private func isLabel(_ run: GlyphRun) -> Bool {
            labelEnd.map { run.stringRange.lowerBound < $0 } ?? false
        }

        mutating func next() -> Piece? {
            guard start < runs.endIndex else { return nil }
            var end = start + 1
            if runs[start].image == nil {
                while end < runs.endIndex, runs[end].image == nil,
                      link(of: runs[end]) == link(of: runs[start]),
                      runs[end].attributes.language == runs[start].attributes.language,
                      isLabel(runs[end]) == isLabel(runs[start]) {
                    end += 1
                }
            }
            defer { start = end }
            return Piece(runs: start ..< end)
        }
    }
}

extension Line {
    /// The line with its runs in reading order, the text's, rather than from left to right: a
    /// line with right-to-left runs holds them in visual order (an Arabic line's first words on
    /// its right, a Latin name or a number in it left to right), which a reader that reads the
    /// content in order reads from its last run. Each run keeps its glyphs, left to right, and
    /// their places: pdfium (Chrome) and Acrobat put a right-to-left run's visual order back
    /// in reading order themselves, as they do for every PDF producer's (docs/pipeline.md).
    var inReadingOrder: Line {
        guard runs.contains(where: \.isRightToLeft) else { return self }
        var line = self
        line.runs = runs.enumerated().sorted { a, b in
            (a.element.stringRange.lowerBound, a.offset) < (b.element.stringRange.lowerBound, b.offset)
        }.map(\.element)
        return line
    }

    /// The line with the run that holds both a list item's marker and the start of its text
    /// cut in two at `labelEnd`, so that the label can be marked alone. A right-to-left run
    /// is left whole (its label is then read with its text).
    func cuttingRuns(at labelEnd: Int) -> Line {
        guard let index = runs.firstIndex(where: { $0.stringRange.lowerBound < labelEnd && labelEnd < $0.stringRange.upperBound }),
              !runs[index].isRightToLeft, runs[index].runDelegate == nil else { return self }
        let run = runs[index]
        guard let cut = run.clusters.firstIndex(where: { $0 >= labelEnd }), cut > 0 else { return self }
        var label = run, body = run
        label.glyphIDs = Array(run.glyphIDs[..<cut])
        label.positions = Array(run.positions[..<cut])
        label.advances = Array(run.advances[..<cut])
        label.clusters = Array(run.clusters[..<cut])
        label.stringRange = run.stringRange.lowerBound ..< labelEnd
        label.width = run.positions[cut].x - run.x
        body.glyphIDs = Array(run.glyphIDs[cut...])
        body.positions = Array(run.positions[cut...])
        body.advances = Array(run.advances[cut...])
        body.clusters = Array(run.clusters[cut...])
        body.stringRange = labelEnd ..< run.stringRange.upperBound
        body.x = run.positions[cut].x
        body.width = run.width - label.width
        var line = self
        line.runs.replaceSubrange(index ... index, with: [label, body])
        return line
    }
}
