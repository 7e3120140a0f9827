import Foundation

/// Makes a failing document small while it still fails the same way: delta debugging
/// (Zeller and Hildebrandt, "Simplifying and isolating failure-inducing input", 2002) over its
/// lines, then, line by line, over its tags, its attributes and its words, then its options
/// simplified one at a time. A candidate counts only when `stillFails` says it does — the
/// caller's test is "a finding of the same kind", so the shrunk document shows the fault it
/// was kept for, not another.
///
/// Each step keeps the smaller document and goes on from it; the passes are repeated until
/// none removes anything, or `budget` candidates have been tried (each costs a layout).
public struct Shrinker {
    public var stillFails: (FuzzDocument) -> Bool
    public var budget: Int
    public private(set) var tries = 0

    public init(budget: Int = 500, stillFails: @escaping (FuzzDocument) -> Bool) {
        self.budget = budget
        self.stillFails = stillFails
    }

    /// The smallest document found that still fails.
    public mutating func shrink(_ document: FuzzDocument) -> FuzzDocument {
        var current = document
        var changed = true
        while changed && tries < budget {
            changed = false
            if let smaller = ddmin(current.lines, removable: Array(current.lines.indices), rebuild: {
                FuzzDocument(lines: $0, options: current.options)
            }) {
                current = smaller
                changed = true
            }
            for index in current.lines.indices.reversed() where index < current.lines.count && tries < budget {
                for split in [Self.tags, Self.attributes, Self.words] {
                    let (pieces, removable) = split(current.lines[index])
                    guard !removable.isEmpty else { continue }
                    let rebuilt = { (kept: [String]) -> FuzzDocument in
                        var document = current
                        document.lines[index] = kept.joined()
                        return document
                    }
                    if let smaller = ddmin(pieces, removable: removable, rebuild: rebuilt) {
                        current = smaller
                        changed = true
                    }
                }
            }
            for simpler in Self.simplerOptions(current.options) where tries < budget {
                var candidate = current
                candidate.options = simpler
                if test(candidate) {
                    current = candidate
                    changed = true
                }
            }
        }
        return current
    }

    private mutating func test(_ document: FuzzDocument) -> Bool {
        tries += 1
        return stillFails(document)
    }

    /// Delta debugging's ddmin over the `removable` ones of `items` (the others stay): a
    /// document rebuilt from fewer of them that still fails, or nil when no subset tried does.
    /// Removing a chunk is tried at halves, then quarters, down to single items.
    private mutating func ddmin(_ items: [String], removable: [Int], rebuild: ([String]) -> FuzzDocument) -> FuzzDocument? {
        var left = removable
        var gone = Set<Int>()
        var found: FuzzDocument?
        var granularity = 2
        while !left.isEmpty && tries < budget {
            let chunk = max(1, Int((Double(left.count) / Double(granularity)).rounded(.up)))
            var removedOne = false
            var start = 0
            while start < left.count && tries < budget {
                let removing = Set(left[start ..< min(left.count, start + chunk)])
                let kept = items.indices.filter { !gone.contains($0) && !removing.contains($0) }.map { items[$0] }
                let candidate = rebuild(kept)
                if !kept.isEmpty, test(candidate) {
                    gone.formUnion(removing)
                    left.removeSubrange(start ..< min(left.count, start + chunk))
                    found = candidate
                    removedOne = true
                    granularity = max(granularity - 1, 2)
                } else {
                    start += chunk
                }
            }
            if !removedOne {
                if chunk == 1 { break }
                granularity = min(left.count, granularity * 2)
            }
        }
        return found
    }

    // MARK: How a line is cut into pieces that may go

    /// The line cut into tags and the text between them, the tags removable: a tag removed
    /// alone (an `<i>` without its `</i>`) is at worst a warning, never an error.
    public static func tags(_ line: String) -> (pieces: [String], removable: [Int]) {
        split(line, pattern: #"<[^<>]*>"#)
    }

    /// The line cut at each attribute of its tags, the attributes removable.
    public static func attributes(_ line: String) -> (pieces: [String], removable: [Int]) {
        split(line, pattern: #" [A-Za-z-]+=("[^"]*"|'[^']*'|[^ >]+)"#)
    }

    /// The line's words removable, each with the space before it (and a space left over);
    /// tags stay whole.
    public static func words(_ line: String) -> (pieces: [String], removable: [Int]) {
        let (pieces, _) = split(line, pattern: #"<[^<>]*>"#)
        var words: [String] = []
        var removable: [Int] = []
        for piece in pieces {
            if piece.hasPrefix("<") && piece.hasSuffix(">") {
                words.append(piece)
                continue
            }
            for word in split(piece, pattern: #"\s*[^\s]+"#).pieces {
                removable.append(words.count)
                words.append(word)
            }
        }
        return (words, removable)
    }

    /// `line` cut into the matches of `pattern` (the removable pieces) and the stretches
    /// between them, in order; joined again they give `line`.
    public static func split(_ line: String, pattern: String) -> (pieces: [String], removable: [Int]) {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return ([line], []) }
        let text = line as NSString
        var pieces: [String] = []
        var removable: [Int] = []
        var position = 0
        for match in expression.matches(in: line, range: NSRange(location: 0, length: text.length)) {
            if match.range.location > position {
                pieces.append(text.substring(with: NSRange(location: position, length: match.range.location - position)))
            }
            removable.append(pieces.count)
            pieces.append(text.substring(with: match.range))
            position = match.range.location + match.range.length
        }
        if position < text.length { pieces.append(text.substring(from: position)) }
        return (pieces, removable)
    }

    /// The options, each made plainer in one way: no grid, no bleed, fewer columns, the
    /// default size of text.
    static func simplerOptions(_ options: FuzzOptions) -> [FuzzOptions] {
        var simpler: [FuzzOptions] = []
        if options.baselineGrid != nil { var plain = options; plain.baselineGrid = nil; simpler.append(plain) }
        if options.bleed > 0 { var plain = options; plain.bleed = 0; simpler.append(plain) }
        if options.columns > 1 { var plain = options; plain.columns = 1; simpler.append(plain) }
        if options.fontSize != 11 { var plain = options; plain.fontSize = 11; simpler.append(plain) }
        return simpler
    }
}
