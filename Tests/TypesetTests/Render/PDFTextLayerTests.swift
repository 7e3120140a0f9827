import Foundation
import TypesetKit
import XCTest

/// The PDF's text as typeset writes it (`PDFTextLayer`): every glyph where layout put it, for
/// poppler and for MuPDF, a justified line's letter and word spacing said once (`Tc`, `Tw`)
/// rather than as a number after every glyph or word, the text read back as it was written,
/// and Cairo left with no text to write.
final class PDFTextLayerTests: XCTestCase {
    private static let prose = """
    <p align="justify" letter-spacing="-2 0 4">The keepers climb the stairs at dusk, and a visitor may follow the story of the lamp that never went out in the log. The older keeper greets every boat in the harbour, and the boats answer with their horns, one after the other, until the last of them has passed the rocks and the light turns back to the sea.
    """

    private struct Output {
        var pdf: String
        var layout: [String: Any]
    }

    private func typeset(_ markup: String, fontSize: Double = 10) throws -> Output {
        let directory = try makeTemporaryDirectory()
        let input = directory.appendingPathComponent("doc.txt")
        try write(markup, to: input)
        var options = TypesetOptions()
        options.fontsDirectory = TestSupport.fontsDirectory
        options.fontFamily = "Liberation Serif"
        options.fontSize = fontSize
        options.layoutJSONPath = directory.appendingPathComponent("layout.json").path
        let output = directory.appendingPathComponent("doc.pdf").path
        let report = try Typesetter(options: options).typeset(inputPath: input.path, outputPath: output)
        XCTAssertEqual(report.diagnostics, [])
        let json = try Data(contentsOf: URL(fileURLWithPath: options.layoutJSONPath!))
        let layout = try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [String: Any])
        return Output(pdf: output, layout: layout)
    }

    /// Where each word begins on the first page as layout placed it: the first glyph of the
    /// line and each glyph after a space, line by line.
    private func wordStarts(in layout: [String: Any], text: String) throws -> [Double] {
        let pages = try XCTUnwrap(layout["pages"] as? [[String: Any]])
        let units = Array(text.utf16)
        var starts: [Double] = []
        for frame in try XCTUnwrap(pages.first?["frames"] as? [[String: Any]]) {
            for line in try XCTUnwrap(frame["lines"] as? [[String: Any]]) {
                let origin = try XCTUnwrap(line["origin"] as? [String: Double])
                var afterSpace = true
                for run in try XCTUnwrap(line["runs"] as? [[String: Any]]) {
                    for glyph in try XCTUnwrap(run["glyphs"] as? [[Double]]) {
                        let cluster = Int(glyph[3])
                        let isSpace = cluster >= 0 && cluster < units.count && units[cluster] == 0x20
                        if afterSpace, !isSpace { starts.append(origin["x"]! + glyph[1]) }
                        afterSpace = isSpace
                    }
                }
            }
        }
        return starts
    }

    /// `pdftotext -bbox`'s words of the first page: their text and left edge.
    private func words(of pdf: String) throws -> [(text: String, x: Double)] {
        guard let boxes = TestSupport.runTool("/usr/bin/pdftotext", ["-bbox", "-f", "1", "-l", "1", pdf, "-"]) else {
            throw XCTSkip("pdftotext is not installed")
        }
        return boxes.components(separatedBy: "<word ").dropFirst().compactMap { word in
            guard let range = word.range(of: "xMin=\""), let x = Double(word[range.upperBound...].prefix { $0 != "\"" }),
                  let start = word.firstIndex(of: ">"), let end = word.range(of: "</word>") else { return nil }
            return (String(word[word.index(after: start) ..< end.lowerBound]), x)
        }
    }

    /// MuPDF's words of the first page (`mutool draw -F stext`): their text and left edge, nil
    /// when MuPDF is not installed.
    private func mupdfWords(of pdf: String) -> [(text: String, x: Double)]? {
        guard let xml = TestSupport.runTool("/usr/bin/mutool", ["draw", "-q", "-F", "stext", "-o", "-", pdf, "1"]) else { return nil }
        var words: [(text: String, x: Double)] = []
        var inWord = false
        for line in xml.components(separatedBy: "<line ").dropFirst() {
            inWord = false
            for char in line.components(separatedBy: "<char ").dropFirst() {
                guard let xRange = char.range(of: " x=\""), let x = Double(char[xRange.upperBound...].prefix { $0 != "\"" }),
                      let cRange = char.range(of: " c=\"") else { continue }
                let text = String(char[cRange.upperBound...].prefix { $0 != "\"" })
                if text == " " {
                    inWord = false
                } else if inWord {
                    words[words.count - 1].text += text
                } else {
                    words.append((text, x))
                    inWord = true
                }
            }
        }
        return words
    }

    /// pypdf's text of the first page.
    private func pypdfText(of pdf: String) throws -> String {
        let tools = PDFCheck.pyPITools.path
        guard FileManager.default.fileExists(atPath: tools + "/pypdf") else { throw XCTSkip("pypdf is not installed; make deps installs it") }
        let script = "import sys; sys.path.insert(0, sys.argv[1]); import pypdf; print(pypdf.PdfReader(sys.argv[2]).pages[0].extract_text())"
        return try XCTUnwrap(TestSupport.runTool("/usr/bin/python3", ["-c", script, tools, pdf]))
    }

    /// The page's content streams, uncompressed, one string each, in order.
    private func contentStreams(of pdf: String) throws -> [String] {
        let directory = try makeTemporaryDirectory()
        let expanded = directory.appendingPathComponent("qdf.pdf").path
        guard TestSupport.runTool("/usr/bin/qpdf", ["--qdf", "--object-streams=disable", "--pages", pdf, "1", "--", pdf, expanded]) != nil else {
            throw XCTSkip("qpdf is not installed")
        }
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: expanded)), as: UTF8.self)
        return text.components(separatedBy: "%% Contents for page 1").dropFirst().compactMap { part in
            guard let start = part.range(of: "stream\n"), let end = part.range(of: "\nendstream") else { return nil }
            return String(part[start.upperBound ..< end.lowerBound])
        }
    }

    func testEveryWordStartsWhereLayoutPutItToAHundredthOfAPoint() throws {
        let output = try typeset(Self.prose)
        let text = String(Self.prose.drop { $0 != ">" }.dropFirst())
        let expected = try wordStarts(in: output.layout, text: text)
        // MuPDF's words drift from poppler's along a line, by up to 0.04 pt on this page: its own
        // arithmetic.
        var readers = [("poppler", try words(of: output.pdf), 0.016)]
        if let mupdf = mupdfWords(of: output.pdf) { readers.append(("MuPDF", mupdf, 0.05)) }
        for (reader, found, accuracy) in readers {
            XCTAssertEqual(found.count, expected.count, "\(reader): one word of the PDF for each of the layout's")
            XCTAssertGreaterThan(found.count, 50, reader)
            for (word, x) in zip(found, expected) {
                // The layout's positions are rounded to a hundredth of a point, a TJ number to a
                // thousandth of the font size (a hundredth of a point here).
                XCTAssertEqual(word.x, x, accuracy: accuracy, "\(reader): \(word.text)")
            }
        }
    }

    func testAJustifiedLineSaysItsLetterAndWordSpacingOnce() throws {
        let output = try typeset(Self.prose)
        let streams = try contentStreams(of: output.pdf)
        let text = try XCTUnwrap(streams.last { $0.contains("TJ") }, "the layer's stream holds the text")
        XCTAssertFalse(streams.dropLast().contains { $0.contains("TJ") || $0.contains("Tj") }, "Cairo's stream holds no text")
        XCTAssertTrue(text.contains(" Tc\n"), "letter spacing is the text state's")
        XCTAssertTrue(text.contains(" Tw\n"), "so is the word spaces' stretch: code 32 of a simple font")
        // Numbers in the TJ arrays: a kern here and there, not one a word space or a glyph.
        var numbers = 0, glyphs = 0
        for array in text.components(separatedBy: "[").dropFirst() {
            guard let end = array.range(of: "]TJ") else { continue }
            // qpdf's QDF output writes a string of printable bytes as a literal, others in
            // hexadecimal: a glyph is a byte either way (a simple font's code).
            var hex: String?, literal = false, escaped = false
            var previous: Character = " "
            for character in array[..<end.lowerBound] {
                if var digits = hex {
                    if character == ">" {
                        glyphs += digits.count / 2
                        hex = nil
                    } else {
                        digits.append(character)
                        hex = digits
                    }
                } else if literal {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                        glyphs += 1
                    } else if character == ")" {
                        literal = false
                    } else {
                        glyphs += 1
                    }
                } else if character == "<" {
                    hex = ""
                } else if character == "(" {
                    literal = true
                } else if character.isNumber || character == "-", !(previous.isNumber || previous == "-" || previous == ".") {
                    numbers += 1
                }
                previous = character
            }
        }
        let words = text.utf8.count > 0 ? try self.words(of: output.pdf).count : 0
        XCTAssertGreaterThan(glyphs, 250)
        XCTAssertGreaterThan(words, 50)
        XCTAssertLessThanOrEqual(numbers, words / 5, "a number at a kern, where Cairo wrote one a glyph")
    }

    /// Outlined text is the layer's too, painted by the text rendering mode: filled then
    /// outlined (`2 Tr`) in the outline's colour and width (3 % of 40 pt, round joins), or, for
    /// a positive stroke width, outlined alone (`1 Tr`), which a reader still extracts; plain
    /// text after it goes back to filling (`0 Tr`). Cairo draws no path for it.
    func testOutlinedTextIsWrittenWithItsRenderingMode() throws {
        let output = try typeset("""
        <p align="left" balance="false"><font size="40" color="#ff0000" strokeColor="#0000ff">Ghoul</font> <font size="40" strokeColor="#00ff00" strokeWidth="2">Wraith</font> plain
        """)
        let streams = try contentStreams(of: output.pdf)
        let text = try XCTUnwrap(streams.last { $0.contains("TJ") })
        for expected in ["0 0 1 RG\n", "1.2 w\n", "1 j\n", "2 Tr\n", "0 1 0 RG\n", "0.8 w\n", "1 Tr\n", "0 Tr\n"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in \(text)")
        }
        let modes = text.components(separatedBy: "\n").filter { $0.hasSuffix(" Tr") }
        XCTAssertEqual(modes, ["2 Tr", "0 Tr", "1 Tr", "0 Tr"], "filled and outlined, the space filled, outlined, then filled")
        XCTAssertFalse(streams.dropLast().contains { $0.contains(" c\n") || $0.contains(" S\n") }, "no outline drawn as a path by Cairo")
        guard let extracted = TestSupport.runTool("/usr/bin/pdftotext", [output.pdf, "-"]) else { throw XCTSkip("pdftotext is not installed") }
        XCTAssertEqual(extracted.split(whereSeparator: \.isWhitespace), ["Ghoul", "Wraith", "plain"])
    }

    /// Text Cairo paints something of is the layer's too, written where it is read: a drop
    /// cap's initial (in its paragraph's sequence, before the line beside it), translucent text
    /// (its opacity a graphics state's `/ca`), shadowed text (the shadow Cairo's outlines, an
    /// artifact) and an emoji (its picture Cairo's, its text an invisible Type 3 font's). Cairo's
    /// streams hold no text at all, so a reader reads none of it before the rest of the page.
    func testTextWithADropCapATranslucencyAShadowOrAnEmojiIsTheLayers() throws {
        let output = try typeset("""
        <p align="left">Alpha opens the page.
        <p align="left" dropcap="2">Bravo has a drop cap and goes on long enough to fill the two lines beside its initial and more.
        <p align="left"><font color="rgba(0, 0, 0, 0.5)">Charlie</font> is translucent, <font shadow="1 1 0 #808080">Delta</font> is shadowed, Echo 😀 smiles.
        """)
        let streams = try contentStreams(of: output.pdf)
        XCTAssertFalse(streams.dropLast().contains { $0.contains("BT\n") }, "Cairo's streams hold no text")
        let text = try XCTUnwrap(streams.last)
        XCTAssertTrue(text.contains("/TG0 gs\n"), "the translucent word's opacity")
        guard let extracted = TestSupport.runTool("/usr/bin/pdftotext", ["-raw", output.pdf, "-"]) else { throw XCTSkip("pdftotext is not installed") }
        let words = extracted.split(whereSeparator: \.isWhitespace).map(String.init)
        XCTAssertEqual(Array(words.prefix(5)), ["Alpha", "opens", "the", "page.", "Bravo"])
        XCTAssertEqual(Array(words.suffix(9)), ["Charlie", "is", "translucent,", "Delta", "is", "shadowed,", "Echo", "😀", "smiles."], "\(words)")
    }

    /// An emoji's invisible Type 3 glyph has its cell as its box (`InvisibleFontObjects`):
    /// pdfium gives no character for a glyph whose `d1` box is empty.
    func testAnEmojisInvisibleGlyphHasItsCellAsItsBox() throws {
        let output = try typeset("<p align=\"left\">Echo 😀 smiles.\n")
        let expanded = try makeTemporaryDirectory().appendingPathComponent("qdf.pdf").path
        guard TestSupport.runTool("/usr/bin/qpdf", ["--qdf", "--object-streams=disable", output.pdf, expanded]) != nil else {
            throw XCTSkip("qpdf is not installed")
        }
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: expanded)), as: UTF8.self)
        let procedures = text.split(separator: "\n").filter { $0.hasSuffix(" d1") }
        XCTAssertFalse(procedures.isEmpty, "the emoji's Type 3 font")
        for procedure in procedures {
            let box = procedure.split(separator: " ").dropLast().compactMap { Double($0) }
            XCTAssertEqual(box.count, 6, String(procedure))
            guard box.count == 6 else { continue }
            XCTAssertLessThan(box[2], box[4], String(procedure))
            XCTAssertLessThan(box[3], box[5], String(procedure))
        }
    }

    func testTheTextReadsBackAsWritten() throws {
        let markup = "<p align=\"left\">An officer’s affluent fiancée waffled: “Fifty-five fine fish!” — naïve, and ﬁne.\n"
        let output = try typeset(markup)
        guard let text = TestSupport.runTool("/usr/bin/pdftotext", ["-raw", output.pdf, "-"]) else {
            throw XCTSkip("pdftotext is not installed")
        }
        XCTAssertEqual(text.split(whereSeparator: \.isWhitespace).joined(separator: " "),
                       "An officer’s affluent fiancée waffled: “Fifty-five fine fish!” — naïve, and ﬁne.")
        guard let fonts = TestSupport.runTool("/usr/bin/pdffonts", [output.pdf]) else { throw XCTSkip("pdffonts is not installed") }
        let rows = fonts.split(separator: "\n").dropFirst(2)
        XCTAssertFalse(rows.isEmpty)
        for row in rows {
            let columns = row.split(separator: " ")
            // emb sub uni: every font embedded, as a subset, with a ToUnicode map.
            XCTAssertEqual(Array(columns.suffix(5).prefix(3)), ["yes", "yes", "yes"], String(row))
        }
    }

    /// A space character other than the word space is written with the glyph after it in one
    /// `/ActualText` span (`SpaceCharacters`): poppler, which skips a glyph whose text is only
    /// white space, then gives French's narrow no-break spaces and a no-break space back
    /// (issue 35), and the readers of the ToUnicode map alone still read each glyph's code.
    func testASpaceOtherThanTheWordSpaceIsReadWithTheCharacterAfterIt() throws {
        let output = try typeset("<p lang=\"fr\" align=\"left\">Pourquoi ? « Oui » et 12\u{A0}% ! « <i>Non</i> »\n")
        let streams = try contentStreams(of: output.pdf)
        XCTAssertTrue(streams.contains { $0.contains("/ActualText <feff202f003f>") }, "the narrow space and the question mark")
        XCTAssertTrue(streams.contains { $0.contains("/ActualText <feff00a00025>") }, "the no-break space and the per cent sign")
        XCTAssertTrue(streams.contains { $0.contains("/ActualText <feff00ab202f>") }, "the space ending a run, with the mark before it")
        guard let text = TestSupport.runTool("/usr/bin/pdftotext", ["-raw", output.pdf, "-"]) else {
            throw XCTSkip("pdftotext is not installed")
        }
        XCTAssertEqual(text.split(whereSeparator: { $0 == " " || $0.isNewline }),
                       ["Pourquoi\u{202F}?", "«\u{202F}Oui\u{202F}»", "et", "12\u{A0}%\u{202F}!", "«\u{202F}Non\u{202F}»"])
    }

    /// A lam-alef ligature is drawn as two glyphs for two letters: inside its `/ActualText`
    /// span each glyph's code reads as one of them (`ClusterCharacters`), so that MuPDF, which
    /// ignores the span, reads the word's letters (in the order drawn: it reverses nothing).
    func testALigatureOfAsManyGlyphsAsLettersReadsAsThemWithoutItsSpan() throws {
        let output = try typeset("<p dir=\"rtl\" align=\"right\">كاملة لأول مرة\n")
        guard let text = TestSupport.runTool("/usr/bin/mutool", ["draw", "-q", "-F", "txt", "-o", "-", output.pdf]) else {
            throw XCTSkip("mutool is not installed")
        }
        let readBackwards = String(String.UnicodeScalarView(text.unicodeScalars.reversed()))
        XCTAssertTrue(readBackwards.contains("لأول"), "MuPDF read: \(text)")
    }

    /// A letter and its mark (a shadda, a damma) are one cluster in an `/ActualText` span, the
    /// mark drawn back over the letter: the span ends where the letter does (`spanReach`), so
    /// that poppler, which takes a span's extent to its last glyph's advance, reads the letters
    /// after it on in the same word, not a gap away ("الع" and "بّارة").
    func testAWordWithAMarkIsReadWholeByPoppler() throws {
        let output = try typeset("<p dir=\"rtl\" align=\"right\"><font face=\"Noto Naskh Arabic\">تعود العبّارة حيث استُبدلت وجُدّدت قاعة</font>\n")
        guard let text = TestSupport.runTool("/usr/bin/pdftotext", ["-raw", output.pdf, "-"]) else {
            throw XCTSkip("pdftotext is not installed")
        }
        let words = text.unicodeScalars.filter { !["\u{202B}", "\u{202C}"].contains($0) }
        XCTAssertEqual(String(String.UnicodeScalarView(words)).split(whereSeparator: { $0 == " " || $0.isNewline }),
                       ["تعود", "العبّارة", "حيث", "استُبدلت", "وجُدّدت", "قاعة"])
    }

    /// pypdf reads what follows right-to-left letters backwards with them until a `Tf`: the run
    /// after a right-to-left one starts with its own, so that the space after "مرحبا" in a
    /// left-to-right line is read after the word, not before it.
    func testTheRunAfterARightToLeftWordIsReadAfterIt() throws {
        let output = try typeset("<p align=\"left\">Hello, مرحبا from Cairo.\n")
        let text = try pypdfText(of: output.pdf)
        XCTAssertEqual(text.split(whereSeparator: \.isWhitespace), ["Hello,", "مرحبا", "from", "Cairo."])
    }

    /// pypdf measures a `Td` along a line by the glyphs' widths and the letter spacing alone,
    /// never `Tw`: a justified line with a raised note mark writes its word spaces' stretch as
    /// `TJ` numbers, so that the `Td` to the mark shows no gap and the mark reads with its word.
    /// (Nor does it count `Tz`: with its glyphs scaled the line still reads "1887. 1".)
    func testARaisedMarkOnAJustifiedLineIsReadWithItsWord() throws {
        let output = try typeset("""
        <p align="justify" glyph-scaling="100 100 100">The parish bought the book in 1887.<footnote>Parish minutes, 14 March 1887.</footnote> It was kept in the vestry for forty years, in an oak chest with three locks, and read aloud on the feast of the patron saint every year until the war.

        """)
        let text = try pypdfText(of: output.pdf)
        XCTAssertTrue(text.contains("in 1887.1 It was kept"), "pypdf read: \(text)")
    }

    /// The mark before a note's text stands a third of the note's size above it, under half
    /// its own size: poppler reads it on the note's line, with the note's first word. Raised as
    /// `<sup>` raises (exactly half its size, poppler's limit for one line) it read "1", then
    /// "Parish" on a line of its own, at 11 pt (at 10 pt it read joined: rounding decided).
    func testANotesMarkIsReadWithTheNotesFirstWord() throws {
        let output = try typeset("The parish bought the book in 1887.<footnote>Parish minutes, 14 March 1887.</footnote> It was kept in the vestry.\n", fontSize: 11)
        guard let text = TestSupport.runTool("/usr/bin/pdftotext", ["-raw", output.pdf, "-"]) else { throw XCTSkip("pdftotext is not installed") }
        XCTAssertTrue(text.contains("1\u{A0}Parish minutes"), "poppler read: \(text)")
    }

    /// pypdf counts neither `Tz` nor `Tw` when it measures a `Td` along a line: on justified
    /// lines of scaled glyphs, a raised mark and an italic word's full stop, each a run of its
    /// own, go on from the pen of the run before with a text rise and a `TJ` number, no `Td`,
    /// and read with their words (before: "lend .").
    func testRunsOnALineOfScaledGlyphsGoOnFromThePen() throws {
        let output = try typeset("""
        <style name="body" line-height="13pt" space-after="0" indent="10"/>
        <section columns="3" gutter="14">
        <p style="body">The parish lost it the first time in 1941, when the vestry was used as a store for the fire watch and the chest was moved to the crypt. It was found there in 1946 by a choirboy looking for a football.<footnote>The choirboy, Dennis Carrow, later became churchwarden; he told the story at every vestry meeting.</footnote> The damp had done less harm than anyone feared: the boards had warped, but the leaves were sound.
        <p style="body">The keys turned up in 2011, when the organ was rebuilt. They were in a biscuit tin in the organ loft, with a note in the hand of the 1978 churchwarden: <i>chest — do not lend</i>. The book was inside the chest, wrapped in a surplice, with the 1948 photographs beside it.
        </section>

        """)
        let text = try pypdfText(of: output.pdf).split(whereSeparator: \.isWhitespace)
        XCTAssertTrue(text.contains("football.1"), "pypdf read: \(text)")
        XCTAssertTrue(text.contains("lend."), "pypdf read: \(text)")
    }
}
