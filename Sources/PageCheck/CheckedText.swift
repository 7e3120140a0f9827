import Layout
import Render
import Text

/// The document's text as the checks read it: what a drawn glyph shows, quoted in messages,
/// and which characters print (white space and format characters draw no ink).
struct CheckedText {
    let text: AttributedText
    /// For each character, how many white-space characters come before it: two characters are
    /// in one word when these are equal.
    private let wordNumbers: [Int32]

    init(text: AttributedText) {
        self.text = text
        var numbers = [Int32](repeating: 0, count: text.length)
        var spaces: Int32 = 0
        for offset in 0 ..< text.length {
            numbers[offset] = spaces
            if Self.separatesWords(text.storage[offset]) { spaces += 1 }
        }
        wordNumbers = numbers
    }

    /// Whether the characters at `a` and `b` belong to different words.
    func inDifferentWords(_ a: Int, _ b: Int) -> Bool { wordNumbers[a] != wordNumbers[b] }

    private static func separatesWords(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09, 0x0A, 0x0D, 0x20, 0xA0, 0x2028, 0x2029, 0x3000, 0x2000 ... 0x200B: return true
        default: return false
        }
    }

    /// "'x' (character 123)"; a hyphen added at a break or a running head's glyph says so.
    func quoted(_ glyph: DrawnPage.Glyph, on page: DrawnPage) -> String {
        guard let character = page.documentCharacter(of: glyph) else {
            return glyph.character < 0 ? "'-' (a hyphen at a break)" : "of a running head"
        }
        return "'\(text.substring(character ..< character + 1))' (character \(character))"
    }

    func place(of offset: Int) -> String { "character \(offset)" }

    /// The first character of the paragraph `line` shows (for a box's line, its first paragraph).
    func paragraphStart(of line: DrawnPage.Line) -> Int {
        text.paragraphRange(containing: min(line.stringRange.lowerBound, max(0, text.length - 1))).lowerBound
    }

    /// The kept block `line` is of (`<keep>`, `keep-together`, a heading's lines); nil: none.
    func keptBlock(of line: DrawnPage.Line) -> KeptBlock? {
        let start = paragraphStart(of: line)
        return KeptBlock(text.paragraphStyle(at: start), paragraphStart: start)
    }

    /// Whether the character at `offset` prints: not white space, a control or a format
    /// character (a soft hyphen, a joiner), nor a picture's placeholder (pictures are checked
    /// as pictures).
    func prints(_ offset: Int) -> Bool {
        let unit = text.storage[offset]
        if unit == 0xFFFC { return false }
        guard let scalar = Unicode.Scalar(unit) else { return true }   // half of a surrogate pair
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format: return false
        default: return true
        }
    }
}

extension DrawnPage {
    /// Its lines by the area they were drawn in, each area's in drawing order.
    var linesByArea: [Int: [Line]] {
        var byArea: [Int: [Line]] = [:]
        for line in lines { byArea[line.area, default: []].append(line) }
        return byArea
    }

    /// The document character `glyph` shows; nil for a hyphen added at a break and for a
    /// running head's glyph, whose characters index the heads' own text.
    func documentCharacter(of glyph: Glyph) -> Int? {
        guard glyph.character >= 0, areas[lines[glyph.line].area].kind != .runningHead else { return nil }
        return glyph.character
    }
}

extension CheckedText {
    /// Whether the glyph of `character` may hang into the margin (`AttributedText.mayHang`).
    func hangs(_ character: Int, line: DrawnPage.Line) -> Bool {
        text.mayHang(character, lineEnd: line.stringRange.upperBound)
    }
}
