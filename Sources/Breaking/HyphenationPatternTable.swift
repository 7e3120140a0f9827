/// One level of Liang's hyphenation patterns (`a1b`, `.ex3am`, …) in a few flat arrays: the
/// patterns' letters one after another, and the order that sorts them. A sorted list is its own
/// trie: the patterns that begin with some letters are one range of it, narrowed by a binary
/// search per letter, so the table needs no node per prefix (German's 69,000 patterns have
/// 280,000 prefixes) and is built by one sort.
struct HyphenationPatternTable: Sendable {
    /// Every pattern's letters (bytes of the dictionary's encoding), in file order.
    private var letters: [UInt8] = []
    /// Where each pattern's letters begin in `letters`; one more entry marks the end.
    private var letterStarts: [UInt32] = [0]
    /// The pattern's digits other than 0, each as its distance back from the slot after the
    /// last letter (`distance << 4 | digit`): where a digit lands depends only on where the
    /// pattern ends.
    private var digits: [UInt16] = []
    private var digitStarts: [UInt32] = [0]
    /// Patterns in byte order of their letters; of two with the same letters only the later
    /// in the file, which replaces the earlier as in libhyphen.
    private var sorted: [UInt32] = []
    /// Where the patterns beginning with each byte begin in `sorted`; one more entry marks the
    /// end: a walk's first step, the widest, needs no search.
    private var firstLetterStarts = [UInt32](repeating: 0, count: 257)
    /// The same for the second letter, within the patterns that begin with each byte: for a
    /// byte that begins some pattern, `secondLetterRows[byte]` is 1 + its row of 257 entries in
    /// `secondLetterStarts` (0: no row), each where, in `sorted`, the patterns whose second
    /// letter is that byte or more begin (those of one letter come first). A walk's second
    /// step, the next widest, needs no search either.
    private var secondLetterRows = [UInt32](repeating: 0, count: 256)
    private var secondLetterStarts: [UInt32] = []

    /// The table's arrays as they are, to be stored and read back without parsing or sorting
    /// again (HyphenationTableCache).
    struct StoredForm {
        var letters: [UInt8]
        var letterStarts: [UInt32]
        var digits: [UInt16]
        var digitStarts: [UInt32]
        var sorted: [UInt32]
        var firstLetterStarts: [UInt32]
        var secondLetterRows: [UInt32]
        var secondLetterStarts: [UInt32]
    }

    init() {}

    /// A finished table's arrays.
    var storedForm: StoredForm {
        StoredForm(letters: letters, letterStarts: letterStarts, digits: digits, digitStarts: digitStarts,
                   sorted: sorted, firstLetterStarts: firstLetterStarts,
                   secondLetterRows: secondLetterRows, secondLetterStarts: secondLetterStarts)
    }

    /// The table of stored arrays, or nil when they do not fit together: every index they hold
    /// is checked against the array it points into, so that no stored bytes can make a look-up
    /// read out of bounds.
    init?(storedForm stored: StoredForm) {
        let patternCount = stored.letterStarts.count - 1
        guard patternCount >= 0, stored.digitStarts.count == stored.letterStarts.count,
              Self.rise(stored.letterStarts, to: stored.letters.count),
              Self.rise(stored.digitStarts, to: stored.digits.count),
              stored.sorted.count <= patternCount, stored.sorted.allSatisfy({ Int($0) < patternCount }),
              stored.firstLetterStarts.count == 257, Self.rise(stored.firstLetterStarts, to: stored.sorted.count),
              stored.secondLetterRows.count == 256, stored.secondLetterStarts.count % 257 == 0,
              stored.secondLetterRows.allSatisfy({ Int($0) <= stored.secondLetterStarts.count / 257 }),
              stored.secondLetterStarts.allSatisfy({ Int($0) <= stored.sorted.count })
        else { return nil }
        letters = stored.letters
        letterStarts = stored.letterStarts
        digits = stored.digits
        digitStarts = stored.digitStarts
        sorted = stored.sorted
        firstLetterStarts = stored.firstLetterStarts
        secondLetterRows = stored.secondLetterRows
        secondLetterStarts = stored.secondLetterStarts
    }

    /// Whether `starts` begins at 0, never falls and ends at `end`.
    private static func rise(_ starts: [UInt32], to end: Int) -> Bool {
        guard starts.first == 0, let last = starts.last, Int(last) == end else { return false }
        return zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// Room for the patterns of `byteCount` bytes of file, so that reading them never copies
    /// what it has read. Room never written takes no memory.
    mutating func reserve(forFileBytes byteCount: Int) {
        letters.reserveCapacity(byteCount)
        digits.reserveCapacity(byteCount)
        letterStarts.reserveCapacity(byteCount / 2)
        digitStarts.reserveCapacity(byteCount / 2)
    }

    /// Adds a pattern: its letters, and the digit (0 ... 9) of each slot, `letters.count + 1`
    /// of them (before the first letter … after the last). Call `finish()` after the last.
    mutating func append(letters newLetters: [UInt8], slots: [UInt8]) {
        letters.append(contentsOf: newLetters)
        letterStarts.append(UInt32(letters.count))
        let slotCount = newLetters.count + 1
        for (slot, digit) in slots.enumerated() where digit != 0 {
            digits.append(UInt16(slotCount - slot) << 4 | UInt16(digit))
        }
        digitStarts.append(UInt32(digits.count))
    }

    /// Adds the pattern a line spells (`.ex3am`): letters up to the first space or control
    /// byte, a digit before a letter its slot's (the last of several). Reads in place: a file
    /// has tens of thousands of these.
    mutating func append(line: UnsafeBufferPointer<UInt8>) {
        let firstDigit = digits.count
        var slot = 0
        for byte in line {
            guard byte > UInt8(ascii: " ") else { break }
            if byte &- UInt8(ascii: "0") <= 9 {
                // Two digits before one letter: the later replaces the earlier.
                if digits.count > firstDigit, Int(digits[digits.count - 1] >> 4) == slot { digits.removeLast() }
                if byte != UInt8(ascii: "0") { digits.append(UInt16(slot) << 4 | UInt16(byte &- UInt8(ascii: "0"))) }
            } else {
                letters.append(byte)
                slot += 1
            }
        }
        // A pattern without letters would belong to the automaton's start, which never applies its own.
        guard slot > 0 else {
            digits.removeSubrange(firstDigit...)
            return
        }
        letterStarts.append(UInt32(letters.count))
        // Slots are counted back from the end, now that the end is known.
        for index in firstDigit ..< digits.count {
            digits[index] = UInt16(slot + 1 - Int(digits[index] >> 4)) << 4 | digits[index] & 0xF
        }
        digitStarts.append(UInt32(digits.count))
    }

    /// Sorts the patterns and drops the ones a later duplicate replaces.
    mutating func finish() {
        let patternCount = letterStarts.count - 1
        var order = (0 ..< patternCount).map(UInt32.init)
        letters.withUnsafeBufferPointer { bytes in
            letterStarts.withUnsafeBufferPointer { starts in
                order.sort { a, b in
                    let comparison = Self.compare(bytes, starts, Int(a), Int(b))
                    return comparison != 0 ? comparison < 0 : a < b
                }
                // Equal letters are now adjacent, in file order: keep the last of each run.
                var kept: [UInt32] = []
                kept.reserveCapacity(order.count)
                for (index, pattern) in order.enumerated() {
                    if index + 1 < order.count, Self.compare(bytes, starts, Int(pattern), Int(order[index + 1])) == 0 { continue }
                    kept.append(pattern)
                }
                order = kept
            }
        }
        sorted = order
        indexFirstLetters()
        indexSecondLetters()
    }

    /// `firstLetterStarts` from the sorted patterns, each of which has a first letter: a search
    /// per letter that begins some pattern (a few dozen), cheaper than reading every pattern.
    private mutating func indexFirstLetters() {
        var low = 0
        var byte = 0
        while low < sorted.count {
            let letter = Int(letters[Int(letterStarts[Int(sorted[low])])])
            while byte <= letter {
                firstLetterStarts[byte] = UInt32(low)
                byte += 1
            }
            low = boundary(low, sorted.count, depth: 0) { $0 > letter }
        }
        for byte in byte ... 256 { firstLetterStarts[byte] = UInt32(sorted.count) }
    }

    /// `secondLetterStarts` from the sorted patterns: one pass over each first letter's range.
    private mutating func indexSecondLetters() {
        for first in 0 ..< 256 {
            let low = Int(firstLetterStarts[first]), high = Int(firstLetterStarts[first + 1])
            guard low < high else { continue }
            secondLetterRows[first] = UInt32(secondLetterStarts.count / 257 + 1)
            var byte = 0
            for index in low ..< high {
                let second = letter(of: Int(sorted[index]), at: 1)
                while byte <= second {
                    secondLetterStarts.append(UInt32(index))
                    byte += 1
                }
            }
            while byte <= 256 {
                secondLetterStarts.append(UInt32(high))
                byte += 1
            }
        }
    }

    /// The letter of `pattern` at `depth`, -1 where the pattern is no longer.
    @inline(__always)
    private func letter(of pattern: Int, at depth: Int) -> Int {
        let position = Int(letterStarts[pattern]) + depth
        return position < Int(letterStarts[pattern + 1]) ? Int(letters[position]) : -1
    }

    private static func compare(_ bytes: UnsafeBufferPointer<UInt8>, _ starts: UnsafeBufferPointer<UInt32>, _ a: Int, _ b: Int) -> Int {
        let aStart = Int(starts[a]), aEnd = Int(starts[a + 1])
        let bStart = Int(starts[b]), bEnd = Int(starts[b + 1])
        let common = min(aEnd - aStart, bEnd - bStart)
        for offset in 0 ..< common where bytes[aStart + offset] != bytes[bStart + offset] {
            return bytes[aStart + offset] < bytes[bStart + offset] ? -1 : 1
        }
        return (aEnd - aStart) - (bEnd - bStart)
    }

    /// Raises `values` (one per byte of `text` and one more: `values[k]` is the break after byte
    /// `k`, as in libhyphen) by the patterns found in `text`, as libhyphen's automaton finds them:
    /// after each byte only the longest run of bytes ending there that begins some pattern counts,
    /// and only if it is a whole pattern. (A shorter pattern ending at the same byte is not
    /// applied: the files are made for this, each pattern carrying the digits of those inside it.)
    ///
    /// One walk per start serves: the longest run ending at a byte begins at the first start
    /// whose walk reaches it, so a walk applies its patterns only past where earlier walks reached.
    func apply(to text: [UInt8], values: inout [UInt8]) {
        guard !sorted.isEmpty, !text.isEmpty else { return }
        var covered = 0
        text.withUnsafeBufferPointer { text in
            for start in text.indices {
                let matched = walk(text, from: start) { position, pattern in
                    if position >= covered { raise(&values, by: pattern, endingAt: position) }
                }
                covered = max(covered, start + matched)
            }
        }
    }

    /// Whether some pattern begins with a byte of `text`; when none does, `apply` raises nothing.
    func mayBeginIn(_ text: [UInt8]) -> Bool {
        text.contains { firstLetterStarts[Int($0)] < firstLetterStarts[Int($0) + 1] }
    }

    /// Walks the sorted patterns along `text` from `start`, calling `visit` at each byte where
    /// a pattern is exactly `text[start ... position]`. Returns how many bytes matched the
    /// beginning of some pattern.
    @inline(__always)
    private func walk(_ text: UnsafeBufferPointer<UInt8>, from start: Int, _ visit: (Int, Int) -> Void) -> Int {
        // The first letter's range is looked up, not searched for.
        let first = Int(text[start])
        var low = Int(firstLetterStarts[first])
        var high = Int(firstLetterStarts[first + 1])
        var depth = 0
        while low < high {
            depth += 1
            let pattern = Int(sorted[low])
            if Int(letterStarts[pattern + 1] - letterStarts[pattern]) == depth { visit(start + depth - 1, pattern) }
            guard start + depth < text.count else { break }
            let byte = Int(text[start + depth])
            if depth == 1, secondLetterRows[first] > 0 {
                let row = Int(secondLetterRows[first] - 1) * 257
                low = Int(secondLetterStarts[row + byte])
                high = Int(secondLetterStarts[row + byte + 1])
                continue
            }
            // In [low, high) every pattern shares `depth` letters; order them by the next one
            // (a pattern with no next letter first).
            low = boundary(low, high, depth: depth) { $0 >= byte }
            high = boundary(low, high, depth: depth) { $0 > byte }
        }
        return depth
    }

    /// The first index in [low, high) whose letter at `depth` (-1 where the pattern is no longer)
    /// satisfies `isPast`, which must be false then true along the range.
    private func boundary(_ low: Int, _ high: Int, depth: Int, _ isPast: (Int) -> Bool) -> Int {
        var low = low
        var high = high
        while low < high {
            let middle = (low + high) / 2
            if isPast(letter(of: Int(sorted[middle]), at: depth)) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private func raise(_ values: inout [UInt8], by pattern: Int, endingAt position: Int) {
        for index in Int(digitStarts[pattern]) ..< Int(digitStarts[pattern + 1]) {
            let slot = position + 1 - Int(digits[index] >> 4)
            let digit = UInt8(digits[index] & 0xF)
            if slot >= 0, slot < values.count, values[slot] < digit { values[slot] = digit }
        }
    }
}
