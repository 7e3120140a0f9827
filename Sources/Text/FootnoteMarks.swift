/// How footnotes are marked (`<meta footnote-marks="…">`): the text of a note's marker, in
/// the text and before the note, for its number.
public enum FootnoteMarks: String, Hashable, Sendable, CaseIterable {
    /// 1, 2, 3 …
    case arabic = "1"
    /// a, b … z, then aa, ab …, as spreadsheets letter their columns (LaTeX's \alph stops at z).
    case letters = "a"
    /// i, ii, iii, iv …
    case roman = "i"
    /// *, †, ‡, §, then each doubled, tripled …: the marks of a short piece with a few notes
    /// (the Chicago Manual's order, without its rarer ‖ and #).
    case symbols = "*"

    static let symbolOrder = ["*", "\u{2020}", "\u{2021}", "\u{00A7}"]

    /// The mark of note `number` (from 1).
    public func mark(_ number: Int) -> String {
        precondition(number >= 1, "footnotes are numbered from 1")
        switch self {
        case .arabic: return String(number)
        case .letters: return Self.letters(number)
        case .roman: return Self.roman(number)
        case .symbols:
            let symbol = Self.symbolOrder[(number - 1) % Self.symbolOrder.count]
            return String(repeating: symbol, count: (number - 1) / Self.symbolOrder.count + 1)
        }
    }

    /// Bijective base 26: 1 a, 26 z, 27 aa.
    private static func letters(_ number: Int) -> String {
        var remaining = number, letters: [Character] = []
        while remaining > 0 {
            remaining -= 1
            letters.append(Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(remaining % 26))))
            remaining /= 26
        }
        return String(letters.reversed())
    }

    private static let romanDigits: [(value: Int, digits: String)] = [
        (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
        (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
    ]

    private static func roman(_ number: Int) -> String {
        var remaining = number, result = ""
        for (value, digits) in romanDigits {
            while remaining >= value {
                result += digits
                remaining -= value
            }
        }
        return result
    }
}

/// Where a footnote's count starts again (`<meta footnote-numbering="…">`).
public enum FootnoteNumbering: String, Hashable, Sendable, CaseIterable {
    /// Through the whole document.
    case document
    /// From 1 in each `<section>`.
    case section
    /// From 1 on each page, as LaTeX's `perpage` and InDesign's "Restart Numbering Every Page"
    /// number them: the mark depends on the marker's page, found by laying the text out, so
    /// the numbers settle as page references do (`ReferenceSettling`).
    case page

    /// The number of each note whose marker is on `pages[i]` (in text order), counting from 1
    /// again where the page changes.
    public static func restartingOnEachPage(_ pages: [Int]) -> [Int] {
        var numbers: [Int] = []
        numbers.reserveCapacity(pages.count)
        for (index, page) in pages.enumerated() {
            numbers.append(index > 0 && pages[index - 1] == page ? numbers[index - 1] + 1 : 1)
        }
        return numbers
    }
}

/// Where notes are set (`<meta footnote-placement="…">`).
public enum FootnotePlacement: String, Hashable, Sendable, CaseIterable {
    /// At the foot of the column whose line holds the marker: a magazine's column notes.
    case column
    /// Across the page's whole text width, below all its columns: a book's or a news
    /// magazine's notes, as LaTeX's multicol sets them.
    case page

    /// The most of a column's height its notes take unless `<meta footnote-max-height>` says
    /// otherwise, as TeX's `\dimen\footins` caps a page's: the rest goes on at the next
    /// column's foot, and half a column is left to the text the notes belong to.
    public static let defaultMaxShare = 0.5
}
