import Fonts
import Layout
import Markup
import Shaping
import Text
import XCTest

/// Right-to-left and mixed-direction lines, CJK justification and line breaking, and font
/// fallback as layout uses it — with the real fonts `make deps` installs.
final class InternationalLayoutTests: XCTestCase {
    private var library: FontLibrary!

    override func setUpWithError() throws {
        library = try TestSupport.makeFontLibrary()
    }

    private func frames(_ markup: String, width: Double = 240, height: Double = 2_000) throws -> (Framesetter, [Frame]) {
        let document = TestSupport.parse(markup, baseDirectory: TestSupport.imagesDirectory.path)
        XCTAssertFalse(document.hasErrors, "\(document.diagnostics)")
        let setter = Framesetter(text: document.text, fonts: try TestSupport.fontTable(for: document, library: library))
        var frames: [Frame] = []
        var position = 0
        var carry = FlowCarry.none
        while position < setter.text.length {
            let result = setter.frame(in: Container(rect: Rect(x: 50, y: 50, width: width, height: height)), from: position, carrying: carry)
            let frame = result.frame
            carry = result.carry
            frames.append(frame)
            position = frame.visibleRange.upperBound
        }
        return (setter, frames)
    }

    private func lines(_ markup: String, width: Double = 240) throws -> (AttributedText, [Line]) {
        let (setter, frames) = try self.frames(markup, width: width)
        return (setter.text, frames.flatMap(\.lines))
    }

    private func text(of run: GlyphRun, in text: AttributedText) -> String {
        text.substring(run.stringRange)
    }

    // MARK: Right to left

    func testARightToLeftParagraphReadsFromTheRightAndIsFlushRight() throws {
        let (text, lines) = try lines("שלום עולם, זה טקסט בעברית שהוא ארוך מספיק כדי לעבור לשורה הבאה ולהיות מיושר.")
        XCTAssertGreaterThan(lines.count, 1)
        for line in lines {
            // Justified lines fill the measure; the last one ends at the right edge too.
            XCTAssertEqual(line.origin.x + line.width, 290, accuracy: 0.01, "line \(line.stringRange)")
            // Within the line, later characters are further left.
            let glyphs = line.runs.flatMap { run in zip(run.clusters, run.positions).filter { $0.0 >= 0 } }
            let byOffset = glyphs.sorted { $0.0 < $1.0 }
            for (earlier, later) in zip(byOffset, byOffset.dropFirst()) where earlier.0 != later.0 {
                XCTAssertGreaterThan(earlier.1.x, later.1.x, "\(earlier.0) is right of \(later.0)")
            }
        }
        XCTAssertTrue(lines[0].runs.allSatisfy(\.isRightToLeft))
        XCTAssertTrue(text.substring(lines[0].stringRange).hasPrefix("שלום"))
    }

    func testARightToLeftWordInsideEnglishIsReversedInPlace() throws {
        let (text, lines) = try lines("The word שלום עולם means hello world.", width: 400)
        let runs = lines[0].runs
        let order = runs.map { self.text(of: $0, in: text).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        XCTAssertEqual(order, ["The word", "שלום עולם", "means hello world."])
        let hebrew = try XCTUnwrap(runs.first { $0.isRightToLeft })
        // Visual order: the glyph of the first letter (ש) is the rightmost.
        let first = try XCTUnwrap(zip(hebrew.clusters, hebrew.positions).min { $0.0 < $1.0 })
        XCTAssertEqual(first.1.x, hebrew.positions.map(\.x).max()!, accuracy: 0.001)
        XCTAssertFalse(hebrew.font.familyName.contains("Pagella"), "Hebrew comes from a fallback face")
        XCTAssertTrue(hebrew.font.hasGlyph(for: "ש"))
    }

    func testNumbersAndEnglishInsideRightToLeftTextStayLeftToRight() throws {
        let (text, lines) = try lines("שלום abc 123 עולם", width: 400)
        let runs = lines[0].runs
        // Visually from the left: עולם, then "abc 123" left to right, then שלום.
        let visual = runs.map { self.text(of: $0, in: text).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        XCTAssertEqual(visual.first, "עולם")
        XCTAssertEqual(visual.last, "שלום")
        let latin = runs.filter { !$0.isRightToLeft }
        XCTAssertFalse(latin.isEmpty)
        for run in latin {
            XCTAssertEqual(run.positions.map(\.x), run.positions.map(\.x).sorted(), "left-to-right glyphs go right")
        }
    }

    func testBracketsAreMirroredInRightToLeftText() throws {
        let (_, rtl) = try lines("א (ב) ג", width: 400)
        let (_, ltr) = try lines("a (b) c", width: 400)
        func glyph(of offset: Int, in lines: [Line]) -> UInt32? {
            for run in lines[0].runs { if let index = run.clusters.firstIndex(of: offset) { return run.glyphIDs[index] } }
            return nil
        }
        // In right-to-left text "(" is drawn with the glyph of ")" (Bidi_Mirrored), and vice versa.
        let rtlOpen = try XCTUnwrap(glyph(of: 2, in: rtl)), ltrClose = try XCTUnwrap(glyph(of: 4, in: ltr))
        let rtlRun = rtl[0].runs.first { $0.clusters.contains(2) }!, ltrRun = ltr[0].runs.first { $0.clusters.contains(4) }!
        if rtlRun.font === ltrRun.font {
            XCTAssertEqual(rtlOpen, ltrClose)
        } else {
            XCTAssertNotEqual(rtlOpen, glyph(of: 4, in: rtl))
        }
    }

    func testAPictureInsideRightToLeftTextKeepsItsPlace() throws {
        let (text, lines) = try lines("אבג <img src=\"rgb8.png\" width=\"20\" height=\"10\"> דהו", width: 400)
        let runs = lines[0].runs
        let picture = try XCTUnwrap(runs.first { $0.runDelegate != nil })
        let before = try XCTUnwrap(runs.first { self.text(of: $0, in: text).contains("אבג") })
        let after = try XCTUnwrap(runs.first { self.text(of: $0, in: text).contains("דהו") })
        // Read from the right: אבג, the picture, דהו.
        XCTAssertGreaterThan(before.x, picture.x)
        XCTAssertGreaterThan(picture.x, after.x)
    }

    func testArabicIsJoined() throws {
        let (_, joined) = try lines("ببب", width: 400)
        let (_, alone) = try lines("ب", width: 400)
        let joinedGlyphs = Set(joined[0].runs.flatMap(\.glyphIDs))
        let isolated = try XCTUnwrap(alone[0].runs.first?.glyphIDs.first)
        // Initial, medial and final forms: three glyphs, none the isolated form.
        XCTAssertEqual(joinedGlyphs.count, 3)
        XCTAssertFalse(joinedGlyphs.contains(isolated))
    }

    func testACharacterAndItsMarksShareAFace() throws {
        // Hebrew with vowel points, Devanagari with a virama and vowel sign, a skin-toned emoji.
        let (text, lines) = try lines("שָׁלוֹם नमस्ते 👋🏽", width: 400)
        for run in lines[0].runs where !text.substring(run.stringRange).allSatisfy(\.isWhitespace) {
            XCTAssertFalse(run.glyphIDs.contains(0), "a missing glyph in \(text.substring(run.stringRange)) (\(run.font.familyName))")
        }
        let wave = try XCTUnwrap(lines[0].runs.first { text.substring($0.stringRange).unicodeScalars.contains("👋") })
        XCTAssertEqual(text.substring(wave.stringRange), "👋🏽", "the skin tone is in the emoji's run")
    }

    func testEmojiAreSetInTheEmojiFace() throws {
        let (text, lines) = try lines("Signed 🧟 and 😀.", width: 400)
        let emoji = lines[0].runs.filter { text.substring($0.stringRange).unicodeScalars.contains { $0.properties.isEmojiPresentation } }
        XCTAssertFalse(emoji.isEmpty)
        for run in emoji {
            XCTAssertEqual(run.font.familyName, "Noto Color Emoji")
            XCTAssertFalse(run.glyphIDs.contains(0), "no missing-glyph box")
        }
        // The emoji do not make the line taller than the text face's line.
        let (_, plain) = try self.lines("Signed and.", width: 400)
        XCTAssertEqual(lines[0].height, plain[0].height, accuracy: 0.001)
    }

    func testADirAttributeSetsTheDirection() throws {
        let (_, lines) = try lines("<p dir=\"rtl\">abc def", width: 400)
        XCTAssertEqual(lines[0].origin.x + lines[0].width, 450, accuracy: 0.01, "right-to-left: flush right")
    }

    // MARK: CJK

    private static let chinese = """
    在一个寒冷的冬夜，城市的街道上空无一人。路灯昏黄的光芒洒在湿漉漉的石板路上，远处传来一阵低沉的呻吟声。\
    人们早已躲进家中，紧锁门窗，祈祷黎明早些到来。据说，这种“行尸”最初出现在北方的小镇，后来沿着铁路一路南下，\
    所到之处，无不人心惶惶。科学家们众说纷纭：有人认为是一种新型病毒（代号Z-19），也有人坚持说这是古老诅咒的复苏。\
    无论真相如何，生存才是第一要务！本期杂志为您整理了《僵尸生存指南》的精华内容：如何储备食物、如何加固房屋。
    """

    func testChineseIsJustifiedToAStraightRightEdge() throws {
        let (text, lines) = try lines(Self.chinese, width: 233)
        XCTAssertGreaterThan(lines.count, 8)
        for line in lines.dropLast() {
            XCTAssertEqual(line.origin.x, 50, accuracy: 0.001)
            XCTAssertEqual(line.width, 233, accuracy: 0.01, "line \(text.substring(line.stringRange))")
        }
        XCTAssertLessThan(lines.last!.width, 233)
        let face = try XCTUnwrap(lines[0].runs.first?.font)
        XCTAssertTrue(face.familyName.contains("CJK"), "a CJK face with no font named, got \(face.familyName)")
    }

    /// Six columns of 72 pt (a designer's page): a line of six characters, which the full stop
    /// or comma that may not start the next line leaves short, was set flush left, a 12 pt hole
    /// at its end, as a line spaced out beside a picture is: judged on word spaces, which
    /// Chinese has none of. Its gaps open instead (InterCharacterGap.spacedOutPerEm).
    func testChineseInANarrowColumnIsASolidBlock() throws {
        let eels = "那时候，鳗鱼是沼泽居民的日常食物，也是一种货币。在一千零八十六年的末日审判书中，沼泽地区的庄园以鳗鱼缴纳地租："
            + "仅一地，每年就要缴纳两万四千条。伊利大教堂的修建费用，有一部分也是用鳗鱼支付的。"
        let (text, lines) = try lines("<p align=\"justify\"><font face=\"Noto Serif CJK SC\" size=\"10\">\(eels)</font></p>", width: 72)
        XCTAssertTrue(lines.dropLast().contains { $0.runs.reduce(0) { $0 + $1.glyphIDs.count } < 7 }, "a line of six characters")
        for line in lines.dropLast() {
            XCTAssertEqual(line.width, 72, accuracy: 0.01, "line \(text.substring(line.stringRange))")
        }
    }

    /// A line whose full stop fits only at half its width: JIS X 4051 and CLREQ set a line-end
    /// full stop half wide, its blank half given up, before spreading the characters. Without
    /// it "四。" could not end the first line (the stop may not start the next), and the line
    /// was spread over thirteen characters.
    func testALineEndFullStopGivesUpItsBlankHalf() throws {
        let (text, lines) = try lines("<p align=\"justify\"><font face=\"Noto Serif CJK SC\" size=\"10\">"
            + "一二三四五六七八九十一二三四。五六七八九十一二三四五六七八九。</font></p>", width: 145)
        let first = try XCTUnwrap(lines.first)
        XCTAssertEqual(text.substring(first.stringRange), "一二三四五六七八九十一二三四。")
        XCTAssertEqual(first.width, 145, accuracy: 0.01)
        // The characters keep their cells: only the stop's blank half is given up.
        let run = try XCTUnwrap(first.runs.first)
        guard run.positions.count == 15 else { return XCTFail("one run of the line's fifteen glyphs") }
        XCTAssertEqual(run.positions[14].x - run.positions[0].x, 140, accuracy: 0.01)
    }

    func testNoLineStartsWithClosingPunctuationOrEndsWithOpeningPunctuation() throws {
        for width in stride(from: 120.0, through: 260, by: 7) {
            let (text, lines) = try lines(Self.chinese, width: width)
            for line in lines {
                let shown = text.substring(line.stringRange).trimmingCharacters(in: .newlines)
                guard let first = shown.first, let last = shown.last else { continue }
                XCTAssertFalse("，。、；：？！）」』》”".contains(first), "width \(width): line starts with \(first): \(shown)")
                XCTAssertFalse("（「『《“".contains(last), "width \(width): line ends with \(last): \(shown)")
            }
        }
    }

    func testLatinWordsInsideChineseKeepTheirOwnSpacing() throws {
        let (text, lines) = try lines(Self.chinese, width: 233)
        let start = Array(text.storage).firstIndex(of: UInt16(UInt8(ascii: "Z")))!
        let line = try XCTUnwrap(lines.first { $0.stringRange.contains(start) })
        let run = try XCTUnwrap(line.runs.first { $0.stringRange.contains(start) })
        XCTAssertEqual(text.substring(run.stringRange), "Z-19", "the Latin word is an item of its own")
        // Letters follow each other by the font's advances: no inter-character stretch inside.
        let shaped = Shaper().shape(Array("Z-19".utf16), font: run.font)
        let scale = run.font.scale(for: run.fontSize)
        for index in 0 ..< 3 {
            XCTAssertEqual(run.positions[index + 1].x - run.positions[index].x, Double(shaped.advances[index]) * scale, accuracy: 0.01)
        }
    }
}
