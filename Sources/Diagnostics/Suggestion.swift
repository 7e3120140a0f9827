/// "Did you mean …?" for a misspelt tag, attribute, colour, style or font family name.
public enum Suggestion {
    /// The candidate nearest to `word` (ignoring case and hyphens) when it is near enough to
    /// be a likely typo: at most one edit in four letters, and never more than two.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let key = normalized(word)
        guard key.count <= 40 else { return nil }   // no name is that long, and the cost grows with it
        let allowed = min(2, max(1, key.count / 4))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let other = normalized(candidate)
            // Edits are at least the difference in length: most candidates need no table.
            guard abs(other.count - key.count) <= allowed else { continue }
            let distance = editDistance(key, other)
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// " (did you mean 'x'?)", or nothing.
    public static func hint(for word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Up to `limit` candidates nearest to `word`, nearest first, for a name users give
    /// from memory (a font family): those that begin with it or it with them (`Liberation`,
    /// `Helvetica Neue` for `Helvetica`), then those within one edit in three letters.
    public static func nearest(to word: String, among candidates: [String], limit: Int) -> [String] {
        let key = normalized(word)
        guard !key.isEmpty, key.count <= 60 else { return [] }
        let allowed = max(2, key.count / 3)
        var ranked: [(candidate: String, rank: Int)] = []
        for candidate in candidates {
            let other = normalized(candidate)
            guard !other.isEmpty else { continue }
            if other.starts(with: key) || key.starts(with: other) {
                ranked.append((candidate, 0))
            } else if abs(other.count - key.count) <= allowed {
                let distance = editDistance(key, other)
                if distance <= allowed { ranked.append((candidate, distance)) }
            }
        }
        return ranked.sorted { ($0.rank, $0.candidate.count) < ($1.rank, $1.candidate.count) }.prefix(limit).map(\.candidate)
    }

    /// Lower case, without the hyphens, underscores and spaces people write differently.
    private static func normalized(_ word: String) -> [Character] {
        Array(word.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
    }

    /// Edits between two words, where swapping two neighbouring letters counts as one, the
    /// commonest slip of the fingers (`pgae` for `page`): Levenshtein distance with
    /// transpositions (optimal string alignment), two rows kept.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious: [Int] = []
        var previous = Array(0 ... b.count)
        for i in 1 ... a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1 ... b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
