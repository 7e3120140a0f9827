/// The one-byte codes of the simple fonts (ISO 32000-1, 9.6) a TrueType face is written in by
/// the text layer, as pdfTeX and Cairo write theirs: a code stands for a (glyph, text) pair, not
/// for a glyph, so that a reader that knows nothing but the ToUnicode map — MuPDF, pypdf and
/// pdfminer.six ignore `/ActualText` — still reads each glyph as the text it was drawn for: a
/// hyphen added at a line break as a soft hyphen, a narrow no-break space drawn with the space's
/// glyph as U+202F. A font holds 254 pairs besides its word space; the face's pairs past them
/// open another font (`fonts`), written under a resource of its own.
///
/// Code 32 of every font is the word space (the glyph of U+0020 read as a space): the one code
/// a PDF's word spacing (`Tw`, 9.3.3) applies to, so that a justified line says its word
/// spaces' stretch once. A one-character text takes its WinAnsiEncoding byte when that byte is
/// free (`WinAnsiBytes`): "(Hello)" in the content stream, which deflates as text does, and a
/// code that does not depend on the order the pages meet the pairs in — a reflow that draws an
/// added hyphen before the first no-break space leaves every later page's codes alike. Other
/// pairs (a ligature, an alternate, a text WinAnsi lacks) take the free bytes no character has
/// first (code page 1252's five unassigned, then the control bytes), then the rest, in the
/// order met. Code 0 is left out: some readers end a string there.
final class SimpleFontCodes {
    /// A code: which of the face's fonts, and its byte there.
    struct Code: Equatable {
        var font: Int
        var byte: UInt8
    }

    /// What a code stands for: a glyph read as `text` (UTF-8); nil is the glyph's own text
    /// (`EmbeddedFontGlyphs.text(of:)`), known only when the fonts are embedded.
    /// `isLaterPiece`: a piece of a glyph's text after its first (`ToUnicodePieces`), a code
    /// `ToUnicodePieces.laterPieceWidth` wide rather than its glyph's width.
    struct Pair: Hashable {
        var glyph: UInt32
        var text: [UInt8]?
        var isLaterPiece = false
    }

    /// A code's entry in its font: its byte, the glyph it draws, the text it reads as (nil:
    /// the glyph's own), and whether it is a later piece of a text (`Pair.isLaterPiece`).
    typealias Entry = (code: UInt16, glyph: UInt32, text: [UInt8]?, isLaterPiece: Bool)

    static let wordSpaceByte: UInt8 = 32
    /// The word space's code: code 32 of whichever of the face's fonts is in use.
    static let wordSpaceCode = Code(font: -1, byte: wordSpaceByte)

    /// The glyph of U+0020, which code 32 of every font is; nil when the face has none.
    let wordSpace: UInt32?
    /// Per font, its 256 codes' pairs (nil: a code not given).
    private(set) var fonts: [[Pair?]] = []
    /// Per font, how far along `otherBytes` its next free byte is looked for.
    private var cursors: [Int] = []

    /// The bytes given to pairs that do not take their own WinAnsi byte, in the order given:
    /// those no character has before those a character may want later.
    private static let otherBytes: [UInt8] = WinAnsiBytes.unassigned + Array(1 ... 31) + [127]
        + Array(128 ... 255).filter { !WinAnsiBytes.unassigned.contains($0) } + Array(33 ... 126)

    /// Font 0 is opened at once: the word space's code is in every font, the first included.
    init(wordSpace: UInt32?) {
        self.wordSpace = wordSpace
        openFont()
    }

    /// A new code for `pair`, read as `text`, in the last font when it has a free byte, else in
    /// a new one.
    func give(_ pair: Pair, readAs text: [UInt8]?) -> Code {
        if !hasFreeByte(fonts.count - 1) { openFont() }
        let font = fonts.count - 1
        let byte = text.flatMap(WinAnsiBytes.byte).flatMap { fonts[font][Int($0)] == nil ? $0 : nil } ?? nextFreeByte(font)
        fonts[font][Int(byte)] = pair
        return Code(font: font, byte: byte)
    }

    /// The codes given in font `font`, in increasing order.
    func codes(ofFont font: Int) -> [Entry] {
        fonts[font].enumerated().compactMap { byte, pair in pair.map { (UInt16(byte), $0.glyph, $0.text, $0.isLaterPiece) } }
    }

    /// A font with code 32 given to the word space, as every font has it.
    private func openFont() {
        var codes = [Pair?](repeating: nil, count: 256)
        if let wordSpace { codes[Int(Self.wordSpaceByte)] = Pair(glyph: wordSpace, text: [Self.wordSpaceByte]) }
        fonts.append(codes)
        cursors.append(0)
    }

    private func hasFreeByte(_ font: Int) -> Bool {
        cursors[font] < Self.otherBytes.count && Self.otherBytes[cursors[font]...].contains { fonts[font][Int($0)] == nil }
    }

    private func nextFreeByte(_ font: Int) -> UInt8 {
        while fonts[font][Int(Self.otherBytes[cursors[font]])] != nil { cursors[font] += 1 }
        return Self.otherBytes[cursors[font]]
    }
}
