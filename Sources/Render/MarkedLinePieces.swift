import Layout

/// A line's runs cut into the pieces its tagged content is marked in: adjacent runs (in
/// visual order) of one link and one language make one piece, so that a line of plain text
/// is one marked-content sequence however many styles it mixes; a picture in the line is a
/// piece of its own.
struct MarkedLinePieces: Sequence {
    struct Piece {
        /// Indices into the line's runs.
        var runs: Range<Int>
    }

    private let line: Line

    init(_ line: Line) {
        self.line = line
    }

    func makeIterator() -> AnyIterator<Piece> {
        let runs = line.runs
        var start = runs.startIndex
        return AnyIterator {
            guard start < runs.endIndex else { return nil }
            var end = start + 1
            if runs[start].image == nil {
                while end < runs.endIndex, runs[end].image == nil,
                      runs[end].attributes.link == runs[start].attributes.link,
                      runs[end].attributes.language == runs[start].attributes.language {
                    end += 1
                }
            }
            defer { start = end }
            return Piece(runs: start ..< end)
        }
    }
}
